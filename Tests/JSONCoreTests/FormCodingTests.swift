import JSONCore
import Testing

@Suite("FormCoding")
struct FormCodingTests {
    static func pairs(_ text: String, plus: FormCoding.Plus = .space) -> [String] {
        FormCoding.decode(text, plus: plus).map { "\($0.name)=\($0.value)" }
    }

    @Test("Fields are decoded in order, repeats kept, with + as a space and escapes in either case")
    func ordinary() {
        #expect(Self.pairs("b=2&a=1&b=3") == ["b=2", "a=1", "b=3"])
        #expect(Self.pairs("q=a+b%2Bc&e=%e2%82%AC") == ["q=a b+c", "e=€"])
        #expect(Self.pairs("q=a+b", plus: .literal) == ["q=a+b"])
        #expect(FormCoding.decode("b=2&b=3").lastValues == ["b": "3"])
    }

    @Test("Empty segments are skipped, a lone name has an empty value and only the first = splits")
    func shapes() {
        #expect(Self.pairs("") == [])
        #expect(Self.pairs("&&&") == [])
        #expect(Self.pairs("&a=1&&b=2&") == ["a=1", "b=2"])
        #expect(Self.pairs("=") == ["="])
        #expect(FormCoding.decode("=") == [FormField(name: "", value: "")])
        #expect(FormCoding.decode("==") == [FormField(name: "", value: "=")])
        #expect(FormCoding.decode("flag") == [FormField(name: "flag", value: "")])
        #expect(FormCoding.decode("a=b=c") == [FormField(name: "a", value: "b=c")])
    }

    @Test("A % not followed by two hex digits stays as written")
    func badEscapes() {
        #expect(Self.pairs("a=%zz") == ["a=%zz"])
        #expect(Self.pairs("a=%4") == ["a=%4"])
        #expect(Self.pairs("a=%") == ["a=%"])
        #expect(Self.pairs("%=%%41") == ["%=%A"])
        #expect(Self.pairs("a=%+1") == ["a=% 1"], "a sign is not a hex digit")
        #expect(Self.pairs("a=%G1+%4") == ["a=%G1 %4"])
        #expect(
            FormCoding.decode(validating: "a=%zz&b=%".utf8) == [
                FormField(name: "a", value: "%zz"), .init(name: "b", value: "%"),
            ])
    }

    @Test("Escapes that are not UTF-8 keep the field as written, and make the validating reader return nil")
    func notUTF8() {
        #expect(Self.pairs("a=%FF&b=%C3%28&c=%C3%A9") == ["a=%FF", "b=%C3%28", "c=é"])
        #expect(Self.pairs("%FF+x=1") == ["%FF+x=1"])
        #expect(FormCoding.decode(validating: "a=%FF".utf8) == nil)
        #expect(FormCoding.decode(validating: "%ED%A0%80=1".utf8) == nil, "a surrogate is not UTF-8")
        #expect(FormCoding.decode(validating: [UInt8(ascii: "a"), UInt8(ascii: "="), 0xFF]) == nil, "raw bytes too")
        #expect(FormCoding.decodeComponent(validating: "%C3%28") == nil)
        #expect(FormCoding.decodeComponent("%C3%28") == "%C3%28")
    }

    @Test("Paths decode escapes but keep + as a plus")
    func paths() {
        #expect(FormCoding.decodePath("/a+b/c%20d/%2F") == "/a+b/c d//")
        #expect(FormCoding.decodePath("/x/%zz/%FF") == "/x/%zz/%FF")
    }

    @Test("Very long input decodes in full")
    func long() {
        let value = String(repeating: "%41+", count: 200_000)
        let fields = FormCoding.decode("v=" + value + "&" + String(repeating: "&", count: 100_000) + "w=%")
        #expect(fields.count == 2)
        #expect(fields.first?.value.count == 400_000)
        #expect(fields.first?.value.hasPrefix("A A ") == true)
        #expect(fields.last == FormField(name: "w", value: "%"))
        let escapes = String(repeating: "%", count: 100_000)
        #expect(FormCoding.decode(validating: ("p=" + escapes).utf8) == [FormField(name: "p", value: escapes)])
    }

    @Test("Encoding spells URIs with %20 and forms with +, and decoding reads both back")
    func encoding() {
        let text = "a b+c~*é&=%"
        #expect(FormCoding.encode(text) == "a%20b%2Bc~%2A%C3%A9%26%3D%25")
        #expect(FormCoding.encode(text, spelling: .browser) == "a+b%2Bc%7E*%C3%A9%26%3D%25")
        let fields = [FormField(name: "x y", value: text), FormField(name: "x y", value: "")]
        for spelling in [FormCoding.Spelling.uri, .browser] {
            let encoded = FormCoding.encode(fields, spelling: spelling)
            #expect(FormCoding.decode(encoded) == fields, "\(spelling)")
            #expect(FormCoding.decode(validating: encoded.utf8) == fields, "\(spelling)")
        }
    }

    @Test("A thousand fields, most needing escapes, encode and decode back")
    func manyFields() {
        let fields = (0..<1000).map { FormField(name: "n\($0) é", value: String(repeating: "<&> ", count: $0 % 7)) }
        for spelling in [FormCoding.Spelling.uri, .browser] {
            #expect(FormCoding.decode(FormCoding.encode(fields, spelling: spelling)) == fields, "\(spelling)")
        }
    }

    @Test("A path segment decodes the same from a Substring as from a String, escaped or not")
    func substringSegments() {
        let path = "/lists/MF83c9616aa3/subscribers/sub%20one/a+b/%2F/%zz/caf%C3%A9/"
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            #expect(FormCoding.decodePath(segment) == FormCoding.decodePath(String(segment)), "\(segment)")
        }
        #expect(FormCoding.decodePath("x/sub%20one".split(separator: "/")[1]) == "sub one")
        #expect(FormCoding.decodePath("x/plain".split(separator: "/")[1]) == "plain")
    }
}
