import CassetteKit
import FlowCatalog
import Foundation
import JSONCore
import MockServer
import Testing
import Verification

/// Drift: a flow re-recorded into a temporary place and compared with its stored cassette.
@Suite("Drift check")
struct DriftTests {
    func motto(_ motto: String) -> Flow { TestVendor.motto(saying: motto) }

    @Test("the simulator answering one flow differently is drift naming the one changed field; unchanged is not")
    func driftDemo() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let stored = try Data(contentsOf: workspace.cassette("motto"))
        let recorder = workspace.engine().recorder

        let unchanged = await recorder.check(motto("be kind"))
        #expect(unchanged.error == nil && unchanged.diff?.isEmpty == true && !unchanged.drifted)

        let drifted = await recorder.check(motto("be brave"))
        let diff = try #require(drifted.diff)
        #expect(drifted.drifted && drifted.error == nil)
        #expect(diff.entries.count == 1)
        #expect(
            diff.entries.first?.fields == [
                FieldChange(kind: .changed, field: "response body json:/motto", old: "\"be kind\"", new: "\"be brave\"")
            ])
        // The outcome the flow recorded is the same answer, seen by the app.
        #expect(diff.cassette.map(\.field) == ["outcome json:/body/motto"])
        #expect(try Data(contentsOf: workspace.cassette("motto")) == stored, "the stored cassette is untouched")
    }

    @Test("re-recording a cassette that changed reports the changes; re-recording an unchanged one reports none")
    func recordReportsChanges() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let same = await workspace.engine().recorder.record([motto("be kind")])
        #expect(same.first?.changes?.isEmpty == true)
        let changed = await workspace.engine().recorder.record([motto("be brave")])
        #expect(changed.first?.changes?.fieldChanges.contains { $0.field == "response body json:/motto" } == true)
        let rewritten = try Cassette(contentsOf: workspace.cassette("motto"))
        #expect(rewritten.harness.outcome?["body"]?["motto"]?.stringValue == "be brave")
    }

    @Test("a flow without a stored cassette cannot be checked and says how to record it")
    func missingCassette() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = await workspace.engine().recorder.check(TestVendor.motto)
        #expect(result.drifted)
        #expect(result.error?.contains("swift run harness record testvendor/motto") == true)
    }
}

extension TestVendor {
    /// The motto flow with the simulator set up to answer `motto`.
    static func motto(saying motto: String) -> Flow {
        var flow = Self.motto
        flow.simulatorSetup = [
            CassetteRequest(
                method: "PUT", url: "/motto", headers: ["Content-Type": "application/json"],
                body: Data(#"{"motto":"\#(motto)"}"#.utf8))
        ]
        return flow
    }
}
