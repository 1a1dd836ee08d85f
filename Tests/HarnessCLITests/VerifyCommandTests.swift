import Foundation
import HarnessTesting
import LibXML
import Testing

/// `harness verify` end to end: the built binary, run as a user would.
@Suite("harness verify")
struct VerifyCommandTests {
    var fixtures: URL {
        get throws { try RepositoryRoot.url().appendingPathComponent("Tests/ContractKitTests/Fixtures/cassettes") }
    }

    func harness(_ arguments: [String], environment: [String: String]? = nil) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(
            binary, arguments, environment: environment, currentDirectory: try RepositoryRoot.url())
    }

    @Test("On the clean tree it exits 0 and writes a well-formed JUnit file")
    func cleanTree() async throws {
        try await withTemporaryDirectory { folder in
            let junit = folder.appending("report.xml")
            let result = try await harness(["verify", "--junit", junit.path])
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            #expect(
                result.standardOutput.contains("every contract holds") || result.standardOutput.contains("0 cassettes"))
            let document = try XML.Document(contentsOf: junit)
            #expect(document.rootName == "testsuites")
            #expect(!result.standardOutput.contains("\u{1B}["), "no colour when standard output is not a terminal")
        }
    }

    @Test("A path without cassettes says 0 cassettes and exits 0")
    func noCassettes() async throws {
        try await withTemporaryDirectory { folder in
            let result = try await harness(["verify", folder.url.path])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("0 cassettes: nothing to check yet"))
        }
    }

    @Test("Cassette paths run the contract check only, and say so instead of reporting 0 flows")
    func contractOnly() async throws {
        let cassette = try RepositoryRoot.url().appendingPathComponent("Cassettes/engage/token-grant.har")
        let result = try await harness(["verify", cassette.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("1 cassette, 1 entry: every contract holds"))
        #expect(result.standardOutput.contains("contract check only: cassette paths run no flows"))
        #expect(!result.standardOutput.contains("0 flows"))
    }

    @Test("Registered flows without cassettes fail, each naming the command that records it")
    func flowsWithoutCassettes() async throws {
        try await withTemporaryDirectory { folder in
            let result = try await harness(["verify", "--cassettes", folder.url.path])
            #expect(result.status == 1)
            #expect(result.standardOutput.contains("record it: swift run harness record referralhero/full-journey"))
        }
    }

    @Test("Violations exit 1; the JUnit file has one testcase per entry with the failures")
    func violations() async throws {
        try await withTemporaryDirectory { folder in
            let junit = folder.appending("report.xml")
            let result = try await harness(["verify", try fixtures.path, "--junit", junit.path])
            #expect(result.status == 1, "\(result.standardError)")
            #expect(
                result.standardOutput.contains("[json-schema] request body /events/0/eventTypeCode: expected integer"))
            let document = try XML.Document(contentsOf: junit)
            #expect(try document.select("//testcase").count == 14)
            #expect(try document.select("//testcase[failure]").count == 11)
            #expect(try document.string("string(/testsuites/@failures)") == "11")
        }
    }

    @Test("--format json prints the report as JSON with the exit status")
    func json() async throws {
        let cassette = try fixtures.appendingPathComponent("engage/missing-header.har").path
        let result = try await harness(["verify", cassette, "--format", "json"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains(#""kind": "missing-header""#))
        #expect(result.standardOutput.contains(#""exitStatus": 1"#))
    }

    @Test("--color always colours the report; NO_COLOR leaves auto plain")
    func colour() async throws {
        let cassette = try fixtures.appendingPathComponent("engage/valid.har").path
        let coloured = try await harness(["verify", cassette, "--color", "always"])
        #expect(coloured.standardOutput.contains("\u{1B}[32m"))
        let plain = try await harness(["verify", cassette], environment: ["NO_COLOR": "1"])
        #expect(plain.status == 0)
        #expect(!plain.standardOutput.contains("\u{1B}["))
    }

    @Test("Many cassettes give a progress line on standard error, and standard output stays the report")
    func progress() async throws {
        let valid = try Data(contentsOf: try fixtures.appendingPathComponent("engage/valid.har"))
        try await withTemporaryDirectory { folder in
            let engage = folder.appending("engage")
            try FileManager.default.createDirectory(at: engage, withIntermediateDirectories: true)
            for index in 0..<60 { try valid.write(to: engage.appendingPathComponent("flow-\(index).har")) }
            let result = try await harness(["verify", folder.url.path])
            #expect(result.status == 0, "\(result.standardOutput)")
            #expect(result.standardError.contains("checking cassettes: 60/60"))
            #expect(result.standardOutput.contains("60 cassettes, 180 entries: every contract holds"))
        }
    }

    @Test("An unreadable cassette or a missing Schemas folder exits 2")
    func cannotRun() async throws {
        let missing = try await harness(["verify", "/nonexistent/x.har"])
        #expect(missing.status == 2)
        #expect(missing.standardOutput.contains("cannot read /nonexistent/x.har"))
        let noSchemas = try await harness(["verify", "--schemas", "/nonexistent/Schemas"])
        #expect(noSchemas.status == 2)
        #expect(noSchemas.standardError.contains("cannot read /nonexistent/Schemas: no such folder"))
    }

    @Test("harness bench validate prints both figures and says what they include")
    func benchValidate() async throws {
        let result = try await harness(["bench", "validate", "--seconds", "0.02"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("XSD parse + validate"))
        #expect(result.standardOutput.contains("JSON parse + JSON Schema validate"))
        #expect(result.standardOutput.contains("JSON Schema validate (parsed once), all violations"))
        #expect(result.standardOutput.contains("docs/s by wall clock and per CPU-second"))
    }
}
