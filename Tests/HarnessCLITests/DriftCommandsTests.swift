import Foundation
import HarnessTesting
import Testing

/// `harness diff` and `harness record --check`, end to end with the built binary.
@Suite("harness diff and drift")
struct DriftCommandsTests {
    func harness(_ arguments: [String]) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: try RepositoryRoot.url())
    }

    @Test("diff of two real cassettes names each changed field with old and new values, as text and JSON")
    func diffRealCassettes() async throws {
        let same = try await harness([
            "diff", "Cassettes/referralhero/add-subscriber.har", "Cassettes/referralhero/add-subscriber.har",
        ])
        #expect(same.status == 0, "\(same.standardOutput)\(same.standardError)")
        #expect(same.standardOutput.contains("are semantically equal"))

        let other = [
            "diff", "Cassettes/referralhero/add-subscriber.har", "Cassettes/referralhero/error-invalid-email.har",
        ]
        let text = try await harness(other)
        #expect(text.status == 1, "\(text.standardOutput)\(text.standardError)")
        #expect(text.standardOutput.contains("- outcome json:/0/result: {"))
        #expect(text.standardOutput.contains("+ outcome json:/0/error: {"))
        #expect(text.standardOutput.contains("(only in Cassettes/referralhero/error-invalid-email.har)"))
        let json = try await harness(other + ["--format", "json"])
        #expect(json.status == 1)
        #expect(json.standardOutput.contains("\"equal\": false"))
        #expect(json.standardOutput.contains("\"change\": \"added\""))
    }

    @Test("diff exits 2 naming a file that cannot be read")
    func diffUnreadable() async throws {
        let result = try await harness(["diff", "Cassettes/referralhero/add-subscriber.har", "no/such.har"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("cannot read cassette") && result.standardError.contains("no/such.har"))
        try await withTemporaryDirectory { folder in
            let broken = folder.appending("broken.har")
            try Data("{\"log\": [".utf8).write(to: broken)
            let invalid = try await harness(["diff", broken.path, broken.path])
            #expect(invalid.status == 2)
            #expect(invalid.standardError.contains("broken.har is not valid JSON"))
        }
    }

    @Test("record --check: a stored cassette the simulator no longer matches is drift naming the one field")
    func recordCheck() async throws {
        try await withTemporaryDirectory { folder in
            let flow = "referralhero/add-subscriber"
            let stored = try copyRepositoryCassette(flow, into: folder)
            let cassettes = folder.appending("Cassettes").path
            let unchanged = try await harness(["record", "--check", flow, "--cassettes", cassettes])
            #expect(unchanged.status == 0, "\(unchanged.standardOutput)\(unchanged.standardError)")
            #expect(unchanged.standardOutput.contains("✓ \(flow)  unchanged"))

            // The stored answer says 5 points where the simulator now answers 0.
            let drifted = try copyRepositoryCassette(flow, into: folder) {
                $0.replacingOccurrences(of: #"\"points\":0,"#, with: #"\"points\":5,"#)
            }
            let before = try Data(contentsOf: drifted)
            let result = try await harness(["record", "--check", flow, "--cassettes", cassettes])
            #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput.contains("drifted from \(cassettes)/\(flow).har: 1 changed field in 1 entry"))
            #expect(result.standardOutput.contains("~ response body json:/data/points: 5 → 0"))
            #expect(try Data(contentsOf: stored) == before, "record --check leaves the stored cassette untouched")
        }
    }

    @Test("record prints how a cassette it overwrites changed, then the re-recorded cassette checks clean")
    func recordPrintsChanges() async throws {
        try await withTemporaryDirectory { folder in
            let flow = "referralhero/add-subscriber"
            _ = try copyRepositoryCassette(flow, into: folder) {
                $0.replacingOccurrences(of: #"\"points\":0,"#, with: #"\"points\":5,"#)
            }
            let cassettes = folder.appending("Cassettes").path
            let result = try await harness(["record", flow, "--cassettes", cassettes])
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput.contains("~ response body json:/data/points: 5 → 0"))
            let again = try await harness(["record", "--check", flow, "--cassettes", cassettes])
            #expect(again.status == 0, "\(again.standardOutput)")
        }
    }
}

/// A copy of the repository's cassette for `flow` in `folder/Cassettes/<flow>.har`, with `edit` applied.
func copyRepositoryCassette(
    _ flow: String, into folder: TemporaryDirectory, edit: (String) -> String = { $0 }
) throws -> URL {
    let source = try RepositoryRoot.url().appendingPathComponent("Cassettes/\(flow).har")
    let target = folder.appending("Cassettes/\(flow).har")
    try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(edit(try String(contentsOf: source, encoding: .utf8)).utf8).write(to: target)
    return target
}
