import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import Testing

@Suite("Cassette")
struct CassetteCodecTests {
    @Test(
        "Every real HAR export in the shared corpus loads",
        .enabled(if: HARCorpus.folder != nil, Comment(rawValue: SharedData.absenceReason)))
    func corpusLoads() throws {
        let files = HARCorpus.files
        #expect(files.count >= 30, "the corpus holds the browser and proxy exports")
        for file in files {
            let cassette = try Cassette(contentsOf: file)
            let raw = try JSONValue(parsing: Data(contentsOf: file))
            #expect(cassette.entries.count == raw["log"]?["entries"]?.arrayValue?.count, "\(file.lastPathComponent)")
        }
    }

    @Test(
        "Every corpus file round-trips: a second save gives the same bytes, and every _ field is kept",
        .enabled(if: HARCorpus.folder != nil, Comment(rawValue: SharedData.absenceReason)))
    func corpusRoundTrips() throws {
        for file in HARCorpus.files {
            let name = file.lastPathComponent
            let original = try JSONValue(parsing: Data(contentsOf: file))
            let first = try Cassette(contentsOf: file).encoded()
            let reloaded = try Cassette(data: first, source: name)
            #expect(reloaded.encoded() == first, "\(name): saving a loaded cassette again changes its bytes")
            #expect(reloaded == (try Cassette(contentsOf: file)), "\(name): the model changed on a round trip")
            let written = try JSONValue(parsing: first)
            for pointer in Self.underscoreMembers(of: original) {
                #expect(written[pointer: pointer] == original[pointer: pointer], "\(name): \(pointer) lost or changed")
            }
        }
    }

    /// Pointers of every `_`-prefixed member, outside `_` members themselves.
    static func underscoreMembers(of value: JSONValue, at pointer: JSONPointer = .root) -> [JSONPointer] {
        switch value {
        case .object(let object):
            object.flatMap { member -> [JSONPointer] in
                let child = pointer.appending(member.key)
                return member.key.hasPrefix("_") ? [child] : underscoreMembers(of: member.value, at: child)
            }
        case .array(let elements):
            elements.enumerated().flatMap { underscoreMembers(of: $0.element, at: pointer.appending($0.offset)) }
        default:
            []
        }
    }

    @Test("A cassette written by the harness reloads to identical bytes, sorted and with a trailing newline")
    func byteStable() throws {
        var cassette = Sample.cassette(
            [
                (Sample.request(body: #"{"b":1,"a":[1.5,2]}"#), Sample.response()),
                (
                    Sample.request("GET", "https://api.example.com/v1/users?id=7&x=%20y", body: ""),
                    Sample.response(404, "")
                ),
            ],
            harness: HarnessExtension(
                flow: "demo/flow", vendor: "demo", volatile: [.header("Date"), .json("/ts")],
                schema: SchemaReference(document: "demo/demo.openapi.yaml"), outcome: ["status": "ok"]))
        cassette.log.extensions["_exporter"] = "kept"
        let bytes = cassette.encoded()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("\"_harness\": {"))
        let reloaded = try Cassette(data: bytes, source: "demo.har")
        #expect(reloaded == cassette)
        #expect(reloaded.encoded() == bytes)
        #expect(reloaded.harness.volatile == [.header("Date"), .json("/ts")])
        #expect(reloaded.log.extensions["_exporter"] == "kept")
    }

    @Test("A member of the wrong type is reported with the file, the JSON pointer and what was expected")
    func wrongType() throws {
        let url = Fixtures.url("wrong-type-method.har")
        let error = #expect(throws: CassetteError.self) { try Cassette(contentsOf: url) }
        #expect(
            error
                == .malformed(
                    file: url.path, pointer: "/log/entries/1/request/method", expected: "a string", found: "number"))
        #expect(
            error?.description.contains(
                "wrong-type-method.har is not a HAR cassette: at /log/entries/1/request/method expected a string, found number"
            ) == true)
    }

    @Test("Truncated JSON is reported with the file, line and column")
    func truncated() throws {
        let url = Fixtures.url("truncated.har")
        let error = #expect(throws: CassetteError.self) { try Cassette(contentsOf: url) }
        guard case .invalidJSON(let file, let line, _, _) = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(file == url.path)
        #expect(line == 5 || line == 6)
        #expect(error?.description.contains("truncated.har is not valid JSON at line") == true)
    }

    @Test("A file without log, or a response without status, names the missing member")
    func missingMembers() throws {
        let noLog = #expect(throws: CassetteError.self) { try Cassette(contentsOf: Fixtures.url("no-log.har")) }
        #expect(noLog?.description.contains("at /log expected an object, found nothing") == true)
        let noStatus = #expect(throws: CassetteError.self) {
            try Cassette(contentsOf: Fixtures.url("missing-status.har"))
        }
        #expect(
            noStatus?.description.contains("at /log/entries/0/response/status expected an integer, found nothing")
                == true)
    }

    @Test("A volatile field with an unknown prefix is reported at its pointer")
    func badVolatile() throws {
        let error = #expect(throws: CassetteError.self) { try Cassette(contentsOf: Fixtures.url("bad-volatile.har")) }
        #expect(error?.description.contains("/log/_harness/volatile/1") == true)
        #expect(error?.description.contains("unknown prefix 'jsonpath:'") == true)
    }

    @Test("A missing file is an unreadable error naming it")
    func missingFile() {
        let error = #expect(throws: CassetteError.self) {
            try Cassette(contentsOf: URL(fileURLWithPath: "/nonexistent/flow.har"))
        }
        #expect(error == .unreadable(file: "/nonexistent/flow.har", reason: "no such file"))
    }

    @Test("Binary bodies are stored base64 and text bodies exactly as sent")
    func bodies() throws {
        let binary = Data([0, 1, 2, 255, 254])
        let request = CassetteRequest(
            method: "PUT", url: "https://x.test/blob", headers: ["Content-Type": "application/octet-stream"],
            body: binary)
        let xml = "<Envelope>\r\n  <Body a='1'/>\n</Envelope>"
        let response = Sample.response(200, xml, contentType: "text/xml;charset=UTF-8")
        let entry = Sample.entry(request, response)
        #expect(entry.request.postData?.encoding == "base64")
        #expect(entry.response.content.encoding == nil)
        #expect(entry.response.content.text == xml)
        let reloaded = try Cassette(data: Cassette(log: HAR.Log(entries: [entry])).encoded(), source: "t")
        #expect(reloaded.entries[0].request.cassetteRequest?.body == binary)
        #expect(reloaded.entries[0].response.cassetteResponse?.body == Data(xml.utf8))
    }

    @Test("A post exported with params only is form-encoded again")
    func paramsOnly() throws {
        let postData = HAR.PostData(
            mimeType: "application/x-www-form-urlencoded",
            params: [HAR.Param(name: "a b", value: "1&2"), HAR.Param(name: "xml", value: "<E/>")])
        #expect(postData.bytes == Data("a%20b=1%262&xml=%3CE%2F%3E".utf8))
    }

    @Test("A large cassette is read in slices on every core, in order, and its first bad entry is the one reported")
    func largeCassette() throws {
        let cassette = Sample.cassette((0..<3000).map { (Sample.request(body: "{\"n\":\($0)}"), Sample.response()) })
        let reloaded = try Cassette(data: cassette.encoded(), source: "large.har")
        #expect(reloaded == cassette)
        var json = cassette.json
        json.set(7, at: "/log/entries/2500/request/url")
        json.set(.null, at: "/log/entries/1700/response/status")
        json.set("not a number", at: "/log/entries/1400/time")
        let error = #expect(throws: CassetteError.self) { try Cassette(json: json, source: "large.har") }
        #expect(
            error
                == .malformed(
                    file: "large.har", pointer: "/log/entries/1400/time", expected: "a number", found: "string"))
    }
}
