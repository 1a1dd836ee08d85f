/// The placeholders redaction writes in place of secrets, as others must recognise them (simulators replaying
/// a cassette, scanners).
package enum RedactionPlaceholder {
    /// Whether `value` is a placeholder redaction writes: `<redacted:KIND>` or `<redacted:KIND:N>`, KIND of
    /// lowercase letters, digits, `-`, `_` and `.` (as ``PlaceholderTable`` sanitizes it).
    package static func matches(_ value: String) -> Bool {
        guard value.hasPrefix(PlaceholderTable.prefix), value.hasSuffix(">") else { return false }
        let inner = value.dropFirst(PlaceholderTable.prefix.count).dropLast()
        let parts = inner.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            parts[0].allSatisfy({ $0.isLowercase || $0.isNumber || "-_.".contains($0) })
        else { return false }
        return parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy { $0.isASCII && $0.isNumber })
    }
}
