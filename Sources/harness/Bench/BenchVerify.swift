import ArgumentParser
import FlowCatalog
import Foundation
import Verification

extension Harness.Bench {
    /// `harness bench verify`: the wall time of `record` and `verify` over a catalog of synthetic flows, with one
    /// job and with several.
    struct BenchVerify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Record and verify 1,000 synthetic flows with 1 job and with N: wall time and speed-up.",
            discussion: """
                Generates a vendor of its own (a notes simulator, its OpenAPI contract and --flows flows that each \
                create, read back and list a note) in a temporary folder, records every flow against the simulator \
                (harness record --jobs) and checks them all three ways (harness verify --jobs), first with 1 job \
                and then with --jobs, and prints both wall times and their ratio. With --rounds N both widths run \
                N times, taking turns so that a busy spell on the machine falls on both, and each figure is the \
                median of N.
                """)

        @Option(help: "Synthetic flows in the catalog.")
        var flows = 1_000

        @Option(help: "Flows at once for the parallel figure (default: the number of cores).")
        var jobs: Int?

        /// Which command to time.
        enum Phase: String, ExpressibleByArgument, CaseIterable {
            case record, verify
        }

        @Option(help: "Time only this command (record or verify); verify still records the catalog once, untimed.")
        var only: Phase?

        @Option(help: "Runs of each width; the figures are their medians.")
        var rounds = 1

        func validate() throws {
            try OptionRange.count(flows, "--flows", in: 1...1_000_000)
            try OptionRange.count(rounds, "--rounds", in: 1...100)
            if let jobs { try OptionRange.count(jobs, "--jobs", in: 1...1024) }
        }

        func run() async throws {
            let parallel = jobs ?? ProcessInfo.processInfo.activeProcessorCount
            let root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "harness-bench-verify-\(UUID().uuidString)", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: root) }
            let cassettes = root.appendingPathComponent("Cassettes", isDirectory: true)
            let schemas = root.appendingPathComponent("Schemas", isDirectory: true)
            try BenchVendor.writeContract(into: schemas)
            let catalog = BenchVendor.flows(flows)
            print(
                "bench verify: \(Figures.grouped(Double(flows))) synthetic flows (3 calls each to an in-memory "
                    + "simulator), \(ProcessInfo.processInfo.activeProcessorCount) cores")

            let widths = [1, parallel]
            var record = Array(repeating: [Measurement](), count: widths.count)
            for _ in 0..<(only == .verify ? 0 : rounds) {
                for (index, width) in widths.enumerated() {
                    let recorder = FlowRecorder(
                        simulators: [BenchNotesSimulator()], cassettesRoot: cassettes, jobs: width)
                    let measured = try await Measurement.of {
                        let failed = await recorder.record(catalog).filter { $0.error != nil }
                        guard failed.isEmpty else {
                            throw BenchError(
                                "recording failed: \(failed.prefix(3).map { "\($0.flow): \($0.error ?? "")" })")
                        }
                    }
                    record[index].append(measured)
                }
            }
            if only == .verify {
                let failed = await FlowRecorder(
                    simulators: [BenchNotesSimulator()], cassettesRoot: cassettes, jobs: parallel
                ).record(catalog).filter { $0.error != nil }
                guard failed.isEmpty else { throw BenchError("recording failed: \(failed.count) flows") }
            } else {
                Self.printFigures("record", widths: widths, runs: record)
            }
            guard only != .record else { return }

            var verify = Array(repeating: [Measurement](), count: widths.count)
            var outlines: [[String]] = []
            for _ in 0..<rounds {
                for (index, width) in widths.enumerated() {
                    let engine = FlowEngine(
                        catalog: catalog, simulators: [BenchNotesSimulator()], cassettesRoot: cassettes,
                        schemasRoot: schemas, displayRoot: root, concurrency: width)
                    var report: FlowReport?
                    let measured = try await Measurement.of { report = try await engine.verify() }
                    guard let report, report.exitStatus == 0 else {
                        throw BenchError(
                            "verify failed:\n" + (report.map { FlowTextReport(colour: false).render($0) } ?? ""))
                    }
                    outlines.append(report.flows.map { "\($0.id) \($0.checks.map(\.status))" })
                    verify[index].append(measured)
                }
            }
            guard outlines.dropFirst().allSatisfy({ $0 == outlines[0] }) else {
                throw BenchError("verify reported differently with 1 job and with \(parallel)")
            }
            Self.printFigures("verify", widths: widths, runs: verify)
            print("    (target >= 1.8x on 2 cores)")
        }

        /// One line per width (the median wall and CPU time, with the range over the rounds), then the speed-up:
        /// the ratio of the medians, and with several rounds the range of each round's own ratio.
        static func printFigures(_ name: String, widths: [Int], runs: [[Measurement]]) {
            for (width, measured) in zip(widths, runs) {
                print("  \(name), \(jobs(width)): \(describe(measured))")
            }
            let medians = runs.map { Figures.median($0.map(\.wallSeconds)) }
            var line = "    speed-up \(ratio(medians))"
            if let serial = runs.first, let parallel = runs.last, serial.count > 1 {
                let each = zip(serial, parallel).map { $0.wallSeconds / max($1.wallSeconds, 1e-9) }
                line += String(
                    format: " (%.2fx-%.2fx round by round over %d rounds)", each.min() ?? 0, each.max() ?? 0,
                    each.count)
            }
            print(line)
        }

        static func jobs(_ count: Int) -> String { count == 1 ? "1 job " : "\(count) jobs" }

        /// "<median> s wall (<fastest>-<slowest> over <n> rounds), <median> s CPU".
        static func describe(_ runs: [Measurement]) -> String {
            let wall = runs.map(\.wallSeconds)
            let range =
                runs.count > 1
                ? String(format: " (%.2f-%.2f over %d rounds)", wall.min() ?? 0, wall.max() ?? 0, runs.count) : ""
            return String(format: "%.2f s wall", Figures.median(wall)) + range
                + String(format: ", %.2f s CPU", Figures.median(runs.map(\.cpuSeconds)))
        }

        static func ratio(_ times: [Double]) -> String {
            guard times.count == 2, times[1] > 0 else { return "n/a" }
            return String(format: "%.2fx", times[0] / times[1])
        }
    }
}
