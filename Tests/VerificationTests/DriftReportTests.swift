import CassetteKit
import FlowCatalog
import Foundation
import Testing
import Verification

/// The coverage page with drift, and the GitHub Actions annotations of `verify --format github`.
@Suite("Drift in reports")
struct DriftReportTests {
    @Test("the coverage page shows a drifted flow with its diff")
    func coveragePage() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let report = try await workspace.engine().verify()
        let drift = await workspace.engine().recorder.check([TestVendor.greet(), TestVendor.motto(saying: "be brave")])
        #expect(drift.map(\.drifted) == [false, true])
        let page = FlowHTMLReport.render(report, drift: drift)
        #expect(page.contains("<b>1</b> of 2 drifted"))
        #expect(page.contains("~ response body json:/motto: &quot;be kind&quot; → &quot;be brave&quot;"))
        #expect(!page.contains("<script"))
    }
}

@Suite("GitHub report")
struct GitHubReportTests {
    @Test("a failure becomes an ::error annotation at the cassette file and the line its entry opens on")
    func annotations() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let report = try await workspace.engine(simulators: [GreetingSimulator(word: "hi")]).verify(
            FlowEngine.Options(checks: [.provider]))
        let text = try String(contentsOf: workspace.cassette("greet"), encoding: .utf8)
        let github = FlowGitHubReport.render(report, cassettesFolder: "Cassettes") { file in
            file == "Cassettes/testvendor/greet.har" ? text : nil
        }
        let lines = github.split(separator: "\n")
        let first = try #require(lines.first { $0.contains("testvendor/greet.har") && $0.contains("entry 0") })
        // Entry 0 opens on the line after `"entries": [`.
        let entriesLine = try #require(
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains("\"entries\": [")
            })
        #expect(first.hasPrefix("::error file=Cassettes/testvendor/greet.har,line=\(entriesLine + 2),title="))
        #expect(first.contains("%0A"), "multi-line messages are escaped")
        #expect(!github.contains("\n\n"))
        #expect(lines.allSatisfy { $0.hasPrefix("::error file=") })
    }
}
