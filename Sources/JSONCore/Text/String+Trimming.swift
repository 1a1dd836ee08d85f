import Foundation

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`, or `.whitespacesAndNewlines` with `newlines`, without Foundation's
    /// round trip through `NSString` when neither end can be trimmed: a header value or a form field nearly always
    /// starts and ends with a visible ASCII character, and the simulators trim several on every call (Foundation's
    /// trim was a twentieth of a ReferralHero sign-up's time, `perf`). Anything else takes Foundation's path.
    package func trimmingWhitespace(newlines: Bool = false) -> String {
        let text = String(self)
        guard let first = text.utf8.first, let last = text.utf8.last else { return "" }
        let visible: ClosedRange<UInt8> = 0x21...0x7E
        if visible.contains(first) && visible.contains(last) { return text }
        return text.trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }
}
