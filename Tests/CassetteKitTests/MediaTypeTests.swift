import CassetteKit
import Testing

@Suite("MediaType")
struct MediaTypeTests {
    @Test(
        "JSON is application/json, text/json and +json, whatever the case and parameters",
        arguments: [
            "application/json", "APPLICATION/JSON", "application/json; charset=utf-8", " application/json ;x=1",
            "text/json", "application/vnd.api+json", "Application/Problem+JSON; charset=UTF-8",
        ])
    func json(type: String) {
        #expect(MediaType(contentType: type) == .json)
    }

    @Test(
        "Types that only look like JSON are not JSON",
        arguments: [
            ("application/jsonp", MediaType.binary), ("application/json-seq", .binary),
            ("application/x-ndjson", .binary),
            ("text/plain; profile=json", .text), ("application/xjson", .binary), ("image/json", .binary),
        ])
    func notJSON(type: String, expected: MediaType) {
        #expect(MediaType(contentType: type) == expected)
    }

    @Test("XML, forms, text and binary are told apart; no type sniffs the body")
    func others() {
        #expect(MediaType(contentType: "text/xml;charset=UTF-8") == .xml)
        #expect(MediaType(contentType: "application/soap+xml") == .xml)
        #expect(MediaType(contentType: "Application/X-WWW-Form-Urlencoded; charset=UTF-8") == .form)
        #expect(MediaType(contentType: "text/html") == .text)
        #expect(MediaType(contentType: "image/png") == .binary)
        #expect(MediaType(contentType: nil, sniffing: Array(#" {"a":1}"#.utf8)) == .json)
        #expect(MediaType(contentType: "", sniffing: Array("<a/>".utf8)) == .xml)
        #expect(MediaType(contentType: nil, sniffing: [0xFF, 0xFE]) == .binary)
        #expect(MediaType.essence(" Text/XML ; charset=UTF-8") == "text/xml")
        #expect(MediaType.essence("") == "")
    }
}
