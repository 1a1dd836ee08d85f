import Foundation
import HarnessTesting
import MockServer
import Testing

@testable import harness

@Suite("harness bench serve --state")
struct BenchServeStateTests {
    /// nginx and wrk, which the shared-store comparison starts, found where the bench looks for them.
    static var hasLoadTools: Bool { BenchNginx.executable != nil && BenchProcess.find("wrk") != nil }

    @Test(
        "bench serve --state refuses what is not a PostgreSQL URL, naming the option and never the password",
        arguments: [
            ["--state", "state.sqlite"],
            ["--state", "mysql://harness:secret@127.0.0.1:3306/bench"],
            ["--state", "postgres://harness:secret@127.0.0.1:port/bench"],
            ["--state", "postgresql://harness:secret@127.0.0.1:55432/bench", "--startup-only"],
        ])
    func invalidState(arguments: [String]) async throws {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        let result = try await ChildProcess.run(binary, ["bench", "serve"] + arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains("--state"), "\(result.standardError)")
        #expect(!result.standardError.contains("secret"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test(
        "bench serve --state prints the embedded and the shared figures, their ratio and that the read cache is off",
        .enabled(
            if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.unavailableReason ?? "")),
        .enabled(if: hasLoadTools, "nginx and wrk are not installed (apt-get install -y nginx wrk)"))
    func sharedAgainstEmbedded() async throws {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        let url = try #require(try await PostgresTestDatabase.fresh(named: "bench_serve"))
        let result = try await ChildProcess.run(
            binary, ["bench", "serve", "--state", url, "--seconds", "1", "--rounds", "1"])
        try await PostgresTestDatabase.drop(url)
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        #expect(output.contains("embedded, 1 instance"), "\(output)")
        #expect(output.contains("shared, 3 instances behind nginx"), "\(output)")
        #expect(output.contains("shared / embedded: "), "\(output)")
        #expect(output.contains("the read cache is off on a shared store"), "\(output)")
        #expect(!output.contains("errors or non-2xx"), "\(output)")
    }
}
