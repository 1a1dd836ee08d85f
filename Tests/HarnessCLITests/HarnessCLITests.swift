import Foundation
import HarnessTesting
import Testing

@Suite("harness CLI")
struct HarnessCLITests {
    func harness(_ arguments: String...) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: RepositoryRoot.url())
    }

    @Test("harness --help lists the subcommands")
    func help() async throws {
        let result = try await harness("--help")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: harness"))
        #expect(result.standardOutput.contains("version"))
        #expect(result.standardOutput.contains("bench"))
    }

    @Test("harness version prints its version and libxml2's")
    func version() async throws {
        let result = try await harness("version")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("harness 0."))
        #expect(result.standardOutput.contains("libxml2 2."))
    }

    @Test("--verbose logs to standard error and leaves standard output alone")
    func verbose() async throws {
        let result = try await harness("version", "--verbose")
        #expect(result.status == 0)
        #expect(result.standardError.contains("reporting versions"))
        #expect(!result.standardOutput.contains("reporting versions"))
    }

    @Test("An unknown subcommand exits non-zero with a usage error")
    func unknownCommand() async throws {
        let result = try await harness("frobnicate")
        #expect(result.status == 64)
        #expect(result.standardError.contains("Unexpected argument 'frobnicate'"))
    }

    @Test("harness bench xml measures a valid envelope and prints docs/s")
    func benchXML() async throws {
        let result = try await harness("bench", "xml", "--seconds", "0.05")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("docs/s"))
        #expect(result.standardOutput.contains("1 core"))
    }

    @Test("harness bench xml names a missing schema folder")
    func benchXMLMissingSchemas() async throws {
        let result = try await harness("bench", "xml", "--schemas", "/nonexistent", "--seconds", "0.05")
        #expect(result.status != 0)
        #expect(result.standardError.contains("/nonexistent/engage/xsd/result.xsd"))
    }
}
