import Foundation
import HarnessTesting
import Testing

@Suite("harness fuzz")
struct FuzzCommandTests {
    func harness(_ arguments: [String], in folder: URL) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: folder)
    }

    @Test("a short run against the ReferralHero simulator finds nothing, exits 0 and prints the same twice")
    func cleanRun() async throws {
        let root = try RepositoryRoot.url()
        let arguments = ["fuzz", "--vendor", "referralhero", "--requests", "60", "--seed", "9"]
        let first = try await harness(arguments, in: root)
        #expect(first.status == 0, "\(first.standardOutput)\(first.standardError)")
        #expect(first.standardOutput.contains("referralhero: 60 requests to the referralhero simulator (seed 9)"))
        #expect(first.standardOutput.contains("60 requests, 0 findings"))
        let second = try await harness(arguments, in: root)
        let sent = { (text: String) in text.split(separator: "\n").first { $0.hasPrefix("  sent: ") } }
        #expect(sent(first.standardOutput) == sent(second.standardOutput))
    }

    @Test("findings exit 1 with a curl line and a cassette; bad input exits 2 naming what was wrong")
    func findingsAndErrors() async throws {
        try await withTemporaryDirectory { folder in
            let schemas = try RepositoryRoot.schemas().path
            let unreachable = try await harness(
                [
                    "fuzz", "--vendor", "walkme", "--schemas", schemas, "--against", "http://127.0.0.1:9/walkme",
                    "--requests", "5", "--timeout", "5",
                ], in: folder.url)
            #expect(unreachable.status == 2, "\(unreachable.standardError)")
            #expect(unreachable.standardError.contains("cannot reach http://127.0.0.1:9/walkme"))

            // A schema looser than the simulator: WalkMe's `type` as any digits, which the simulator refuses
            // outside 10 to 13.
            let copy = folder.appending("Schemas")
            try FileManager.default.copyItem(at: try RepositoryRoot.schemas(), to: copy)
            let file = copy.appendingPathComponent("walkme/walkme.openapi.yaml")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: #"enum: ["10", "11", "12", "13"]"#, with: #"pattern: "^[0-9]+$""#)
                .write(to: file, atomically: true, encoding: .utf8)
            let loose = try await harness(
                ["fuzz", "--vendor", "walkme", "--schemas", copy.path, "--requests", "400", "--junit", "fuzz.xml"],
                in: folder.url)
            #expect(loose.status == 1, "\(loose.standardOutput)\(loose.standardError)")
            #expect(loose.standardOutput.contains("[valid-refused] GET /sdk/v1/apps/{appKey}/settings.json"))
            #expect(loose.standardOutput.contains("curl -sS -i -X GET 'http://127.0.0.1:8080/walkme/sdk/v1/apps/"))
            #expect(loose.standardOutput.contains("cassette: .harness/fuzz/walkme-"))
            let junit = try String(contentsOf: folder.appending("fuzz.xml"), encoding: .utf8)
            #expect(junit.contains("<failure type=\"valid-refused\""))

            let unknown = try await harness(["fuzz", "--vendor", "nobody", "--schemas", schemas], in: folder.url)
            #expect(unknown.status == 2)
            #expect(unknown.standardError.contains("no contract for vendor 'nobody'"))

            let missing = try await harness(["fuzz", "--schemas", folder.appending("none").path], in: folder.url)
            #expect(missing.status == 2)
            #expect(missing.standardError.contains("no such folder"))

            let negative = try await harness(["fuzz", "--requests", "0"], in: folder.url)
            #expect(negative.status == 64)
            #expect(negative.standardError.contains("--requests takes a number from 1 to 10000000; got 0"))

            let timeout = try await harness(["fuzz", "--timeout", "inf"], in: folder.url)
            #expect(timeout.status == 64)
            #expect(timeout.standardError.contains("--timeout takes seconds between 0.001 and 3600; got inf"))
        }
    }
}
