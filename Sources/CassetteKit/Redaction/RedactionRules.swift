import JSONCore

/// Which values are secrets. The defaults cover `Authorization` (the scheme word is kept), `Proxy-Authorization`,
/// `Cookie` and `Set-Cookie` (names and attributes are kept), API-key headers, and the fields `access_token`,
/// `refresh_token`, `id_token`, `client_secret`, `api_key`, `apikey` and `password` wherever they appear (URL
/// query, form body, JSON member, XML element or attribute). Configured rules add JSON pointers, XPaths,
/// header, query, form or cookie names, and `value:` patterns.
public struct RedactionRules: Sendable, Hashable {
    /// Header names (lowercased) whose whole value is a secret.
    public var headers: Set<String>
    /// Field names (lowercased) whose value is a secret wherever it appears.
    public var fieldNames: Set<String>
    /// Configured rules, beyond the built-in ones.
    public var rules: [FieldRule]
    /// Whether headers whose name mentions an API key or token (`X-Api-Key`, `X-Auth-Token`) count as secrets.
    public var detectsKeyHeaders: Bool
    /// Known credentials by value, with their names (`referralhero.token`): wherever redaction finds one it writes
    /// `<redacted:NAME>` instead of a numbered placeholder, so a replay can bind it back to the same credential
    /// (a simulator's test token, or a live server's from the environment). A wrong or unknown secret still gets a
    /// numbered placeholder that nothing binds.
    public var credentials: [String: String] = [:]

    /// Rules from their parts; header and field names are lowercased. The defaults are the built-in rules.
    public init(
        headers: Set<String> = Self.defaultHeaders,
        fieldNames: Set<String> = Self.defaultFieldNames,
        rules: [FieldRule] = [],
        detectsKeyHeaders: Bool = true
    ) {
        self.headers = Set(headers.map { $0.lowercased() })
        self.fieldNames = Set(fieldNames.map { $0.lowercased() })
        self.rules = rules
        self.detectsKeyHeaders = detectsKeyHeaders
    }

    /// The headers redacted by default, lowercased.
    public static let defaultHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "apikey",
        "x-auth-token", "x-access-token",
    ]
    /// The field names redacted by default, lowercased, wherever they appear.
    public static let defaultFieldNames: Set<String> = [
        "access_token", "refresh_token", "id_token", "client_secret", "api_key", "apikey", "password",
    ]

    /// The built-in rules.
    public static let `default` = RedactionRules()
    /// No redaction at all.
    public static let none = RedactionRules(headers: [], fieldNames: [], detectsKeyHeaders: false)

    /// These rules, with `credentials` (value → name) written as named placeholders.
    public func naming(_ credentials: [String: String]) -> RedactionRules {
        var copy = self
        copy.credentials.merge(credentials) { first, _ in first }
        return copy
    }

    /// These rules plus `more`.
    public func adding(_ more: [FieldRule]) -> RedactionRules {
        var copy = self
        for rule in more where !copy.rules.contains(rule) { copy.rules.append(rule) }
        return copy
    }

    /// Whether the header `name` holds a secret.
    func isSecretHeader(_ name: String) -> Bool {
        isSecretHeader(lowered: name.lowercased())
    }

    /// ``isSecretHeader(_:)`` for a name already lowercased.
    func isSecretHeader(lowered: String) -> Bool {
        if headers.contains(lowered) { return true }
        if detectsKeyHeaders, Self.mentionsKey(lowered) { return true }
        return rules.contains { rule in
            if case .header(let configured) = rule.selector { return configured.lowercased() == lowered }
            return false
        }
    }

    /// What in a header's name makes it an API key's or a token's (`X-Api-Key`, `X-Auth-Token`), lowercased.
    private static let keyHeaderParts = ["api-key", "apikey", "api_key", "auth-token", "access-token"].map {
        Array($0.utf8)
    }

    /// Whether `lowered` holds one of ``keyHeaderParts``: searched in its bytes, since every header of every
    /// redacted message is asked.
    private static func mentionsKey(_ lowered: String) -> Bool {
        var name = lowered
        return name.withUTF8 { bytes in keyHeaderParts.contains { UTF8Bytes.containsIgnoringCase(bytes[...], $0) } }
    }

    /// Whether a query parameter, form field, JSON member or XML node called `name` holds a secret.
    func isSecretField(_ name: String, in kind: PairKind? = nil) -> Bool {
        if !fieldNames.isEmpty {
            let hasUppercase = name.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
            if fieldNames.contains(hasUppercase ? name.lowercased() : name) { return true }
        }
        guard let kind else { return false }
        return rules.contains { rule in
            switch (rule.selector, kind) {
            case (.query(let configured), .query), (.form(let configured), .form):
                return configured == name
            default:
                return false
            }
        }
    }

    /// The configured JSON pointers.
    var jsonPointers: [FieldRule] { rules.filter { if case .json = $0.selector { true } else { false } } }

    /// The `value:` patterns.
    var patterns: [ValuePattern] {
        rules.compactMap { if case .value(let pattern) = $0.selector { pattern } else { nil } }
    }

    /// The XPath expressions of secrets in an XML body: elements and attributes named like a secret field,
    /// and the configured XPaths.
    var xpaths: [String] {
        var expressions: [String] = []
        if let named = namedFieldsXPath { expressions.append(named) }
        return expressions + configuredXPaths
    }

    /// The configured XPaths alone.
    var configuredXPaths: [String] {
        rules.compactMap { rule in
            if case .xpath(let expression) = rule.selector { return expression }
            return nil
        }
    }

    /// Leaf elements and attributes named like a secret field, as one XPath.
    private var namedFieldsXPath: String? {
        if !fieldNames.isEmpty {
            let lower = "translate(local-name(), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
            let names = fieldNames.sorted().map { "\(lower)='\($0)'" }.joined(separator: " or ")
            return "//*[not(*)][\(names)] | //@*[\(names)]"
        }
        return nil
    }
}

/// Where a name/value pair comes from.
enum PairKind: String, Sendable {
    case query, form
}
