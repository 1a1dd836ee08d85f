import Foundation
import HarnessTesting
import Testing

/// `harness flows`, `harness record` and the flow options of `harness verify`, end to end.
@Suite("harness flows and record")
struct FlowCommandsTests {
    func harness(_ arguments: [String]) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: try RepositoryRoot.url())
    }

    @Test("flows --format json lists every registered flow and --html writes a self-contained page")
    func flowsJSONAndHTML() async throws {
        try await withTemporaryDirectory { folder in
            let page = folder.appending("flows.html")
            let result = try await harness(["flows", "--format", "json", "--html", page.path])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("\"flows\":"))
            let html = try String(contentsOf: page, encoding: .utf8)
            #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<style>") && !html.contains("<script"))
        }
    }

    @Test("verify prints the flow checks and the elapsed time; a bad --shard is a usage error")
    func verifyFlowsAndShard() async throws {
        let result = try await harness(["verify", "--only", "consumer", "--only", "provider"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("flows: consumer + provider checks of"))
        #expect(result.standardOutput.contains("(verified in "))
        let bad = try await harness(["verify", "--shard", "3/2"])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("--shard takes i/n with 1 ≤ i ≤ n"))
    }

    @Test("record without flows is a usage error; an unknown flow names the known ones")
    func recordUsage() async throws {
        let none = try await harness(["record"])
        #expect(none.status == 64)
        #expect(none.standardError.contains("name flows (vendor/name), --vendor V or --all"))
        let unknown = try await harness(["record", "nobody/nothing"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("no flow 'nobody/nothing'"))
    }
}
