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
                and then with --jobs, and prints both wall times and their ratio.
                """)

        @Option(help: "Synthetic flows in the catalog.")
        var flows = 1_000

        @Option(help: "Flows at once for the parallel figure (default: the number of cores).")
        var jobs: Int?

        func validate() throws {
            try OptionRange.count(flows, "--flows", in: 1...1_000_000)
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

            var recordTimes: [Double] = []
            for width in [1, parallel] {
                let recorder = FlowRecorder(
                    simulators: [BenchNotesSimulator()], cassettesRoot: cassettes, jobs: width)
                let measured = try await Measurement.of {
                    let failed = await recorder.record(catalog).filter { $0.error != nil }
                    guard failed.isEmpty else {
                        throw BenchError(
                            "recording failed: \(failed.prefix(3).map { "\($0.flow): \($0.error ?? "")" })")
                    }
                }
                recordTimes.append(measured.wallSeconds)
                print("  record, \(Self.jobs(width)): \(Self.describe(measured))")
            }
            print("    speed-up \(Self.ratio(recordTimes))")

            var verifyTimes: [Double] = []
            var outlines: [[String]] = []
            for width in [1, parallel] {
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
                verifyTimes.append(measured.wallSeconds)
                print("  verify, \(Self.jobs(width)): \(Self.describe(measured))")
            }
            guard outlines.dropFirst().allSatisfy({ $0 == outlines[0] }) else {
                throw BenchError("verify reported differently with 1 job and with \(parallel)")
            }
            print("    speed-up \(Self.ratio(verifyTimes))   (target >= 1.8x on 2 cores)")
        }

        static func jobs(_ count: Int) -> String { count == 1 ? "1 job " : "\(count) jobs" }

        static func describe(_ measured: Measurement) -> String {
            String(format: "%.2f s wall, %.2f s CPU", measured.wallSeconds, measured.cpuSeconds)
        }

        static func ratio(_ times: [Double]) -> String {
            guard times.count == 2, times[1] > 0 else { return "n/a" }
            return String(format: "%.2fx", times[0] / times[1])
        }
    }
}
