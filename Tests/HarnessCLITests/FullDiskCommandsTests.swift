import Foundation
import HarnessTesting
import Testing

/// `harness record` when the cassettes' disk is full, end to end with the built binary.
@Suite(
    "harness record on a full disk",
    .enabled(if: SmallFileSystem.isAvailable, Comment(rawValue: SmallFileSystem.unavailableReason ?? "")))
struct FullDiskCommandsTests {
    func harness(_ arguments: [String]) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: try RepositoryRoot.url())
    }

    @Test(
        "record exits 1 naming the file and ENOSPC, keeps the stored cassette, and succeeds once space is back")
    func record() async throws {
        try await withSmallFileSystem(kibibytes: 512) { disk in
            let flow = "referralhero/add-subscriber"
            let cassettes = disk.url.appendingPathComponent("Cassettes")
            let file = cassettes.appendingPathComponent("\(flow).har")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // The stored cassette differs from what the simulator answers, so recording must rewrite it.
            let source = try RepositoryRoot.url().appendingPathComponent("Cassettes/\(flow).har")
            let stored = try String(contentsOf: source, encoding: .utf8)
                .replacingOccurrences(of: #"\"points\":0,"#, with: #"\"points\":5,"#)
            try Data(stored.utf8).write(to: file)

            try disk.fill()
            let full = try await harness(["record", flow, "--cassettes", cassettes.path])
            #expect(full.status == 1, "\(full.standardOutput)\(full.standardError)")
            #expect(
                full.standardOutput.contains(
                    "✗ \(flow)  not recorded: cannot write \(file.path): no space left on device (ENOSPC)"))
            #expect(!full.standardError.contains("Fatal error") && !full.standardError.contains("Stack dump"))
            #expect(try String(contentsOf: file, encoding: .utf8) == stored, "the stored cassette is untouched")
            let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            #expect(names == ["add-subscriber.har"], "no temporary file is left")

            disk.free()
            let freed = try await harness(["record", flow, "--cassettes", cassettes.path])
            #expect(freed.status == 0, "\(freed.standardOutput)\(freed.standardError)")
            #expect(try String(contentsOf: file, encoding: .utf8) != stored)
            let check = try await harness(["record", "--check", flow, "--cassettes", cassettes.path])
            #expect(check.status == 0, "the rewritten cassette is whole: \(check.standardOutput)")
        }
    }
}
