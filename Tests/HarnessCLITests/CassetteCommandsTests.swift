import CassetteKit
import Foundation
import HarnessTesting
import Testing

@Suite("harness import, show and redact")
struct CassetteCommandsTests {
    func harness(_ arguments: [String], in folder: URL) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: folder)
    }

    static let exported = """
        {"log": {"version": "1.2", "creator": {"name": "Charles", "version": "4.6"}, "entries": [{
          "startedDateTime": "2024-05-01T10:00:00.000Z", "time": 42, "_priority": "High",
          "request": {"method": "POST", "url": "https://api.example.com/XMLAPI?access_token=live-abc",
            "httpVersion": "HTTP/1.1", "cookies": [], "queryString": [{"name": "access_token", "value": "live-abc"}],
            "headers": [{"name": "Content-Type", "value": "application/x-www-form-urlencoded"},
                        {"name": "Authorization", "value": "Bearer live-abc"}],
            "postData": {"mimeType": "application/x-www-form-urlencoded",
              "text": "xml=%3CEnvelope%3E%3CBody%3E%3CGetLists%3E%3CVISIBILITY%3E1%3C%2FVISIBILITY%3E%3C%2FGetLists%3E%3C%2FBody%3E%3C%2FEnvelope%3E"},
            "headersSize": -1, "bodySize": 120},
          "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [],
            "headers": [{"name": "Content-Type", "value": "text/xml"}, {"name": "Content-Encoding", "value": "gzip"}],
            "content": {"size": 60, "mimeType": "text/xml", "text": "<Envelope><Body><RESULT><SUCCESS>true</SUCCESS></RESULT></Body></Envelope>"},
            "redirectURL": "", "headersSize": -1, "bodySize": 60},
          "cache": {}, "timings": {"send": 1, "wait": 40, "receive": 1}}]}}
        """

    @Test("harness import writes a redacted cassette that harness show prints with XML indented")
    func importAndShow() async throws {
        try await withTemporaryDirectory { folder in
            try Data(Self.exported.utf8).write(to: folder.appending("Engage export.har"))
            let imported = try await harness(["import", "Engage export.har", "--vendor", "engage"], in: folder.url)
            #expect(imported.status == 0, "\(imported.standardError)")
            #expect(
                imported.standardOutput.contains(
                    "Cassettes/imported/Engage-export.har: 1 interaction, 2 values redacted"))
            let text = try String(contentsOf: folder.appending("Cassettes/imported/Engage-export.har"), encoding: .utf8)
            #expect(!text.contains("live-abc"))
            #expect(text.contains("\"_priority\": \"High\""), "extension fields are kept")
            #expect(!text.contains("Content-Encoding"), "a decoded body loses the encoding header")

            let shown = try await harness(["show", "imported/Engage-export"], in: folder.url)
            #expect(shown.status == 0, "\(shown.standardError)")
            #expect(
                shown.standardOutput.contains(
                    "#0 POST https://api.example.com/XMLAPI?access_token=%3Credacted%3Aaccess_token%3A1%3E"))
            #expect(
                shown.standardOutput.contains("  Authorization: Bearer <redacted:access_token:1>"),
                "one secret, one placeholder")
            #expect(shown.standardOutput.contains("    xml =\n      <Envelope>\n        <Body>\n          <GetLists>"))
            #expect(shown.standardOutput.contains("→ 200 OK  (42 ms)"))

            let again = try await harness(["import", "Engage export.har", "--vendor", "engage"], in: folder.url)
            #expect(again.status != 0)
            #expect(again.standardError.contains("exists; pass --force to replace it"))
        }
    }

    @Test("harness redact rewrites secrets in place and --check fails while any remain")
    func redact() async throws {
        try await withTemporaryDirectory { folder in
            try Data(Self.exported.utf8).write(to: folder.appending("raw.har"))
            let check = try await harness(["redact", "--check", "raw.har"], in: folder.url)
            #expect(check.status == 1)
            #expect(check.standardOutput.contains("raw.har: 2 values to redact"))
            let unchanged = try Data(contentsOf: folder.appending("raw.har"))
            #expect(unchanged == Data(Self.exported.utf8), "--check writes nothing")

            let fixed = try await harness(["redact", ".", "--field", "xpath://VISIBILITY"], in: folder.url)
            #expect(fixed.status == 0, "\(fixed.standardError)")
            #expect(fixed.standardOutput.contains("raw.har: redacted 3 values"))
            let cassette = try Cassette(contentsOf: folder.appending("raw.har"))
            #expect(cassette.harness.redact == [.xpath("//VISIBILITY")])
            #expect(try await harness(["redact", "--check", "raw.har"], in: folder.url).status == 0)
        }
    }

    @Test("show and import name the file, the JSON path and what was expected for a malformed HAR")
    func malformed() async throws {
        try await withTemporaryDirectory { folder in
            try Data(#"{"log": {"entries": [{"request": {"method": "GET", "url": 7}}]}}"#.utf8)
                .write(to: folder.appending("bad.har"))
            for command in [["show", "bad.har"], ["import", "bad.har"], ["redact", "bad.har"]] {
                let result = try await harness(command, in: folder.url)
                #expect(result.status != 0)
                #expect(
                    result.standardError.contains(
                        "bad.har is not a HAR cassette: at /log/entries/0/request/url expected a string, found number"),
                    "\(command[0]): \(result.standardError)")
            }
            let missing = try await harness(["show", "engage/none"], in: folder.url)
            #expect(
                missing.standardError.contains(
                    "cannot read cassette \(folder.url.path)/Cassettes/engage/none.har: no such file"))
        }
    }

    @Test("harness bench replay prints replay, lookup and load figures against their targets")
    func benchReplay() async throws {
        try await withTemporaryDirectory { folder in
            let result = try await harness(
                ["bench", "replay", "--entries", "100", "--large", "500", "--load", "200", "--rounds", "1"],
                in: folder.url)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("replay per request, ReplaySession:"))
            #expect(result.standardOutput.contains("(target <= 20 µs)"))
            #expect(result.standardOutput.contains("lookup, 500 entries:"))
            #expect(result.standardOutput.contains("(target <= 1.5x)"))
            #expect(result.standardOutput.contains("load 200 entries"))
        }
    }
}
