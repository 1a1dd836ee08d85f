import Foundation

/// The replay start-up figure of `bench serve`: one cassette of N interactions (the mixed workload's 50, then GETs
/// of 1 KB items), `harness serve --mode replay` started over it, timed from spawning the process to the first 200
/// answering a recorded request (health does not count); then wrk for the first seconds right after, walking every
/// interaction of the cassette in a stride (so each is first asked for under load), for its p99; then the server's
/// RSS and peak RSS.
enum BenchStartup {
    /// Seconds of load right after the first answer.
    static let loadSeconds = 8

    /// One start's figures.
    struct Run {
        var firstAnswer: Double
        var p99: Double?
        var rate: Double?
        var errors = 0
        var resident: Double
        var peak: Double
    }

    static func measure(
        binary: URL, wrk: URL?, interactions: Int, rounds: Int, root: URL
    ) async throws {
        let folder = root.appendingPathComponent("one")
        let bytes = try BenchCassettes.writeOne(interactions: interactions, into: folder)
        // The bench vendor has no contract: an empty schema folder keeps the figure from depending on the folder
        // the bench runs in (from the repository root, serve would load Schemas/ for the live check first).
        let schemas = root.appendingPathComponent("no-schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        let script = root.appendingPathComponent("startup.lua")
        try Data(wrkScript(interactions: interactions).utf8).write(to: script)
        let load = BenchLoad(wrk: wrk, seconds: loadSeconds)
        print(
            "  replay start-up, one cassette of \(Figures.grouped(Double(interactions))) interactions "
                + "(\(String(format: "%.1f", Double(bytes) / 1_048_576)) MB), spawn to the first replayed 200, then "
                + "wrk -t2 -c32 for \(loadSeconds) s over every interaction:")
        // The first start over a new cassette reads it in full and writes the derived index; later starts read that.
        let arguments = ["--cassettes", folder.path, "--schemas", schemas.path]
        let cold = try await start(binary: binary, arguments: arguments, load: nil, script: script)
        var runs: [Run] = []
        for _ in 0..<rounds {
            runs.append(try await start(binary: binary, arguments: arguments, load: load, script: script))
        }
        let answers = runs.map(\.firstAnswer)
        print(
            "    first replayed 200: \(milliseconds(answers)) (target <= 100 ms; first start over the new cassette "
                + "\(String(format: "%.0f", cold.firstAnswer)) ms)")
        let latencies = runs.compactMap(\.p99)
        if !latencies.isEmpty {
            let rates = runs.compactMap(\.rate)
            let errors = runs.map(\.errors).reduce(0, +)
            print(
                "    first \(loadSeconds) s of load: p99 \(milliseconds(latencies, digits: 2)) (target <= 5 ms), "
                    + "\(Figures.grouped(Figures.median(rates))) req/s"
                    + (errors > 0 ? ", \(errors) errors or non-2xx answers" : ""))
        } else {
            print("    wrk is not installed (apt-get install -y wrk): no p99 under load")
        }
        print(
            "    RSS after the load \(milliseconds(runs.map(\.resident), unit: "MB")), peak "
                + "\(milliseconds(runs.map(\.peak), unit: "MB")) (target <= 150 MB)")
    }

    /// Starts the server in replay mode with `arguments`, times its first replayed 200, then loads it.
    private static func start(binary: URL, arguments: [String], load: BenchLoad?, script: URL) async throws -> Run {
        let port = try BenchProcess.freePort()
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--mode", "replay"] + arguments + ["--port", String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let target = BenchCassettes.catalogPath(BenchCassettes.mixedCount)
        while true {
            if let status = try? BenchProcess.request(
                port: port, method: "GET", path: target, headers: ["Accept": "application/json"])
            {
                guard status == 200 else { throw BenchError("GET \(target) answered \(status), not 200") }
                break
            }
            guard process.isRunning, start.duration(to: clock.now) < .seconds(30) else {
                throw BenchError("harness serve did not answer GET \(target) on port \(port)")
            }
            try await Task.sleep(for: .microseconds(500))
        }
        var run = Run(firstAnswer: start.duration(to: clock.now).seconds * 1000, resident: 0, peak: 0)
        if let load, let result = try load.run(port: port, path: "/", script: script) {
            run.p99 = milliseconds(wrk: result.p99)
            run.rate = result.requestsPerSecond
            run.errors = result.errors
        }
        run.resident = BenchProcess.residentMegabytes(pid: process.processIdentifier) ?? 0
        run.peak = BenchProcess.residentMegabytes(pid: process.processIdentifier, field: "VmHWM") ?? 0
        return run
    }

    /// A wrk script walking all `interactions` in a stride coprime with their count: the mixed workload's requests
    /// where the walk meets their numbers, GETs of the catalogue elsewhere. The GETs are written out with their
    /// headers in one order, as an SDK sends its requests: `wrk.format`'s header table comes out in a different order
    /// in each of wrk's threads (each has its own Lua state), which made the same URL two distinct requests in some
    /// runs and not in others.
    static func wrkScript(interactions: Int) -> String {
        let stride = interactions % 7_919 == 0 ? 7_907 : 7_919
        var lines = BenchCassettes.mixedRequestLines()
        lines += [
            "local count = \(interactions)", "local index = 0", "function request()", "  index = index + 1",
            "  local n = (index * \(stride)) % count", "  if n < #requests then return requests[n + 1] end",
            "  return \"GET \(BenchCassettes.catalogPath(0).dropLast())\" .. n .. "
                + "\" HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nAccept: application/json\\r\\n\\r\\n\"",
            "end",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// wrk's printed latency (`850.00us`, `1.23ms`, `2.10s`) in milliseconds.
    static func milliseconds(wrk text: String) -> Double? {
        for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * scale }
        }
        return nil
    }

    /// The median of `values`, with the range when there are several.
    private static func milliseconds(_ values: [Double], digits: Int = 0, unit: String = "ms") -> String {
        let format = "%.\(digits)f"
        let median = String(format: format, Figures.median(values)) + " \(unit)"
        guard values.count > 1, let low = values.min(), let high = values.max() else { return median }
        return median + " (median of \(values.count): \(String(format: format, low))–\(String(format: format, high)))"
    }
}
