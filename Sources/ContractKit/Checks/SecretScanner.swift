internal import Foundation
internal import JSONCore

/// Finds credentials that were recorded in clear: bearer tokens, `client_secret` values, API keys, tokens,
/// passwords and cookies. A value that is clearly a placeholder (`<redacted:…>`, `REDACTED`, `***`) is fine.
///
/// Findings name where the secret is and how long it is, never the secret itself.
struct SecretScanner {
    /// Header names whose values are credentials (lower-cased).
    static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "apikey",
        "x-auth-token", "x-access-token",
    ]
    /// Field and member names whose values are credentials (lower-cased, without `_` and `-`).
    static let secretNames: Set<String> = [
        "clientsecret", "accesstoken", "refreshtoken", "idtoken", "apikey", "xapikey", "apisecret", "secret",
        "password", "authorization", "sessiontoken", "authtoken",
    ]

    /// ``secretNames`` packed as ``FoldedName``s, for the ASCII way of ``isSecretName(_:)``.
    private static let foldedSecretNames = secretNames.map { name in
        var folded = FoldedName()
        for byte in name.utf8 { _ = folded.append(byte) }
        return folded
    }

    static func isSecretName(_ name: String) -> Bool {
        // ASCII names (nearly every one) are folded into two words without allocating: a name of more letters than
        // fit is longer than every secret name. Others go the Unicode way, where lowercasing may change the count
        // (the Kelvin sign lowercases to `k`).
        guard UTF8Bytes.isASCII(name) else {
            return secretNames.contains(name.lowercased().filter { $0 != "_" && $0 != "-" })
        }
        var folded = FoldedName()
        for byte in name.utf8 where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") {
            guard folded.append(UTF8Bytes.lowercased(byte)) else { return false }
        }
        return foldedSecretNames.contains(folded)
    }

    /// Up to 16 ASCII bytes in two words, compared as one value.
    private struct FoldedName: Equatable {
        private var low: UInt64 = 0
        private var high: UInt64 = 0
        private var count = 0

        /// Adds `byte`; false when 16 are held already.
        mutating func append(_ byte: UInt8) -> Bool {
            switch count {
            case 0..<8: low |= UInt64(byte) << (8 * UInt64(count))
            case 8..<16: high |= UInt64(byte) << (8 * UInt64(count - 8))
            default: return false
            }
            count += 1
            return true
        }
    }

    /// The authorization schemes a credential may follow (``isPlaceholder(_:)`` reads past them).
    private static let schemes = ["Bearer ", "Basic ", "Token ", "Api-Key "]
    private static let foldedSchemes = schemes.map { Array($0.lowercased().utf8) }

    /// Whether `value` is a redaction placeholder rather than a credential.
    static func isPlaceholder(_ value: String) -> Bool {
        // An ASCII value (nearly every one) is read as bytes: Foundation's trimming, lowercasing and case-blind search
        // cost more than the rest of a header's check. Byte for byte they decide as the Unicode way does, since the
        // only white space it trims in ASCII is space and tab, and ASCII letters fold only to ASCII letters.
        UTF8Bytes.withASCII(value) { isASCIIPlaceholder($0[...]) } ?? isUnicodePlaceholder(value)
    }

    private static func isASCIIPlaceholder(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        func trimmed(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
            let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
            else { return text[text.endIndex...] }
            return text[first...last]
        }
        var text = trimmed(value)
        for scheme in foldedSchemes where UTF8Bytes.hasPrefixIgnoringCase(text, scheme) {
            text = trimmed(text.dropFirst(scheme.count))
        }
        guard let first = text.first, let last = text.last else { return true }
        if first == UInt8(ascii: "<") && last == UInt8(ascii: ">")
            && !text.dropFirst().dropLast().contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
        {
            return true
        }
        if text.starts(with: "{{".utf8) && text.reversed().starts(with: "}}".utf8) { return true }
        if UTF8Bytes.containsIgnoringCase(text, redacted) { return true }
        return text.allSatisfy { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") }
    }

    private static let redacted = Array("redacted".utf8)

    private static func isUnicodePlaceholder(_ value: String) -> Bool {
        var text = value.trimmingCharacters(in: .whitespaces)
        for scheme in schemes where text.lowercased().hasPrefix(scheme.lowercased()) {
            text = String(text.dropFirst(scheme.count)).trimmingCharacters(in: .whitespaces)
        }
        if text.isEmpty { return true }
        if text.hasPrefix("<") && text.hasSuffix(">")
            && !text.dropFirst().dropLast().contains(where: { $0 == "<" || $0 == ">" })
        {
            return true
        }
        if text.hasPrefix("{{") && text.hasSuffix("}}") { return true }
        if text.range(of: "redacted", options: .caseInsensitive) != nil { return true }
        return text.allSatisfy { $0 == "*" || $0 == "x" || $0 == "X" || $0 == "•" }
    }

    struct Finding {
        var location: String
        var length: Int
    }

    func scanHeaders(_ headers: [HeaderField], side: String) -> [Finding] {
        var findings: [Finding] = []
        for header in headers
        where Self.secretHeaders.contains(header.name.lowercased()) || Self.isSecretName(header.name) {
            if !Self.isPlaceholder(header.value) {
                findings.append(Finding(location: "\(side) header \(header.name)", length: header.value.count))
            }
        }
        return findings
    }

    func scanFields(_ fields: [(name: String, value: String)], location: String) -> [Finding] {
        fields.filter { Self.isSecretName($0.name) && !Self.isPlaceholder($0.value) }
            .map { Finding(location: "\(location) \($0.name)", length: $0.value.count) }
    }

    /// JSON members whose names are secret names, anywhere in the value.
    func scanJSON(_ value: JSONValue, at pointer: JSONPointer, side: String, into findings: inout [Finding]) {
        var path = pointer.tokens
        scanJSON(value, path: &path, side: side, into: &findings)
    }

    /// ``scanJSON(_:at:side:into:)`` with the pointer as tokens, extended and shortened in place: a location is
    /// written out only for a finding, not for every member (a simulator's leaderboard holds thousands).
    private func scanJSON(_ value: JSONValue, path: inout [String], side: String, into findings: inout [Finding]) {
        switch value {
        case .object(let object):
            for member in object {
                path.append(member.key)
                defer { path.removeLast() }
                if Self.isSecretName(member.key), case .string(let text) = member.value, !Self.isPlaceholder(text) {
                    findings.append(Finding(location: "\(side) body \(JSONPointer(tokens: path))", length: text.count))
                } else {
                    scanJSON(member.value, path: &path, side: side, into: &findings)
                }
            }
        case .array(let array):
            for (index, element) in array.enumerated() {
                path.append(String(index))
                defer { path.removeLast() }
                scanJSON(element, path: &path, side: side, into: &findings)
            }
        case .string(let text):
            findings += scanText(text, location: "\(side) body \(JSONPointer(tokens: path))")
        default:
            break
        }
    }

    /// Free text (any body, a JSON string): `Bearer <token>` and `client_secret=<value>` that are not placeholders.
    func scanText(_ text: String, location: @autoclosure () -> String) -> [Finding] {
        guard Self.mayHoldMarker(text) else { return [] }
        let location = location()
        var findings: [Finding] = []
        for marker in ["Bearer ", "bearer ", "client_secret="] {
            var searchRange = text.startIndex..<text.endIndex
            while let found = text.range(of: marker, range: searchRange) {
                let valueEnd =
                    text[found.upperBound...].firstIndex { $0.isWhitespace || "&\"'<,;".contains($0) } ?? text.endIndex
                var value = String(text[found.upperBound..<valueEnd])
                if value.hasPrefix("<"), let close = text[found.upperBound...].firstIndex(of: ">") {
                    value = String(text[found.upperBound...close])
                }
                if value.count >= 8 && !Self.isPlaceholder(value) {
                    findings.append(Finding(location: location, length: value.count))
                }
                searchRange = found.upperBound..<text.endIndex
            }
        }
        return findings
    }

    /// The markers ``scanText(_:location:)`` looks for, as bytes.
    private static let markers = ["Bearer ", "bearer ", "client_secret="].map { Array($0.utf8) }

    /// Whether `text`'s UTF-8 holds one of the markers: a byte search that spares most texts the search by
    /// characters. No other spelling is canonically equivalent to a marker (none holds `K`, `;` or a backtick, the
    /// only ASCII characters with one), so a text without the bytes has no marker as characters either.
    private static func mayHoldMarker(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.count >= 7 else { return false }
        var start = bytes.startIndex
        while start != bytes.endIndex {
            let first = bytes[start]
            if first == UInt8(ascii: "B") || first == UInt8(ascii: "b") || first == UInt8(ascii: "c") {
                for marker in markers where marker[0] == first && bytes[start...].starts(with: marker) {
                    return true
                }
            }
            start = bytes.index(after: start)
        }
        return false
    }
}
