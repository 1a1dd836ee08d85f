import Foundation
import HarnessTesting
import Testing

@Suite("Cassette names that leave the cassette folder")
struct PathEscapeCommandsTests {
    func harness(_ arguments: [String], in folder: URL) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: folder)
    }

    @Test(
        "import --as, show and serve --cassette refuse names that climb out, with status 2",
        arguments: ["../escaped", "imported/../../escaped", "/tmp/escaped", "imported/.hidden"])
    func escapingNames(name: String) async throws {
        try await withTemporaryDirectory { folder in
            try Data(CassetteCommandsTests.exported.utf8).write(to: folder.appending("export.har"))
            let imported = try await harness(["import", "export.har", "--as", name], in: folder.url)
            #expect(imported.status == 2, "\(imported.standardError)")
            #expect(
                imported.standardError.contains("error: '\(name)' is not a cassette name"), "\(imported.standardError)")
            #expect(
                !FileManager.default.fileExists(
                    atPath: folder.url.deletingLastPathComponent().appendingPathComponent("escaped.har").path))
            if !name.hasPrefix("/") {
                let shown = try await harness(["show", name], in: folder.url)
                #expect(shown.status == 2, "\(shown.standardError)")
                #expect(shown.standardError.contains("is not a cassette name"), "\(shown.standardError)")
            }
            let served = try await harness(
                ["serve", "--port", "0", "--mode", "record", "--upstream", "http://127.0.0.1:9", "--cassette", name],
                in: folder.url)
            #expect(served.status == 2, "\(served.standardError)")
            #expect(served.standardError.contains("error: cassette name"), "\(served.standardError)")
        }
    }

    @Test("import refuses to write through a symbolic link out of the cassette folder, with status 2")
    func symlinkedFolder() async throws {
        try await withTemporaryDirectory { outside in
            try await withTemporaryDirectory { folder in
                try Data(CassetteCommandsTests.exported.utf8).write(to: folder.appending("export.har"))
                try FileManager.default.createDirectory(
                    at: folder.appending("Cassettes"), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    at: folder.appending("Cassettes/imported"), withDestinationURL: outside.url)
                let imported = try await harness(["import", "export.har", "--vendor", "engage"], in: folder.url)
                #expect(imported.status == 2, "\(imported.standardError)")
                #expect(
                    imported.standardError.contains("leads out of the cassette folder"), "\(imported.standardError)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path).isEmpty)
                let shown = try await harness(["show", "imported/export"], in: folder.url)
                #expect(shown.status == 2)
                #expect(shown.standardError.contains("leads out of the cassette folder"), "\(shown.standardError)")
            }
        }
    }

    @Test("record refuses to write a flow's cassette through a vendor folder linked out of the cassette folder")
    func recordThroughSymlink() async throws {
        try await withTemporaryDirectory { outside in
            try await withTemporaryDirectory { folder in
                let cassettes = folder.appending("Cassettes")
                try FileManager.default.createDirectory(at: cassettes, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    at: cassettes.appendingPathComponent("walkme"), withDestinationURL: outside.url)
                let recorded = try await harness(
                    ["record", "walkme/data-file-access-token", "--cassettes", cassettes.path],
                    in: try RepositoryRoot.url())
                #expect(recorded.status == 1, "the flow is not recorded: \(recorded.standardError)")
                #expect(
                    recorded.standardOutput.contains(
                        "✗ walkme/data-file-access-token  not recorded: cassette 'walkme/data-file-access-token' "
                            + "leads out of the cassette folder"), "\(recorded.standardOutput)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path).isEmpty)
            }
        }
    }
}
