/// Gives each secret its placeholder: the same secret gets the same placeholder within a cassette
/// (`<redacted:authorization:1>`), and a placeholder never looks like a secret to a scanner.
///
/// For matching, a kind-only table gives `<redacted:authorization>` to every secret of a kind, so a live
/// request carrying the real secret compares equal to the recorded, redacted one.
struct PlaceholderTable: Sendable {
    /// Whether placeholders carry a number (recording) or only their kind (matching).
    let numbered: Bool
    private var next: [String: Int] = [:]
    private var assigned: [String: [String: Int]] = [:]

    init(numbered: Bool) {
        self.numbered = numbered
    }

    static let prefix = "<redacted:"

    /// The placeholder for `secret` of `kind`. A value that is already a placeholder is kept (numbered) or
    /// reduced to its kind (matching).
    mutating func placeholder(kind: String, secret: String) -> String {
        if secret.hasPrefix(Self.prefix) {
            return numbered ? secret : Self.stripNumbers(secret)
        }
        let kind = Self.sanitize(kind)
        guard numbered else { return "\(Self.prefix)\(kind)>" }
        if let number = assigned[kind]?[secret] { return "\(Self.prefix)\(kind):\(number)>" }
        let number = next[kind, default: 1]
        next[kind] = number + 1
        assigned[kind, default: [:]][secret] = number
        return "\(Self.prefix)\(kind):\(number)>"
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

    /// `<redacted:kind:3>` → `<redacted:kind>` everywhere in `text`.
    static func stripNumbers(_ text: String) -> String {
        guard text.containsUTF8(prefix) else { return text }
        var output = ""
        var rest = Substring(text)
        while let start = rest.firstUTF8Range(of: prefix) {
            output += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let close = rest.firstIndex(ofASCII: UInt8(ascii: ">")) else { break }
            var inside = rest[..<close]
            if let colon = inside.lastIndex(of: ":"), Int(inside[inside.index(after: colon)...]) != nil {
                inside = inside[..<colon]
            }
            output += inside
            rest = rest[close...]
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
