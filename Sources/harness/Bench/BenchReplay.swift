import ArgumentParser
import CassetteKit
import CoreFoundation
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

extension Harness.Bench {
    /// `harness bench replay`: the cost of in-process replay, of lookups as a cassette grows, and of loading.
    struct BenchReplay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Replay cost per request, lookup cost from 10 to 100,000 entries, and cassette load time."
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: "Interactions in the replayed cassette.")
        var entries = 1_000

        @Option(help: "Interactions in the large cassette of the lookup figure.")
        var large = 100_000

        @Option(help: "Interactions in the loaded cassette.")
        var load = 10_000

        @Option(help: "Times each measurement is repeated.")
        var rounds = 5

        func validate() throws {
            try OptionRange.count(entries, "--entries", in: 1...10_000_000)
            try OptionRange.count(large, "--large", in: 10...10_000_000)
            try OptionRange.count(load, "--load", in: 1...10_000_000)
            try OptionRange.count(rounds, "--rounds", in: 1...1000)
        }

        func run() async throws {
            let logger = global.bootstrap()
            print(
                "bench replay: \(Figures.grouped(Double(entries)))-entry cassette, traffic 70% JSON posts, 20% GET + query, 10% Engage XML form posts"
            )

            let session = try ReplaySession(cassette: ReplayWorkload.cassette(entries), name: "bench/replay")
            var perKind: [ReplayWorkload.Kind: [Double]] = [:]
            var direct: [Double] = []
            for _ in 0..<rounds {
                session.reset()
                for number in (0..<entries).shuffled() {
                    let request = ReplayWorkload.request(number)
                    let seconds = try Self.time { _ = try session.response(for: request) }
                    direct.append(seconds)
                    perKind[ReplayWorkload.kind(of: number), default: []].append(seconds)
                }
            }
            let transport = ReplayTransport(session: session)
            var throughTransport: [Double] = []
            for _ in 0..<rounds {
                session.reset()
                for number in (0..<entries).shuffled() {
                    let (request, body, baseURL) = Self.openAPIRequest(ReplayWorkload.request(number))
                    let clock = ContinuousClock()
                    let start = clock.now
                    _ = try await transport.send(request, body: body, baseURL: baseURL, operationID: "bench")
                    throughTransport.append(start.duration(to: clock.now).seconds)
                }
            }
            Self.row("replay per request, ReplaySession", "\(Self.micro(direct)) median   (target <= 20 µs)")
            Self.row("replay per request, ReplayTransport", "\(Self.micro(throughTransport)) median")
            print(
                "    by kind: "
                    + ReplayWorkload.Kind.allCases.map { "\($0.rawValue) \(Self.micro(perKind[$0] ?? []))" }
                    .joined(separator: " · "))

            // Loading is measured before the large lookup cassette fills the heap.
            let loaded = try loadMedian()
            Self.row(
                "load \(Figures.grouped(Double(load))) entries (\(Self.megabytes(loaded.bytes)))",
                "\(Self.milli(loaded.median)) median, parse + bucket by method and path (bodies normalized on first use)"
                    + "   (target <= 300 ms)")
            print(
                "    (process CPU time \(Self.milli(loaded.cpu)): on a busy machine the wall time also counts waiting)")

            let small = try lookupMedian(size: 10)
            logger.info("building the \(large)-entry cassette")
            let big = try lookupMedian(size: large)
            let growth = big.median / small.median
            Self.row("lookup, 10 entries", "\(Self.format(small.median)) median")
            Self.row(
                "lookup, \(Figures.grouped(Double(large))) entries",
                "\(Self.format(big.median)) median   growth \(String(format: "%.2f", growth))x   (target <= 1.5x)")
            print(
                "    (normalizing the \(Figures.grouped(Double(large))) recorded requests once: \(Self.milli(big.prepare)))"
            )
        }

        /// The median cost of `InteractionIndex.matches` on a cassette of `size`, after preparing the index.
        private func lookupMedian(size: Int) throws -> (median: Double, prepare: Double) {
            let index = try InteractionIndex(cassette: ReplayWorkload.cassette(size), name: "bench/lookup")
            let prepare = Self.time { index.prepareAll() }
            let probes = (0..<2_000).map { ReplayWorkload.request(($0 * 7_919) % size) }
            var samples: [Double] = []
            for _ in 0..<rounds {
                for request in probes {
                    samples.append(Self.time { precondition(!index.matches(for: request).isEmpty) })
                }
            }
            return (Figures.median(samples), prepare)
        }

        /// The median time to read a cassette file of `load` entries and index it.
        private func loadMedian() throws -> (median: Double, cpu: Double, bytes: Int) {
            let data = ReplayWorkload.cassette(load).encoded()
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "bench-replay-\(UUID().uuidString).har")
            try data.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            var wall: [Double] = []
            var cpu: [Double] = []
            for _ in 0..<rounds {
                var index: InteractionIndex?
                let cpuStart = Self.processCPUTime()
                wall.append(
                    try Self.time {
                        index = try InteractionIndex(cassette: Cassette(contentsOf: url), name: "bench/load")
                    })
                cpu.append(Self.processCPUTime() - cpuStart)
                // Freed outside the measurement: loading ends when the index is ready.
                withExtendedLifetime(index) {}
            }
            return (Figures.median(wall), Figures.median(cpu), data.count)
        }

        static func openAPIRequest(_ request: CassetteRequest) -> (HTTPRequest, HTTPBody?, URL) {
            let parts = request.parts
            let baseURL = URL(string: "\(parts.scheme)://\(parts.host)")!
            var fields = HTTPFields()
            for field in request.headers {
                if let name = HTTPField.Name(field.name) { fields.append(HTTPField(name: name, value: field.value)) }
            }
            let path = parts.path + (parts.query.map { "?" + $0 } ?? "")
            let httpRequest = HTTPRequest(
                method: HTTPRequest.Method(request.method)!, scheme: nil, authority: nil, path: path,
                headerFields: fields)
            return (httpRequest, request.body.isEmpty ? nil : HTTPBody(request.body), baseURL)
        }

        /// Prints `label:` padded to a column, then `value`.
        static func row(_ label: String, _ value: String) {
            let padded = label + ":" + String(repeating: " ", count: max(1, 40 - label.count))
            print("  " + padded + value)
        }

        static func time(_ body: () throws -> Void) rethrows -> Double {
            let clock = ContinuousClock()
            let start = clock.now
            try body()
            return start.duration(to: clock.now).seconds
        }

        /// Seconds of CPU this process has used.
        static func processCPUTime() -> Double {
            Measurement.processCPUSeconds()
        }

        static func micro(_ samples: [Double]) -> String { format(Figures.median(samples)) }

        static func format(_ seconds: Double) -> String {
            String(format: "%.1f µs", seconds * 1e6)
        }

        static func milli(_ seconds: Double) -> String {
            String(format: "%.0f ms", seconds * 1e3)
        }

        static func megabytes(_ bytes: Int) -> String {
            String(format: "%.1f MB", Double(bytes) / 1_048_576)
        }
    }
}
