import Foundation
import JSONCore
import Testing

@Suite("Trimming whitespace")
struct TrimmingTests {
    static let samples = [
        "", " ", "\t", "\n", "\r\n", "a", " a", "a ", "\ta\t", "\na\n", "Bearer x", " Bearer  x ", "\u{A0}a", "a\u{A0}",
        "\u{3000}a\u{3000}", "\u{2003}", "é", " é ", "😀", "\u{0}a", "a\u{7F}", "\u{85}a", "a\u{2028}", "~x!", "x\u{1F}",
    ]

    @Test("Gives what Foundation's trim gives, for strings and substrings, with and without newlines")
    func matchesFoundation() {
        for sample in Self.samples {
            #expect(
                sample.trimmingWhitespace() == sample.trimmingCharacters(in: .whitespaces), "\(sample.debugDescription)"
            )
            #expect(
                sample.trimmingWhitespace(newlines: true) == sample.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(sample.debugDescription)")
            let padded = "[" + sample + "]"
            let inner = padded.dropFirst().dropLast()
            #expect(
                inner.trimmingWhitespace() == inner.trimmingCharacters(in: .whitespaces), "\(sample.debugDescription)")
        }
    }
}
