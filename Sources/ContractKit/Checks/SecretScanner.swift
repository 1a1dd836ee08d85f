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

    /// The longest of ``secretNames``.
    private static let longestSecretName = secretNames.map(\.utf8.count).max() ?? 0

    static func isSecretName(_ name: String) -> Bool {
        // ASCII names (nearly every one) are folded without allocating: a name of more than the longest secret
        // name's letters is none, and a shorter one fits a small string. Others go the Unicode way, where
        // lowercasing may change the count (the Kelvin sign lowercases to `k`).
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else {
            return secretNames.contains(name.lowercased().filter { $0 != "_" && $0 != "-" })
        }
        var folded = ""
        for byte in name.utf8 where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") {
            guard folded.utf8.count < longestSecretName else { return false }
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            folded.unicodeScalars.append(Unicode.Scalar(lower))
        }
        return secretNames.contains(folded)
    }

    /// Whether `value` is a redaction placeholder rather than a credential.
    static func isPlaceholder(_ value: String) -> Bool {
        var text = value.trimmingCharacters(in: .whitespaces)
        for scheme in ["Bearer ", "Basic ", "Token ", "Api-Key "] where text.lowercased().hasPrefix(scheme.lowercased())
        {
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
