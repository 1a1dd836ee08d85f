public import JSONCore

/// A field and, optionally, the pattern its value must match: one element of a volatile-field list
/// (matching ignores the value) or of a redaction rule list (the value is replaced by a placeholder).
///
/// In a cassette a rule is its selector text (`"header:Date"`), or an object when it has a pattern:
/// `{"field": "json:/ts", "pattern": "^[0-9]+$"}`. For a volatile field, a pattern means the value may change
/// but must keep that shape; for a redaction rule, only the matching part is replaced.
public struct FieldRule: Sendable, Hashable, CustomStringConvertible {
    /// The field: a JSON pointer, an XPath, a header, query, form or cookie name, or a `value:` pattern.
    public var selector: FieldSelector
    /// The shape the value must have (volatile) or the part to replace (redaction); nil for the whole value.
    public var pattern: ValuePattern?

    /// A rule for `selector`, optionally narrowed to values matching `pattern`.
    public init(_ selector: FieldSelector, pattern: ValuePattern? = nil) {
        self.selector = selector
        self.pattern = pattern
    }

    /// Parses selector text, as in `FieldRule(parsing: "json:/events/*/ts")`.
    public init(parsing text: String, pattern: String? = nil) throws(CassetteError) {
        selector = try FieldSelector(parsing: text)
        self.pattern = try pattern.map { source throws(CassetteError) in try ValuePattern(source) }
    }

    /// The member at a JSON pointer of a JSON body (`/events/*/ts`; `*` stands for any array index or key).
    public static func json(_ pointer: JSONPointer) -> FieldRule { FieldRule(.json(pointer)) }
    /// The nodes an XPath selects in an XML body (or in a form field holding XML).
    public static func xpath(_ expression: String) -> FieldRule { FieldRule(.xpath(expression)) }
    /// A header, by case-insensitive name.
    public static func header(_ name: String) -> FieldRule { FieldRule(.header(name)) }
    /// A query parameter, by name.
    public static func query(_ name: String) -> FieldRule { FieldRule(.query(name)) }
    /// A form-urlencoded body field, by name.
    public static func form(_ name: String) -> FieldRule { FieldRule(.form(name)) }

    /// Whether a value at this field is covered by the rule (always, without a pattern).
    func covers(_ value: String) -> Bool {
        pattern?.matches(value) ?? true
    }

    /// The rule as cassettes write it: the selector text, then ` ~ /pattern/` when it has one.
    public var description: String {
        guard let pattern else { return selector.description }
        return "\(selector) ~ /\(pattern.source)/"
    }

    var json: JSONValue {
        guard let pattern else { return .string(selector.description) }
        return ["field": .string(selector.description), "pattern": .string(pattern.source)]
    }

    init(json: JSONValue, at pointer: JSONPointer, file: String) throws(CassetteError) {
        do throws(CassetteError) {
            switch json {
            case .string(let text):
                try self.init(parsing: text)
            case .object(let object):
                guard let field = object["field"]?.stringValue else {
                    throw CassetteError.malformed(
                        file: file, pointer: pointer.appending("field").description, expected: "a string",
                        found: object["field"]?.typeName ?? "nothing")
                }
                try self.init(parsing: field, pattern: object["pattern"]?.stringValue)
            default:
                throw CassetteError.malformed(
                    file: file, pointer: pointer.description, expected: "a field string or {field, pattern}",
                    found: json.typeName)
            }
        } catch .invalidField(let text, let reason) {
            throw .malformed(
                file: file, pointer: pointer.description, expected: "a field such as json:/a/b (\(reason))",
                found: "'\(text)'")
        }
    }
}
