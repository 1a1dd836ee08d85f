import Foundation
import HarnessTesting
import Testing

/// What CI uses: `verify` by vendor or flow, `--format github`, and shell completion, end to end.
@Suite("harness in CI")
struct CICommandsTests {
    func harness(_ arguments: [String]) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: try RepositoryRoot.url())
    }

    @Test("verify with a flow id or a vendor runs just those flows; an unknown name exits 2 listing the vendors")
    func verifyByName() async throws {
        let one = try await harness(["verify", "referralhero/add-subscriber"])
        #expect(one.status == 0, "\(one.standardOutput)\(one.standardError)")
        #expect(one.standardOutput.contains("checks of 1 flow"))
        let unknown = try await harness(["verify", "nobody"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("'nobody' is neither a vendor, a flow id nor an existing file"))
        #expect(unknown.standardError.contains("vendors: engage, referralhero"))
        #expect(unknown.standardError.contains("harness flows"))
    }

    @Test("verify --format github annotates a broken cassette at its file and entry line")
    func verifyGitHub() async throws {
        try await withTemporaryDirectory { folder in
            let flow = "referralhero/add-subscriber"
            let broken = try copyRepositoryCassette(flow, into: folder) {
                $0.replacingOccurrences(of: #"\"points\":0,"#, with: #"\"points\":5,"#)
            }
            let result = try await harness([
                "verify", flow, "--cassettes", folder.appending("Cassettes").path, "--format", "github",
            ])
            #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
            let annotation = try #require(
                result.standardOutput.split(separator: "\n").first { $0.contains("provider") })
            let text = try String(contentsOf: broken, encoding: .utf8)
            let entry = try #require(
                text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"entries\"") })
            #expect(annotation.hasPrefix("::error file=\(broken.path),line=\(entry + 2),"))
        }
    }

    @Test("the shell completion scripts complete harness's subcommands, and bash accepts the script")
    func completion() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try await harness(["--generate-completion-script", shell])
            #expect(script.status == 0, "\(script.standardError)")
            #expect(script.standardOutput.contains("verify") && script.standardOutput.contains("diff"))
        }
        try await withTemporaryDirectory { folder in
            let script = folder.appending("harness.bash")
            let bash = try await harness(["--generate-completion-script", "bash"])
            try Data(bash.standardOutput.utf8).write(to: script)
            let loaded = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/bash"), ["-c", "source '\(script.path)' && complete -p harness"])
            #expect(loaded.status == 0, "\(loaded.standardError)")
            #expect(loaded.standardOutput.contains("harness"))
        }
    }
}
