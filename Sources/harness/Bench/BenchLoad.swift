import Foundation

/// wrk, when installed: one load figure per call.
struct BenchLoad {
    let wrk: URL?
    let seconds: Int

    /// What wrk measured.
    struct Result {
        var requestsPerSecond: Double
        /// wrk's 99th percentile, as printed (`1.23ms`).
        var p99: String
        /// Responses outside 2xx and 3xx, and socket errors.
        var errors: Int
        /// Requests answered during the run (wrk's "N requests in …").
        var requests = 0

        /// ``p99`` in milliseconds, or nil when wrk printed it in a form not read here.
        var p99Milliseconds: Double? {
            // wrk prints 850.00us, 1.23ms, 1.02s, 2.00m; "us" and "ms" are tried before "s".
            for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0), ("m", 60_000.0)]
            where p99.hasSuffix(suffix) {
                return Double(p99.dropLast(suffix.count)).map { $0 * scale }
            }
            return nil
        }

        var summary: String {
            "\(Figures.grouped(requestsPerSecond)) req/s, p99 \(p99)"
                + (errors > 0 ? ", \(Figures.grouped(Double(errors))) errors or non-2xx answers" : "")
        }

        /// The run with the median rate, and the range of rates when there were several: one figure per round,
        /// each round on a fresh server start, so a figure says how much it moves between starts.
        static func median(_ runs: [Result]) -> (median: Result, summary: String)? {
            let sorted = runs.sorted { $0.requestsPerSecond < $1.requestsPerSecond }
            guard !sorted.isEmpty else { return nil }
            let middle = sorted[sorted.count / 2]
            guard sorted.count > 1, let low = sorted.first, let high = sorted.last else {
                return (middle, middle.summary)
            }
            let range =
                "median of \(sorted.count): \(Figures.grouped(low.requestsPerSecond))–"
                + "\(Figures.grouped(high.requestsPerSecond))"
            return (middle, middle.summary + " (\(range))")
        }
    }

    /// `wrk -t2 -c<connections> -d<seconds>s --latency` on 127.0.0.1:port (with `script` choosing the requests,
    /// or `headers` added to GET path); one wrk thread for one connection; nil without wrk.
    func run(
        port: Int, path: String, connections: Int = 32, script: URL? = nil, headers: [String] = []
    ) throws -> Result? {
        guard let wrk else { return nil }
        var arguments = ["-t\(min(2, connections))", "-c\(connections)", "-d\(seconds)s", "--latency"]
        if let script { arguments += ["-s", script.path] }
        for header in headers { arguments += ["-H", header] }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        let process = Process()
        process.executableURL = wrk
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let rate = lines.first { $0.hasPrefix("Requests/sec:") }.flatMap { Double($0.split(separator: " ").last ?? "") }
        let p99 = lines.first { $0.hasPrefix("99%") }?.split(separator: " ").last
        guard let rate, let p99 else { throw BenchError("wrk printed no figures: \(text)") }
        let non2xx =
            lines.first { $0.hasPrefix("Non-2xx or 3xx responses:") }
            .flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        let socketErrors =
            lines.first { $0.hasPrefix("Socket errors:") }.map { line in
                line.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Int($0) }.reduce(0, +)
            } ?? 0
        let requests = lines.first { $0.contains(" requests in ") }.flatMap {
            Int($0.split(separator: " ").first ?? "")
        }
        return Result(
            requestsPerSecond: rate, p99: String(p99), errors: non2xx + socketErrors, requests: requests ?? 0)
    }
}
