import CassetteKit
import Foundation
import JSONCore
import Testing

@Suite("CassetteDiff")
struct CassetteDiffTests {
    let greet = Sample.request(body: #"{"name":"Ada","tags":["a","b"]}"#)

    @Test("a cassette compared with itself, and with its keys reordered and reformatted, is equal")
    func equal() throws {
        let old = Sample.cassette([(greet, Sample.response(201, #"{"id":1,"status":"ok"}"#))])
        let reordered = Sample.request(body: "{ \"tags\": [\"a\", \"b\"],\n \"name\": \"Ada\" }")
        let new = Sample.cassette([(reordered, Sample.response(201, #"{"status":"ok","id":1.0}"#))])
        #expect(try CassetteDiff(old: old, new: old).isEmpty)
        let diff = try CassetteDiff(old: old, new: new)
        #expect(diff.isEmpty, "\(diff.text(old: "a", new: "b"))")
        #expect(diff.text(old: "a", new: "b") == "a and b are semantically equal\n")
    }

    @Test("JSON bodies are compared by pointer: changed, added and removed members with old and new values")
    func jsonFields() throws {
        let old = Sample.cassette([(greet, Sample.response(201, #"{"id":1,"status":"ok","gone":true}"#))])
        let new = Sample.cassette([(greet, Sample.response(201, #"{"id":1,"status":"pending","extra":[1]}"#))])
        let diff = try CassetteDiff(old: old, new: new)
        let entry = try #require(diff.entries.first)
        #expect(entry.kind == .changed && entry.oldIndex == 0 && entry.newIndex == 0)
        #expect(
            Set(entry.fields) == [
                FieldChange(kind: .changed, field: "response body json:/status", old: "\"ok\"", new: "\"pending\""),
                FieldChange(kind: .removed, field: "response body json:/gone", old: "true", new: nil),
                FieldChange(kind: .added, field: "response body json:/extra", old: nil, new: "[1]"),
            ])
        let text = diff.text(old: "a.har", new: "b.har")
        #expect(text.contains("~ response body json:/status: \"ok\" → \"pending\""))
        #expect(text.contains("- response body json:/gone: true"))
        #expect(text.contains("+ response body json:/extra: [1]"))
    }

    @Test("status and headers are compared; Content-Length is not")
    func statusAndHeaders() throws {
        var changed = Sample.response(200)
        changed.headers.append("X-Trace", "1")
        changed.headers.append("Content-Length", "11")
        var old = Sample.cassette([(greet, Sample.response(201))])
        old.entries[0].response.headers.append(HAR.NameValue("Content-Length", "99"))
        let new = Sample.cassette([(greet, changed)])
        let fields = try CassetteDiff(old: old, new: new).fieldChanges
        #expect(fields.contains(FieldChange(kind: .changed, field: "response status", old: "201", new: "200")))
        #expect(fields.contains(FieldChange(kind: .added, field: "response header:x-trace", old: nil, new: "\"1\"")))
        #expect(!fields.contains { $0.field.contains("content-length") })
    }

    @Test("XML bodies are compared by XPath on the canonical form: prefixes and attribute order do not count")
    func xmlFields() throws {
        let xml = "application/xml"
        let old = Sample.cassette([
            (
                greet,
                Sample.response(200, #"<r:A xmlns:r="urn:x" b="1" c="2"><r:B>one</r:B><r:C/></r:A>"#, contentType: xml)
            )
        ])
        let same = Sample.cassette([
            (greet, Sample.response(200, #"<A xmlns="urn:x" c="2" b="1"><B>one</B><C></C></A>"#, contentType: xml))
        ])
        let new = Sample.cassette([
            (greet, Sample.response(200, #"<A xmlns="urn:x" b="1"><B>two</B><C/><D/></A>"#, contentType: xml))
        ])
        #expect(try CassetteDiff(old: old, new: same).isEmpty)
        let fields = try CassetteDiff(old: old, new: new).fieldChanges
        #expect(
            fields.contains(FieldChange(kind: .removed, field: "response body xpath:/A/@c", old: "\"2\"", new: nil)))
        #expect(
            fields.contains(
                FieldChange(
                    kind: .changed, field: "response body xpath:/A/B[1]/text()", old: "\"one\"", new: "\"two\"")))
        #expect(fields.contains { $0.kind == .added && $0.field == "response body xpath:/A/D[1]" })
    }

    @Test("form bodies are compared as a set of fields")
    func formFields() throws {
        let form = "application/x-www-form-urlencoded"
        let old = Sample.cassette([(greet, Sample.response(200, "a=1&b=2", contentType: form))])
        let reordered = Sample.cassette([(greet, Sample.response(200, "b=2&a=1", contentType: form))])
        let new = Sample.cassette([(greet, Sample.response(200, "a=1&b=3", contentType: form))])
        #expect(try CassetteDiff(old: old, new: reordered).isEmpty)
        #expect(
            try CassetteDiff(old: old, new: new).fieldChanges == [
                FieldChange(kind: .changed, field: "response form:b", old: "\"2\"", new: "\"3\"")
            ])
    }

    @Test("volatile fields of either cassette are ignored; secrets compare in redacted form")
    func volatileAndSecrets() throws {
        let volatile = HarnessExtension(volatile: [.json(JSONPointer("/createdAt"))])
        var tokenOld = greet
        tokenOld.headers.append("Authorization", "Bearer one")
        var tokenNew = greet
        tokenNew.headers.append("Authorization", "Bearer two")
        let old = Sample.cassette([(tokenOld, Sample.response(201, #"{"createdAt":"2024-01-01"}"#))])
        let new = Sample.cassette(
            [(tokenNew, Sample.response(201, #"{"createdAt":"2026-11-24"}"#))], harness: volatile)
        let diff = try CassetteDiff(old: old, new: new)
        #expect(diff.isEmpty, "\(diff.text(old: "a", new: "b"))")
    }

    @Test("entries pair by request: one the new cassette lacks is removed, a new request is added")
    func pairing() throws {
        let other = Sample.request("GET", "https://api.example.com/v1/status")
        let changedBody = Sample.request(body: #"{"name":"Bob","tags":["a","b"]}"#)
        let old = Sample.cassette([(greet, Sample.response()), (other, Sample.response())])
        let new = Sample.cassette([(changedBody, Sample.response()), (other, Sample.response())])
        let diff = try CassetteDiff(old: old, new: new)
        #expect(
            diff.entries == [
                EntryChange(
                    kind: .added, oldIndex: nil, newIndex: 0, request: "POST https://api.example.com/v1/events"),
                EntryChange(
                    kind: .removed, oldIndex: 0, newIndex: nil, request: "POST https://api.example.com/v1/events"),
            ])
        #expect(diff.summary == "1 entry added, 1 removed")
    }

    @Test("the recorded outcomes are compared by pointer")
    func outcome() throws {
        let old = Sample.cassette([], harness: HarnessExtension(outcome: ["result": "confirmed"]))
        let new = Sample.cassette([], harness: HarnessExtension(outcome: ["result": "pending"]))
        #expect(
            try CassetteDiff(old: old, new: new).cassette == [
                FieldChange(kind: .changed, field: "outcome json:/result", old: "\"confirmed\"", new: "\"pending\"")
            ])
    }

    @Test("the JSON form names the change, the entry indexes and each field's old and new values")
    func json() throws {
        let old = Sample.cassette([(greet, Sample.response(201, #"{"status":"ok"}"#))])
        let new = Sample.cassette([(greet, Sample.response(201, #"{"status":"no"}"#))])
        let json = try CassetteDiff(old: old, new: new).json
        #expect(json["equal"] == false)
        let field = try #require(json["entries"]?[0]?["fields"]?[0])
        #expect(field["change"] == "changed" && field["old"] == "\"ok\"" && field["new"] == "\"no\"")
    }

    @Test("a body that claims base64 but is not is an error naming the cassette and the entry")
    func hostileBase64() throws {
        var broken = Sample.cassette([(greet, Sample.response())])
        broken.entries[0].response.content.encoding = "base64"
        broken.entries[0].response.content.text = "!!!! not base64 ****"
        #expect(throws: CassetteError.self) { try CassetteDiff(old: broken, new: broken, oldName: "broken.har") }
        do {
            _ = try CassetteDiff(old: broken, new: broken, oldName: "broken.har")
        } catch {
            #expect(error.description.contains("broken.har") && error.description.contains("/log/entries/0/response"))
        }
    }
}
