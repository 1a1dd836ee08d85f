/// Which parts of a request must agree for a recorded interaction to answer it. Matchers are `Sendable`
/// values that compose with `&&`:
///
/// ```swift
/// let matcher: RequestMatcher = .method && .path && .query && .body(.xmlCanonical)
/// ```
///
/// Volatile fields (declared in the cassette's `_harness.volatile` or in ``ReplayOptions``) are ignored by
/// every part, and secrets are compared in redacted form, so a live request carrying the real token matches
/// the recorded, redacted one.
public struct RequestMatcher: Sendable, CustomStringConvertible {
    enum Rule: Sendable {
        case method, scheme, host, port, path, query
        case headers([String])
        case body(BodyMatcher)
        case custom(
            name: String, predicate: @Sendable (_ recorded: CassetteRequest, _ incoming: CassetteRequest) -> Bool)

        var name: String {
            switch self {
            case .method: "method"
            case .scheme: "scheme"
            case .host: "host"
            case .port: "port"
            case .path: "path"
            case .query: "query"
            case .headers(let names): "headers(\(names.joined(separator: ", ")))"
            case .body(let body): "body(\(body))"
            case .custom(let name, _): "custom(\(name))"
            }
        }
    }

    let rules: [Rule]

    init(_ rules: [Rule]) {
        self.rules = rules
    }

    /// The HTTP method, case-insensitively.
    public static let method = RequestMatcher([.method])
    /// The URL scheme (`http`, `https`).
    public static let scheme = RequestMatcher([.scheme])
    /// The host name, case-insensitively.
    public static let host = RequestMatcher([.host])
    /// The port (the scheme's default when the URL has none).
    public static let port = RequestMatcher([.port])
    /// The path, percent-decoded.
    public static let path = RequestMatcher([.path])
    /// The query parameters as a multiset: order does not matter, repeats do.
    public static let query = RequestMatcher([.query])

    /// The listed headers (an allow-list; names are case-insensitive, values compared as a multiset).
    public static func headers(_ names: String...) -> RequestMatcher {
        RequestMatcher([.headers(names.map { $0.lowercased() })])
    }

    /// The body, compared as `matcher` says.
    public static func body(_ matcher: BodyMatcher) -> RequestMatcher {
        RequestMatcher([.body(matcher)])
    }

    /// The body compared by its content type (JSON, XML, form or bytes).
    public static let body = RequestMatcher([.body(.automatic)])

    /// Your own rule: true when `incoming` may be answered by the interaction that recorded `recorded`.
    /// Both requests are given as recorded and as sent (not redacted).
    public static func custom(
        _ name: String,
        _ predicate: @escaping @Sendable (_ recorded: CassetteRequest, _ incoming: CassetteRequest) -> Bool
    ) -> RequestMatcher {
        RequestMatcher([.custom(name: name, predicate: predicate)])
    }

    /// Both matchers' parts.
    public static func && (lhs: RequestMatcher, rhs: RequestMatcher) -> RequestMatcher {
        RequestMatcher(lhs.rules + rhs.rules)
    }

    /// Method, path, query (multiset) and body by content type: what identifies an API call.
    public static let `default`: RequestMatcher = .method && .path && .query && .body
    /// The default plus scheme, host and port, for cassettes that talk to several servers.
    public static let strict: RequestMatcher = .method && .scheme && .host && .port && .path && .query && .body

    /// The rules joined as written: `method && path && query && body`.
    public var description: String { rules.map(\.name).joined(separator: " && ") }
}

/// How bodies are compared.
public struct BodyMatcher: Sendable, Hashable, CustomStringConvertible {
    enum Kind: String, Sendable, Hashable {
        case automatic, exact, json, xmlCanonical, form, ignored
    }

    let kind: Kind

    /// By the request's content type: JSON semantically, XML canonically, forms as field multisets (a field
    /// holding XML compared canonically), anything else byte for byte.
    public static let automatic = BodyMatcher(kind: .automatic)
    /// Byte for byte (after undoing a `Content-Encoding`).
    public static let exact = BodyMatcher(kind: .exact)
    /// JSON semantic equality: key order and number spelling do not matter.
    public static let json = BodyMatcher(kind: .json)
    /// XML canonical equality (LibXML): attribute order, prefixes, whitespace between elements, CDATA and
    /// comments do not matter.
    public static let xmlCanonical = BodyMatcher(kind: .xmlCanonical)
    /// `application/x-www-form-urlencoded` fields as a multiset; a field holding XML is compared canonically
    /// (Engage XMLAPI posts `xml=<Envelope…>`).
    public static let form = BodyMatcher(kind: .form)
    /// Bodies are not compared.
    public static let ignored = BodyMatcher(kind: .ignored)

    /// The matcher's name: `automatic`, `exact`, `json`, `xmlCanonical`, `form` or `ignored`.
    public var description: String { kind.rawValue }
}
