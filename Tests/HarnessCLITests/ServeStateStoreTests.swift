import Foundation
import HarnessTesting
import Testing

extension HarnessServeTests {
    @Test(
        "harness serve --state with a PostgreSQL URL it cannot use exits 2 with one line naming the server and the cause",
        arguments: [
            (["--state", "postgres://127.0.0.1:1/x"], "postgres://127.0.0.1:1/x", "refused"),
            (["--state", "postgres://harness:secret@127.0.0.1:1/x"], "postgres://harness@127.0.0.1:1/x", "refused"),
            (
                ["--state", "postgresql://harness:secret@127.0.0.1:port/x"], "postgresql://harness@127.0.0.1:port/x",
                "port"
            ),
        ])
    func unreachableState(_ arguments: [String], _ location: String, _ cause: String) async throws {
        let binary = try #require(HarnessBinary.url())
        let result = try await ChildProcess.run(
            binary, ["serve", "--port", "0", "--no-live-check"] + arguments, environment: ["HARNESS_STATE": ""])
        #expect(result.status == 2, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)")
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("error: ") && line.contains(location) && line.lowercased().contains(cause), "\(line)")
        #expect(!result.standardError.contains("secret"))
        #expect(result.standardOutput.isEmpty)
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
