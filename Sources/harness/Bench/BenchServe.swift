import ArgumentParser
import CassetteKit
import Foundation
import JSONCore

extension Harness.Bench {
    /// `harness bench serve`: start-up time, memory and (with wrk) replay throughput of `harness serve`.
    struct BenchServe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract:
                "Replay a 50-interaction cassette and 10,000 interactions: start-up ms, RSS MB, and wrk req/s and p99.",
            discussion: """
                Generates the cassettes into a temporary folder, starts `harness serve --mode replay` on each, times \
                process start to the first 200 from /__harness/health, reads the server's RSS, and runs \
                `wrk -t2 -c32 -d10s --latency` when wrk is installed (apt-get install -y wrk), else prints the command.
                """)

        @Option(help: "Seconds of wrk load per figure.")
        var seconds = 10

        @Option(help: "Interactions in the large set.")
        var interactions = 10_000

        func validate() throws {
            try OptionRange.count(seconds, "--seconds", in: 1...3600)
            try OptionRange.count(interactions, "--interactions", in: 1...10_000_000)
        }

        func run() async throws {
            let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            let root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "harness-bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let small = root.appendingPathComponent("small")
            let large = root.appendingPathComponent("large")
            try BenchCassettes.write(interactions: 50, into: small)
            try BenchCassettes.write(interactions: interactions, into: large)
            let wrk = BenchProcess.find("wrk")
            print(
                "bench serve: harness serve --mode replay, every figure one URL, GET \(BenchCassettes.target) (1 KB "
                    + "JSON), among 50 or \(Figures.grouped(Double(interactions))) recorded interactions")
            var rates: [Double] = []
            for (label, folder, count) in [
                ("50 interactions", small, 50), ("\(interactions) interactions", large, interactions),
            ] {
                let server = try await BenchServer.start(binary: binary, cassettes: folder)
                defer { server.stop() }
                let url = "http://127.0.0.1:\(server.port)\(BenchCassettes.target)"
                guard try BenchProcess.get(port: server.port, path: BenchCassettes.target) == 200 else {
                    throw ValidationError("the server did not replay \(url) (\(count) interactions)")
                }
                var line = "  \(label): ready in \(Figures.grouped(server.readyMilliseconds)) ms (target <= 100)"
                if let wrk {
                    let result = try BenchProcess.wrk(wrk, url: url, seconds: seconds)
                    rates.append(result.requestsPerSecond)
                    line += ", \(Figures.grouped(result.requestsPerSecond)) req/s, p99 \(result.p99)"
                }
                line += ", RSS \(Figures.grouped(BenchProcess.residentMegabytes(pid: server.pid) ?? 0)) MB"
                print(line)
                if wrk == nil {
                    print("    wrk -t2 -c32 -d\(seconds)s --latency \(url)   # apt-get install -y wrk")
                }
            }
            if rates.count == 2 {
                let slower = (1 - rates[1] / rates[0]) * 100
                print("  \(interactions) vs 50: \(String(format: "%.1f", slower))% slower (target <= 10%)")
            }
            print("  targets: >= 25,000 req/s, p99 <= 5 ms, RSS <= 150 MB with \(interactions) interactions")
        }
    }
}

/// The benchmark's cassettes: `bench/replay.har` with 50 interactions, plus `bench/more-N.har` files of 50 each
/// up to the requested total.
enum BenchCassettes {
    static let target = "/bench/items/7"

    static func write(interactions: Int, into folder: URL) throws {
        let vendor = folder.appendingPathComponent("bench")
        try FileManager.default.createDirectory(at: vendor, withIntermediateDirectories: true)
        var written = 0
        var file = 0
        while written < interactions {
            let count = min(50, interactions - written)
            var cassette = Cassette(flow: file == 0 ? "replay" : "more-\(file)", vendor: "bench")
            cassette.entries = (0..<count).map { index in
                let path = file == 0 ? "/items/\(index)" : "/more/\(file)/items/\(index)"
                return entry(path: path, index: written + index)
            }
            let name = file == 0 ? "replay.har" : "more-\(file).har"
            try cassette.encoded().write(to: vendor.appendingPathComponent(name))
            written += count
            file += 1
        }
    }

    private static func entry(path: String, index: Int) -> HAR.Entry {
        let item: JSONValue = .object(
            JSONObject([
                ("id", .number(JSONNumber(index))),
                ("name", .string("item \(index)")),
                ("description", .string(String(repeating: "lorem ipsum ", count: 70))),
            ]))
        return HAR.Entry(
            request: CassetteRequest(
                method: "GET", url: "https://api.example.com\(path)", headers: ["Accept": "application/json"]),
            response: CassetteResponse(
                status: 200, statusText: "OK", headers: ["Content-Type": "application/json"], body: item.data()),
            startedAt: Date(timeIntervalSince1970: 1_700_000_000), duration: .milliseconds(20))
    }
}
