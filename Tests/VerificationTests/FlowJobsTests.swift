import CassetteKit
import FlowCatalog
import Foundation
import JSONCore
import MockServer
import Testing
import Verification

/// `verify --jobs` and `record --jobs` in the engine: several flows at once, the same report as one at a time.
@Suite("Flow jobs")
struct FlowJobsTests {
    func engine(_ workspace: Workspace, catalog: [Flow], jobs: Int) -> FlowEngine {
        FlowEngine(
            catalog: catalog, simulators: [GreetingSimulator()], cassettesRoot: workspace.cassettes,
            schemasRoot: workspace.root.appendingPathComponent("Schemas", isDirectory: true),
            displayRoot: workspace.root, concurrency: jobs)
    }

    @Test("verify with one job and with two reports the same flows, checks, failures and exit status")
    func verifyIsTheSameWithMoreJobs() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        // A failing and a missing flow between passing ones, so the order of failures is part of the comparison.
        let catalog =
            TestVendor.catalog + [TestVendor.throwing(TestVendor.motto)]
            + [
                Flow(vendor: TestVendor.name, name: "unrecorded", documentation: "none", summary: "never recorded") {
                    _ in
                    .null
                }
            ] + TestVendor.catalog
        var reports: [FlowReport] = []
        for jobs in [1, 2, 4] {
            reports.append(try await engine(workspace, catalog: catalog, jobs: jobs).verify())
        }
        let outlines = reports.map { report in
            report.flows.map { flow in
                "\(flow.id) " + flow.checks.map { "\($0.check.rawValue)=\($0.status) \($0.failures)" }.joined()
            }
        }
        #expect(outlines[0].count == catalog.count)
        #expect(outlines[1] == outlines[0])
        #expect(outlines[2] == outlines[0])
        #expect(reports.map(\.exitStatus) == [1, 1, 1])
    }

    @Test("record with two jobs writes the same cassettes as with one, and reports in the flows' order")
    func recordIsTheSameWithMoreJobs() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let one = FlowRecorder(simulators: [GreetingSimulator()], cassettesRoot: workspace.cassettes, jobs: 1)
        let first = await one.record(TestVendor.catalog)
        let bytes = try TestVendor.catalog.map { try Data(contentsOf: $0.cassetteURL(in: workspace.cassettes)) }
        let two = FlowRecorder(simulators: [GreetingSimulator()], cassettesRoot: workspace.cassettes, jobs: 2)
        let second = await two.record(TestVendor.catalog)
        let again = try TestVendor.catalog.map { try Data(contentsOf: $0.cassetteURL(in: workspace.cassettes)) }
        #expect(first.map(\.flow) == TestVendor.catalog.map(\.id))
        #expect(second.map(\.flow) == first.map(\.flow))
        #expect(second.allSatisfy { $0.error == nil })
        #expect(again == bytes)
        let drift = await two.check(TestVendor.catalog)
        #expect(drift.map(\.flow) == TestVendor.catalog.map(\.id))
        #expect(drift.allSatisfy { !$0.drifted })
    }
}
