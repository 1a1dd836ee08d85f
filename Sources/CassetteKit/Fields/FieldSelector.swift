public import JSONCore

/// Where a field lives in a request or response: the one vocabulary of volatile-field lists, redaction rules
/// and difference reports.
///
/// Written as text with a prefix: `json:/events/*/timestamp` (a JSON Pointer, `*` matches every member or
/// element), `xpath://SESSIONID` (an XPath 1.0 expression), `header:X-Request-Id`, `query:cb`, `form:ts`,
/// `cookie:session`, and `value:<regex>` (any value matching the expression, wherever it is).
public enum FieldSelector: Sendable, Hashable, CustomStringConvertible {
    /// A member of a JSON body, by JSON Pointer; `*` matches every member or element at its level.
    case json(JSONPointer)
    /// Nodes of an XML body (or of a form field holding XML), by XPath 1.0 expression.
    case xpath(String)
    /// A header, by name (case-insensitive).
    case header(String)
    /// A URL query parameter, by name.
    case query(String)
    /// A form-urlencoded body field, by name.
    case form(String)
    /// A cookie, by name.
    case cookie(String)
    /// Any value (header, parameter, JSON string, XML text or attribute) the pattern matches.
    case value(ValuePattern)

    /// The prefixes a selector may have, for messages.
    public static let prefixes = ["json:", "xpath:", "header:", "query:", "form:", "cookie:", "value:"]

    /// Parses selector text such as `json:/user/id`.
    public init(parsing text: String) throws(CassetteError) {
        guard let colon = text.firstIndex(of: ":") else {
            throw .invalidField(text: text, reason: "it needs a prefix, one of \(Self.prefixes.joined(separator: " "))")
        }
        let kind = text[..<colon]
        let rest = String(text[text.index(after: colon)...])
        guard !rest.isEmpty else { throw .invalidField(text: text, reason: "nothing follows '\(kind):'") }
        switch kind {
        case "json":
            do {
                self = .json(try JSONPointer(rest))
            } catch {
                throw .invalidField(text: text, reason: "the JSON Pointer must start with '/' (RFC 6901)")
            }
        case "xpath": self = .xpath(rest)
        case "header": self = .header(rest)
        case "query": self = .query(rest)
        case "form": self = .form(rest)
        case "cookie": self = .cookie(rest)
        case "value": self = .value(try ValuePattern(rest))
        default:
            throw .invalidField(
                text: text, reason: "unknown prefix '\(kind):', use one of \(Self.prefixes.joined(separator: " "))")
        }
    }

    /// The selector text with its prefix, as cassettes write it: `json:/ts`, `header:Date`.
    public var description: String {
        switch self {
        case .json(let pointer): "json:\(pointer)"
        case .xpath(let expression): "xpath:\(expression)"
        case .header(let name): "header:\(name)"
        case .query(let name): "query:\(name)"
        case .form(let name): "form:\(name)"
        case .cookie(let name): "cookie:\(name)"
        case .value(let pattern): "value:\(pattern.source)"
        }
    }
}
