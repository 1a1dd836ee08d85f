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

    @Test(
        "The essence decides, blanks and parameters dropped, ASCII letters in any case; no essence sniffs the body",
        arguments: [
            ("\tApplication/Vnd.API+Json\t;\tcharset=utf-8", MediaType.json),
            ("TEXT/JSON;", .json),
            ("application/json ; ; x", .json),
            (";application/json", .xml),  // nothing before the `;`: the body decides
            ("  ", .xml),
            ("application/OCTET-stream", .xml),
            ("application/octet-stream; x=y", .xml),
            ("Text/Plain", .text),
            ("text/", .text),
            ("application/x-javascript", .text),
            ("application/ECMAScript", .text),
            ("application/+XML", .xml),
            ("+json", .json),
            ("application/x-www-form-urlencoded;charset=utf-8", .form),
            ("application/x-www-form-urlencodedx", .binary),
            ("application/json\u{00A0}", .binary),  // a no-break space is not a blank
            ("téxt/json", .binary),
            ("text/jsön", .text),
            ("application/jsoN\u{0301}", .binary),  // a combining accent after N
            ("application/xml+json", .json),
            ("json", .binary),
        ])
    func essence(type: String, expected: MediaType) {
        #expect(MediaType(contentType: type, sniffing: Array("<a/>".utf8)) == expected)
    }

    @Test("essence(_:) lowercases ASCII letters only and keeps other bytes")
    func essenceText() {
        #expect(MediaType.essence("\tTÉXT/JSON ; x") == "tÉxt/json")
        #expect(MediaType.essence("application/json\u{0301};") == "application/json\u{0301}")
        #expect(MediaType.essence(";") == "")
    }
}
