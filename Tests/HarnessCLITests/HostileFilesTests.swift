import Foundation
import HarnessTesting
import Testing

/// A HAR file built to break a reader, and what the error about it must say besides the file's name.
struct HostileHAR: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: Data
    /// A fragment of the error naming the place (JSON position or pointer) and what is wrong.
    var place: String

    var testDescription: String { name }

    static let all: [HostileHAR] = [
        HostileHAR(
            name: "truncated", bytes: Data(CassetteCommandsTests.exported.utf8.prefix(400)),
            place: "is not valid JSON at line 5, column 23: unterminated string"),
        HostileHAR(
            name: "deep-arrays",
            bytes: Data((#"{"log": {"entries": "# + String(repeating: "[", count: 10_000)).utf8),
            place: "is not valid JSON at line 1, column 531: nested deeper than 512 levels"),
        HostileHAR(
            name: "deep-objects", bytes: Data(String(repeating: #"{"a": "#, count: 10_000).utf8),
            place: "is not valid JSON at line 1, column 3073: nested deeper than 512 levels"),
        HostileHAR(
            name: "entries-a-string", bytes: Data(#"{"log": {"version": "1.2", "entries": "all of them"}}"#.utf8),
            place: "at /log/entries expected an array, found string"),
        HostileHAR(
            name: "status-a-word",
            bytes: Data(
                (#"{"log": {"entries": [{"request": {"method": "GET", "url": "https://x.example/"}, "#
                    + #""response": {"status": "two hundred"}}]}}"#).utf8),
            place: "at /log/entries/0/response/status expected an integer, found string"),
        HostileHAR(
            name: "latin-1",
            bytes: Data(#"{"log": {"entries": [], "comment": "caf"#.utf8) + Data([0xE9]) + Data(#""}}"#.utf8),
            place: "is not valid JSON at line 1, column 40: the text is not UTF-8"),
    ]
}

@Suite("Hostile files")
struct HostileFilesTests {
    func harness(_ arguments: [String], in folder: URL) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: folder)
    }

    /// Every command that reads a cassette file given on its command line.
    static let commands: [[String]] = [["show"], ["import"], ["redact"], ["redact", "--check"]]

    @Test(
        "show, import, redact and verify refuse a hostile HAR with the file, the place and status 2",
        arguments: HostileHAR.all)
    func hostileHAR(_ hostile: HostileHAR) async throws {
        let schemas = try RepositoryRoot.url().appendingPathComponent("Schemas").path
        try await withTemporaryDirectory { folder in
            let file = folder.appending("\(hostile.name).har")
            try hostile.bytes.write(to: file)
            for command in Self.commands {
                let result = try await harness(command + [file.path], in: folder.url)
                #expect(result.status == 2, "\(command): \(result.standardError)")
                #expect(result.standardError.contains("error: \(file.path)"), "\(command): \(result.standardError)")
                #expect(result.standardError.contains(hostile.place), "\(command): \(result.standardError)")
            }
            let verify = try await harness(["verify", "--schemas", schemas, file.path], in: folder.url)
            #expect(verify.status == 2, "\(verify.standardOutput)\(verify.standardError)")
            #expect(verify.standardOutput.contains(hostile.place), "\(verify.standardOutput)")
            #expect(
                !FileManager.default.fileExists(atPath: folder.appending("Cassettes").path), "import wrote nothing")
            #expect(try Data(contentsOf: file) == hostile.bytes, "redact left the file as it was")
        }
    }

    @Test("A 100 MB HAR is refused over the 64 MiB limit before it is read, by every command")
    func hugeHAR() async throws {
        let schemas = try RepositoryRoot.url().appendingPathComponent("Schemas").path
        try await withTemporaryDirectory { folder in
            let file = folder.appending("huge.har")
            try Self.writeHugeHAR(to: file, bytes: 100_000_000)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            #expect(size >= 100_000_000)
            let mebibytes = String(format: "%.1f", Double(size) / 1_048_576)
            for command in Self.commands {
                let result = try await harness(command + [file.path], in: folder.url)
                #expect(result.status == 2, "\(command): \(result.standardError)")
                #expect(
                    result.standardError.contains(
                        "error: cannot read cassette \(file.path): it is \(mebibytes) MiB, over the 64.0 MiB a cassette may hold"
                    ), "\(command): \(result.standardError)")
            }
            let verify = try await harness(["verify", "--schemas", schemas, file.path], in: folder.url)
            #expect(verify.status == 2)
            #expect(verify.standardOutput.contains("over the 64.0 MiB a cassette may hold"), "\(verify.standardOutput)")
        }
    }

    @Test("Bodies nested 10,000 deep inside a well-formed HAR are shown raw and reported with their place by verify")
    func deepBodies() async throws {
        let schemas = try RepositoryRoot.url().appendingPathComponent("Schemas").path
        try await withTemporaryDirectory { folder in
            let json = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
            let xml = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
            let entry =
                #"{"startedDateTime": "2026-01-01T00:00:00Z", "time": 1, "request": {"method": "POST", "#
                + #""url": "https://app.referralhero.com/api/sdk/v1/lists/MF83c9616aa3/subscribers", "headers": "#
                + #"[{"name": "Content-Type", "value": "application/json"}], "postData": {"mimeType": "#
                + #""application/json", "text": "\#(json)"}}, "response": {"status": 200, "content": {"#
                + #""mimeType": "text/xml", "text": "\#(xml)"}}}"#
            try FileManager.default.createDirectory(
                at: folder.appending("referralhero"), withIntermediateDirectories: true)
            let file = folder.appending("referralhero/deep.har")
            try Data(#"{"log": {"entries": [\#(entry)]}}"#.utf8).write(to: file)
            let shown = try await harness(["show", file.path], in: folder.url)
            #expect(shown.status == 0, "\(shown.standardError)")
            #expect(shown.standardOutput.contains(String(repeating: "[", count: 100)))
            let verify = try await harness(["verify", "--schemas", schemas, file.path], in: folder.url)
            #expect(verify.status == 1, "\(verify.standardError)")
            #expect(
                verify.standardOutput.contains(
                    "[malformed-body] request body: expected JSON, found JSON nests deeper than 512 levels at line 1, "
                        + "column 513"), "\(verify.standardOutput)")
        }
    }

    @Test("A file that never ends (/dev/zero) is refused after the limit instead of read forever")
    func endlessFile() async throws {
        try await withTemporaryDirectory { folder in
            let result = try await harness(["show", "/dev/zero"], in: folder.url)
            #expect(result.status == 2)
            #expect(
                result.standardError.contains(
                    "cannot read cassette /dev/zero: it is longer than the limit, over the 64.0 MiB"),
                "\(result.standardError)")
        }
    }

    /// A well-formed HAR of at least `bytes` bytes, written 1 MB at a time so the test never holds it whole.
    static func writeHugeHAR(to file: URL, bytes: Int) throws {
        let entry =
            #"{"startedDateTime": "2026-01-01T00:00:00Z", "time": 1, "request": {"method": "GET", "#
            + #""url": "https://api.example.com/padding", "headers": []}, "response": {"status": 200, "#
            + #""content": {"mimeType": "text/plain", "text": "padding padding padding padding"}}},"#
        let chunk = Data(String(repeating: entry, count: 1_000_000 / entry.utf8.count).utf8)
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(#"{"log": {"entries": ["#.utf8))
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        var written = 0
        while written < bytes {
            try handle.write(contentsOf: chunk)
            written += chunk.count
        }
        try handle.write(contentsOf: Data(String(entry.dropLast()).utf8) + Data("]}}".utf8))
    }
}
