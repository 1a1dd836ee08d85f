import Foundation
import HarnessTesting
import MockServer
import Testing

/// The cause a refused connection names: the refusal itself, or, in a build without the PostgreSQL store, how to build
/// it in (the URL is checked either way, so an unreadable one names its own fault in both).
let unreachableCause = PostgresStateStore.isBuiltIn ? "refused" : "--traits postgresql"

extension HarnessServeTests {
    @Test(
        "harness serve --state with a PostgreSQL URL it cannot use exits 2 with one line naming the server and the cause",
        arguments: [
            (["--state", "postgres://127.0.0.1:1/x"], "postgres://127.0.0.1:1/x", unreachableCause),
            (
                ["--state", "postgres://harness:secret@127.0.0.1:1/x"], "postgres://harness@127.0.0.1:1/x",
                unreachableCause
            ),
            (
                ["--state", "postgresql://harness:secret@127.0.0.1:port/x"], "postgresql://harness@127.0.0.1:port/x",
                "port"
            ),
        ])
    func unreachableState(_ arguments: [String], _ location: String, _ cause: String) async throws {
        let binary = try #require(HarnessBinary.url())
        let result = try await ChildProcess.run(
            binary, ["serve", "--port", "0", "--no-live-check"] + arguments, environment: ["HARNESS_STATE": ""])
        expectStoreError(result, naming: location, cause: cause)
    }

    @Test("HARNESS_STATE stands for --state when the option is absent")
    func stateFromEnvironment() async throws {
        let binary = try #require(HarnessBinary.url())
        let result = try await ChildProcess.run(
            binary, ["serve", "--port", "0", "--no-live-check"],
            environment: ["HARNESS_STATE": "postgres://harness:secret@127.0.0.1:1/from_env"])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("postgres://harness@127.0.0.1:1/from_env"), "\(result.standardError)")
        #expect(!result.standardError.contains("secret"))
    }
}

/// A state store a command cannot use: exit 2 and one line on standard error, naming the server (`location`, the URL
/// without its password) and the `cause`, with no password ("secret") anywhere and nothing on standard output.
func expectStoreError(
    _ result: ProcessOutput, naming location: String, cause: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.status == 2, "\(result.standardError)", sourceLocation: sourceLocation)
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
    let line = String(lines.first ?? "")
    #expect(
        line.hasPrefix("error: ") && line.contains(location) && line.lowercased().contains(cause), "\(line)",
        sourceLocation: sourceLocation)
    #expect(!result.standardError.contains("secret"), sourceLocation: sourceLocation)
    #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
}
