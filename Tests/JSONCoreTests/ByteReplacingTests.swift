import Testing

@testable import JSONCore

@Suite("UTF8Bytes.replacing")
struct ByteReplacingTests {
    @Test(
        "Every occurrence, left to right and not overlapping",
        arguments: [
            ("tok", "<t>", "a tok, another tok", "a <t>, another <t>"),
            ("aa", "X", "aaa", "Xa"),
            ("aa", "X", "aaaa", "XX"),
            ("abab", "-", "abaababab", "aba-ab"),
            ("aab", "_", "aaab aab", "a_ _"),
            (
                #""wm-at-1""#, #""<redacted>""#, #"{"access_token":"wm-at-1","echo":"wm-at-1x"}"#,
                #"{"access_token":"<redacted>","echo":"wm-at-1x"}"#
            ),
            ("é", "e", "café, cafe\u{301}", "cafe, cafe\u{301}"),
            ("e", "E", "cafe\u{301}", "cafE\u{301}"),
            ("😀", ":)", "a😀b😀", "a:)b:)"),
        ])
    func replaces(target: String, replacement: String, text: String, expected: String) {
        #expect(UTF8Bytes.replacing(target, with: replacement, in: text) == expected)
    }

    @Test("Text without the target, an empty target and a target longer than the text are given back as they are")
    func unchanged() {
        #expect(UTF8Bytes.replacing("x", with: "y", in: "abc") == "abc")
        #expect(UTF8Bytes.replacing("", with: "y", in: "abc") == "abc")
        #expect(UTF8Bytes.replacing("abcd", with: "y", in: "abc") == "abc")
        #expect(UTF8Bytes.replacing("a", with: "y", in: "") == "")
    }

    @Test("The same as a search from each position in turn, on 2,000 texts of a two-letter alphabet")
    func sameAsNaiveSearch() {
        var generator = SeededGenerator(seed: 31)
        for _ in 0..<2_000 {
            let text = String((0..<Int(generator.next() % 40)).map { _ in generator.next() % 2 == 0 ? "a" : "b" })
            let target = String((0..<Int(1 + generator.next() % 5)).map { _ in generator.next() % 2 == 0 ? "a" : "b" })
            #expect(
                UTF8Bytes.replacing(target, with: "[\(target)]", in: text)
                    == Self.naive(target, with: "[\(target)]", in: text), "\(target) in \(text)")
        }
    }

    @Test("A hostile text and target (one long run of one byte) are replaced in one pass")
    func longRuns() {
        let text = String(repeating: #"\""#, count: 200_000)
        let target = String(repeating: #"\""#, count: 50_000) + "x"
        #expect(UTF8Bytes.replacing(target, with: "", in: text) == text)
        let exact = String(repeating: #"\""#, count: 50_000)
        #expect(UTF8Bytes.replacing(exact, with: "y", in: text) == "yyyy")
    }

    private static func naive(_ target: String, with replacement: String, in text: String) -> String {
        let bytes = Array(text.utf8)
        let pattern = Array(target.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + pattern.count <= bytes.count, Array(bytes[index..<index + pattern.count]) == pattern {
                output += Array(replacement.utf8)
                index += pattern.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
