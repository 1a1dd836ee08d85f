import Foundation
import HarnessTesting
import Testing

/// A flow re-recorded against a server on a real clock verifies, because `Schemas/` declares the fields a real
/// server generates (`x-volatile`).
@Suite("Volatile fields declared in Schemas")
struct VolatileFieldsTests {
    func harness(_ arguments: [String]) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: try RepositoryRoot.url())
    }

    @Test(
        "A flow recorded with --upstream against a real-clock server passes its provider check, and only thanks to x-volatile"
    )
    func upstreamRecordingVerifies() async throws {
        let root = try RepositoryRoot.url()
        try await withTemporaryDirectory { folder in
            let cassettes = folder.appending("Cassettes").path
            try await withMockServer(.referralHero) { server in
                let recorded = try await harness([
                    "record", "referralhero/add-subscriber", "--upstream",
                    server.baseURL(for: .referralHero).absoluteString, "--cassettes", cassettes,
                ])
                #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
            }
            let text = try String(
                contentsOf: folder.appending("Cassettes/referralhero/add-subscriber.har"), encoding: .utf8)
            #expect(!text.contains("\\\"created_at\\\":1767225600"), "the server's real clock is in the cassette")

            let verified = try await harness([
                "verify", "referralhero/add-subscriber", "--cassettes", cassettes, "--color", "never",
            ])
            #expect(verified.status == 0, "\(verified.standardOutput)\(verified.standardError)")
            #expect(verified.standardOutput.contains("referralhero/add-subscriber  contract ✓  consumer ✓  provider ✓"))

            let diff = try await harness([
                "diff", "Cassettes/referralhero/add-subscriber.har",
                folder.appending("Cassettes/referralhero/add-subscriber.har").path,
            ])
            #expect(diff.status == 0, "\(diff.standardOutput)\(diff.standardError)")

            // The same check with Schemas stripped of the declarations names the server's clock fields.
            let schemas = folder.appending("Schemas")
            try FileManager.default.copyItem(at: root.appendingPathComponent("Schemas"), to: schemas)
            let document = schemas.appendingPathComponent("referralhero/referralhero.openapi.yaml")
            let yaml = try String(contentsOf: document, encoding: .utf8)
            let stripped = yaml.replacing(/\nx-volatile:\n(?:  .*\n)+/, with: "\n")
            #expect(stripped != yaml)
            try stripped.write(to: document, atomically: true, encoding: .utf8)
            let undeclared = try await harness([
                "verify", "referralhero/add-subscriber", "--cassettes", cassettes, "--schemas", schemas.path,
                "--color", "never",
            ])
            #expect(undeclared.status == 1)
            #expect(undeclared.standardOutput.contains("body json:/data/created_at: expected "))
            #expect(undeclared.standardOutput.contains("body json:/timestamp: expected "))
        }
    }
}
