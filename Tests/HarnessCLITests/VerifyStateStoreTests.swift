import Foundation
import HarnessTesting
import Testing

extension VerifyCommandTests {
    @Test(
        "harness verify --state with a PostgreSQL URL it cannot use exits 2 with one line naming the server and the cause",
        arguments: [
            ("postgres://127.0.0.1:1/x", "postgres://127.0.0.1:1/x", unreachableCause),
            ("postgres://harness:secret@127.0.0.1:1/x", "postgres://harness@127.0.0.1:1/x", unreachableCause),
            ("postgresql://harness:secret@127.0.0.1:port/x", "postgresql://harness@127.0.0.1:port/x", "port"),
        ])
    func unusableState(_ url: String, _ location: String, _ cause: String) async throws {
        let result = try await harness(["verify", "referralhero/add-subscriber", "--only", "provider", "--state", url])
        expectStoreError(result, naming: location, cause: cause)
    }

    @Test("harness verify refuses --state with --against, and a --state that is not a postgres:// URL")
    func stateRefused() async throws {
        let against = try await harness([
            "verify", "--only", "provider", "--state", "postgres://harness@127.0.0.1:1/x", "--against",
            "http://127.0.0.1:1",
        ])
        #expect(against.status == 64, "\(against.standardError)")
        #expect(against.standardError.contains("--state and --against exclude each other"), "\(against.standardError)")
        #expect(against.standardOutput.isEmpty)
        let file = try await harness(["verify", "--only", "provider", "--state", "state.sqlite"])
        #expect(file.status == 64, "\(file.standardError)")
        #expect(file.standardError.contains("--state takes a postgres:// URL"), "\(file.standardError)")
        #expect(file.standardError.contains("'state.sqlite'"), "\(file.standardError)")
        let other = try await harness(["verify", "--state", "mysql://harness:secret@127.0.0.1/x"])
        #expect(other.status == 64, "\(other.standardError)")
        #expect(other.standardError.contains("mysql://harness@127.0.0.1/x"), "\(other.standardError)")
        #expect(!other.standardError.contains("secret"))
    }

    @Test("harness verify does not read HARNESS_STATE, the variable naming harness serve's store")
    func ignoresServeState() async throws {
        let result = try await harness(
            ["verify", "referralhero/add-subscriber", "--only", "provider"],
            environment: ["HARNESS_STATE": "postgres://harness@127.0.0.1:1/team_mock"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(!result.standardError.contains("team_mock"))
    }
}
