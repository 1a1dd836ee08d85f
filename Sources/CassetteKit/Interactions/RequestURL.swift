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
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if let query = rest.firstIndex(of: "?") {
            self.query = String(rest[rest.index(after: query)...])
            rest = rest[..<query]
        } else {
            query = nil
        }
        if let marker = rest.firstRange(of: "://") {
            scheme = rest[..<marker.lowerBound].lowercased()
            rest = rest[marker.upperBound...]
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<slash]
            rest = rest[slash...]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
                host = authority[authority.index(after: authority.startIndex)..<close].lowercased()
                let after = authority[authority.index(after: close)...]
                port = after.hasPrefix(":") ? Int(after.dropFirst()) : nil
            } else if let colon = authority.lastIndex(of: ":") {
                host = authority[..<colon].lowercased()
                port = Int(authority[authority.index(after: colon)...])
            } else {
                host = authority.lowercased()
                port = nil
            }
        } else {
            scheme = ""
            host = ""
            port = nil
        }
        path = rest.isEmpty ? "/" : String(rest)
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
