import JSONCore

/// The parts of an absolute URL that matching looks at, split without Foundation (fast, and exactly as
/// written: the path and query stay percent-encoded).
public struct RequestURL: Sendable, Hashable {
    /// Lowercased, such as `https`.
    public var scheme: String
    /// Lowercased host, without brackets for IPv6.
    public var host: String
    /// The port as written, or nil.
    public var port: Int?
    /// The path as written (percent-encoded); `/` when empty.
    public var path: String
    /// The query without `?`, or nil when there is none.
    public var query: String?

    /// Splits `text`; a relative URL (no scheme) gives an empty scheme and host.
    public init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(ofASCII: UInt8(ascii: "#")) { rest = rest[..<hash] }
        if let question = rest.firstIndex(ofASCII: UInt8(ascii: "?")) {
            query = String(rest[rest.utf8.index(after: question)...])
            rest = rest[..<question]
        } else {
            query = nil
        }
        scheme = ""
        host = ""
        port = nil
        if let marker = rest.firstUTF8Range(of: "://") {
            scheme = rest[..<marker.lowerBound].asciiLowercased
            rest = rest[marker.upperBound...]
            let slash = rest.firstIndex(ofASCII: UInt8(ascii: "/")) ?? rest.endIndex
            var authority = rest[..<slash]
            rest = rest[slash...]
            if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
                authority = authority[authority.utf8.index(after: at)...]
            }
            (host, port) = Self.split(authority)
        }
        path = rest.isEmpty ? "/" : String(rest)
    }

    private static func split(_ authority: Substring) -> (host: String, port: Int?) {
        let bytes = authority.utf8
        if bytes.first == UInt8(ascii: "["), let close = bytes.firstIndex(of: UInt8(ascii: "]")) {
            let host = authority[bytes.index(after: bytes.startIndex)..<close].asciiLowercased
            let after = authority[bytes.index(after: close)...]
            return (host, after.utf8.first == UInt8(ascii: ":") ? Int(after.dropFirst()) : nil)
        }
        if let colon = bytes.lastIndex(of: UInt8(ascii: ":")) {
            return (authority[..<colon].asciiLowercased, Int(authority[bytes.index(after: colon)...]))
        }
        return (authority.asciiLowercased, nil)
    }

    /// The port, or the scheme's default (80 for http, 443 for https).
    public var effectivePort: Int? {
        if let port { return port }
        switch scheme {
        case "http", "ws": return 80
        case "https", "wss": return 443
        default: return nil
        }
    }

    /// The query's parameters, percent-decoded (`+` as a space), in order.
    public var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return FormCoding.decode(query).map { ($0.name, $0.value) }
    }
}
