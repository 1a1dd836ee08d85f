import ArgumentParser
import CassetteKit
import Foundation
import MockServer

extension Harness.Bench {
    /// `harness bench growth`: each vendor's documented calls answered by its simulator over a SQLite file holding
    /// 0, 1,000, 10,000 and 100,000 records, so a call whose cost grows with the stored data shows.
    struct BenchGrowth: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "growth",
            abstract:
                "Each simulator's documented calls at 0, 1k, 10k and 100k stored records: median, p99, write rate.",
            discussion: """
                Runs the simulators in process (no sockets, so the figures are the simulator's own cost) over a \
                state file in a temporary folder, as harness serve --state does. For each vendor it adds records \
                through the vendor's documented write call (subscribers, recipients and events, profiles, stored \
                events, tokens) up to each level, timing that write rate, and copies the file page for page at \
                each level. It then answers each documented call --samples times on every level's copy, against \
                records picked across the store, in blocks that take turns (so the machine's busy spells fall on \
                every level alike). The last column is the cost at the largest level over the cost at 1,000 \
                (target <= 1.25x).
                """)

        @Option(help: "Vendors to measure (comma-separated; default all).")
        var vendor: String?

        @Option(help: "Record counts to measure at, ascending (comma-separated).")
        var levels = "0,1000,10000,100000"

        @Option(help: "Answers timed per call and level.")
        var samples = 400

        func validate() throws {
            try OptionRange.count(samples, "--samples", in: 1...1_000_000)
            let parsed = try parsedLevels()
            guard parsed == parsed.sorted(), Set(parsed).count == parsed.count else {
                throw ValidationError("--levels must be ascending counts without repeats, e.g. 0,1000,10000")
            }
            for name in vendorNames() where !GrowthScenario.all.contains(where: { $0.vendor == name }) {
                throw ValidationError(
                    "--vendor '\(name)' is not one of \(GrowthScenario.all.map(\.vendor).joined(separator: ", "))")
            }
        }

        func parsedLevels() throws -> [Int] {
            try levels.split(separator: ",").map { text in
                guard let value = Int(text.trimmingCharacters(in: .whitespaces)), (0...10_000_000).contains(value)
                else { throw ValidationError("--levels: '\(text)' is not a count from 0 to 10,000,000") }
                return value
            }
        }

        func vendorNames() -> [String] {
            (vendor ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
        }

        func run() async throws {
            let levels = try parsedLevels()
            let names = vendorNames()
            let scenarios = GrowthScenario.all.filter { names.isEmpty || names.contains($0.vendor) }
            print(
                "bench growth: simulators in process over a SQLite state file, \(samples) answers per call and "
                    + "level, levels \(levels.map { Figures.grouped(Double($0)) }.joined(separator: " / "))")
            for scenario in scenarios {
                try await GrowthRun(scenario: scenario, levels: levels, samples: samples).run()
            }
        }
    }
}

/// One vendor's measurement. Records are added to one state file level by level (timing the write rate), and at
/// each level the file is copied page for page; the calls are then timed on every level's copy in turn, a block of
/// samples at a time with the order rotating, so a busy or quiet spell of the machine falls on every level alike
/// instead of on whichever level was being measured at the time.
struct GrowthRun {
    let scenario: GrowthScenario
    let levels: [Int]
    let samples: Int

    /// A level's copy of the store: the scenario's context as it stood there, its client on the copy.
    struct Level {
        let records: Int
        var context: GrowthContext
    }

    func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "harness-bench-growth-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (populated, rates) = try await populate(in: folder)
        var copies = populated
        var costs: [String: [Int: (median: Double, p99: Double)]] = [:]
        for call in scenario.calls {
            for (records, timings) in try await time(call, on: &copies) {
                let sorted = timings.sorted()
                let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
                costs[call.name, default: [:]][records] = (sorted[sorted.count / 2], p99)
            }
        }
        print(render(costs: costs, rates: rates))
    }

    /// Adds records up to each level in one store, timing the rate, and copies the store at each level.
    func populate(in folder: URL) async throws -> ([Level], [Int: Double]) {
        let now = { @Sendable in Date(timeIntervalSince1970: 1_767_225_600) }
        func host(_ file: String) throws -> SimulatorHost {
            try SimulatorHost(
                simulators: SimulatorRegistry.all.filter { $0.vendor == scenario.vendor },
                statePath: folder.appendingPathComponent(file).path, concurrentReads: true, now: now)
        }
        let growing = try host("state.sqlite")
        var context = try await scenario.prepare(GrowthClient(host: growing, vendor: scenario.vendor))
        var copies: [Level] = []
        var rates: [Int: Double] = [:]
        var stored = 0
        for level in levels {
            let adding = level - stored
            if adding > 0 {
                let clock = ContinuousClock()
                let start = clock.now
                for _ in 0..<adding { try await scenario.add(&context) }
                rates[level] = Double(adding) / max(start.duration(to: clock.now).seconds, 1e-9)
                stored = level
            }
            let file = "level-\(level).sqlite"
            try growing.copyState(to: folder.appendingPathComponent(file).path)
            var copied = context
            copied.client = GrowthClient(host: try host(file), vendor: scenario.vendor)
            copies.append(Level(records: level, context: copied))
        }
        return (copies, rates)
    }

    /// `samples` timings of `call` at each level: in rounds, each round a block of samples on every level, the
    /// first level of a round rotating.
    func time(_ call: GrowthCall, on copies: inout [Level]) async throws -> [Int: [Double]] {
        let rounds = min(samples, 10)
        var timings: [Int: [Double]] = [:]
        for round in 0..<rounds {
            let block = (samples * round / rounds)..<(samples * (round + 1) / rounds)
            for offset in copies.indices {
                let index = (round + offset) % copies.count
                for sample in block {
                    let clock = ContinuousClock()
                    let start = clock.now
                    try await call.run(&copies[index].context, sample)
                    timings[copies[index].records, default: []].append(start.duration(to: clock.now).seconds)
                }
            }
        }
        return timings
    }

    func render(costs: [String: [Int: (median: Double, p99: Double)]], rates: [Int: Double]) -> String {
        let baseline = levels.contains(1_000) ? 1_000 : levels.first ?? 0
        let last = levels.last ?? 0
        var rows: [[String]] = [
            ["call (median / p99 ms)"] + levels.map { "\(Figures.grouped(Double($0))) \(scenario.records)" }
                + ["\(Figures.grouped(Double(last))) / \(Figures.grouped(Double(baseline)))"]
        ]
        for call in scenario.calls {
            let cells = levels.map { level -> String in
                guard let cost = costs[call.name]?[level] else { return "-" }
                return String(format: "%.3f / %.3f", cost.median * 1_000, cost.p99 * 1_000)
            }
            var ratio = "-"
            if let high = costs[call.name]?[last]?.median, let low = costs[call.name]?[baseline]?.median, low > 0 {
                ratio = String(format: "%.2fx%@", high / low, high / low <= 1.25 ? "" : "  (over 1.25x)")
            }
            rows.append([call.name] + cells + [ratio])
        }
        rows.append(
            ["\(scenario.addName) (records/s)"]
                + levels.map { level in rates[level].map { Figures.grouped($0) } ?? "-" } + [""])
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            row.enumerated().map { column, text in text.padding(toLength: widths[column], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        return "\(scenario.vendor):\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }
}

/// Calls one simulator in process, failing on an answer the scenario did not expect.
struct GrowthClient {
    let host: SimulatorHost
    let vendor: String

    @discardableResult
    func send(
        _ method: String, _ url: String, headers: HeaderFields = [:], body: String = "", expect: Set<Int> = [200]
    ) async throws -> CassetteResponse {
        let request = CassetteRequest(method: method, url: url, headers: headers, body: Data(body.utf8))
        let response = try await host.respond(vendor: vendor, to: request)
        guard expect.contains(response.status) else {
            throw BenchError(
                "\(vendor) answered \(method) \(url) with \(response.status): "
                    + String(decoding: response.body.prefix(300), as: UTF8.self))
        }
        return response
    }

    func admin(_ method: String, _ url: String, body: String = "") async throws {
        let request = CassetteRequest(
            method: method, url: url, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        let response = try await host.respondToAdmin(vendor: vendor, request)
        guard (200..<300).contains(response.status) else {
            throw BenchError("\(vendor) admin \(method) \(url) answered \(response.status)")
        }
    }
}
