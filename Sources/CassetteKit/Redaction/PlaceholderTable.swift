/// Gives each secret its placeholder: the same secret gets the same placeholder within a cassette, whatever field
/// it turns up in (`<redacted:access_token:1>` in a token response, then `Bearer <redacted:access_token:1>` in the
/// requests that use it), so a reader — and the provider check, which binds placeholders to working credentials —
/// can tell which requests carry which secret. A placeholder never looks like a secret to a scanner.
///
/// For matching, every secret becomes `<redacted>` (and every placeholder is reduced to it), so a live request
/// carrying the real secret compares equal to the recorded, redacted one.
struct PlaceholderTable: Sendable {
    /// Whether placeholders carry a kind and number (recording) or are all `<redacted>` (matching).
    let numbered: Bool
    private var next: [String: Int] = [:]
    private var assigned: [String: String] = [:]

    init(numbered: Bool) {
        self.numbered = numbered
    }

    static let prefix = "<redacted:"
    /// What every secret and placeholder becomes for matching.
    static let matching = "<redacted>"

    /// The placeholder for `secret`, named after the `kind` of field it was first seen in. A value that is already
    /// a placeholder is kept (numbered) or reduced to ``matching``.
    mutating func placeholder(kind: String, secret: String) -> String {
        guard numbered else { return Self.matching }
        if secret.hasPrefix(Self.prefix) { return secret }
        if let placeholder = assigned[secret] { return placeholder }
        let kind = Self.sanitize(kind)
        let number = next[kind, default: 1]
        next[kind] = number + 1
        let placeholder = "\(Self.prefix)\(kind):\(number)>"
        assigned[secret] = placeholder
        return placeholder
    }

    /// Gives each of `credentials` (value → name) the placeholder `<redacted:NAME>`.
    mutating func name(_ credentials: [String: String]) {
        guard numbered else { return }
        for (secret, name) in credentials where !secret.isEmpty {
            assigned[secret] = "\(Self.prefix)\(Self.sanitize(name))>"
        }
    }

    /// Continues numbering after the placeholders already in `text` (a cassette redacted before).
    mutating func continueAfter(placeholdersIn text: String) {
        var rest = Substring(text)
        while let start = rest.firstUTF8Range(of: Self.prefix) {
            rest = rest[start.upperBound...]
            guard let close = rest.firstIndex(ofASCII: UInt8(ascii: ">")) else { break }
            let inside = rest[..<close]
            if let colon = inside.lastIndex(of: ":"), let number = Int(inside[inside.index(after: colon)...]) {
                let kind = String(inside[..<colon])
                next[kind] = max(next[kind, default: 1], number + 1)
            }
            rest = rest[close...]
        }
    }

    /// Every placeholder in `text` (`<redacted:kind:3>`, `<redacted:kind>`) → `<redacted>`, for matching.
    static func stripNumbers(_ text: String) -> String {
        guard text.containsUTF8(prefix) else { return text }
        var output = ""
        var rest = Substring(text)
        while let start = rest.firstUTF8Range(of: prefix) {
            output += rest[..<start.lowerBound]
            let candidate = rest[start.lowerBound...]
            if let close = candidate.firstIndex(ofASCII: UInt8(ascii: ">")),
                RedactionPlaceholder.matches(String(candidate[...close]))
            {
                output += matching
                rest = candidate[candidate.index(after: close)...]
            } else {
                output += prefix
                rest = rest[start.upperBound...]
            }
        }
        output += rest
        return output
    }

    /// Kinds are lowercase letters, digits, `-`, `_` and `.`, so a placeholder reads as a label.
    static func sanitize(_ kind: String) -> String {
        let cleaned = kind.lowercased().map { character -> Character in
            character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
                ? character : "-"
        }
        return cleaned.isEmpty ? "secret" : String(cleaned.prefix(40))
    }
}
