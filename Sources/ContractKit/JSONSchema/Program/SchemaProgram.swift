internal import JSONCore

/// A compiled schema: every subschema as a flat array of nodes that refer to each other by index, so
/// validation walks plain arrays and never re-reads the schema's JSON.
struct SchemaProgram: Sendable {
    var nodes: [SchemaNode] = []
    /// Where each node is (`document#/json/pointer`), by node index; apart from the nodes so that evaluating a
    /// node copies less.
    var locations: [String] = []
    var resources: [SchemaResource] = []
    var root = 0
    var formatAssertion = true
}

/// One schema resource (a document, or a subschema with its own `$id`): what `$dynamicRef` searches.
struct SchemaResource: Sendable {
    var uri: String
    var dynamicAnchors: [String: Int] = [:]
}

/// One subschema: a boolean schema, or its keywords in evaluation order (`unevaluated*` last).
struct SchemaNode: Sendable {
    /// The node's index, which is also its index in ``SchemaProgram/locations``.
    var index: Int
    var resource: Int
    /// `true`/`false` for a boolean schema, nil for an object schema.
    var constant: Bool?
    var keywords: [SchemaKeyword] = []
    /// Whether `unevaluatedProperties` or `unevaluatedItems` needs the annotations of the other keywords.
    var collectsAnnotations = false
}

/// The JSON types as a bit set, for `type`.
struct JSONTypes: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = JSONTypes(rawValue: 1)
    static let boolean = JSONTypes(rawValue: 2)
    static let integer = JSONTypes(rawValue: 4)
    static let number = JSONTypes(rawValue: 8)
    static let string = JSONTypes(rawValue: 16)
    static let array = JSONTypes(rawValue: 32)
    static let object = JSONTypes(rawValue: 64)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "integer": self = .integer
        case "number": self = .number
        case "string": self = .string
        case "array": self = .array
        case "object": self = .object
        default: return nil
        }
    }

    func admits(_ value: JSONValue) -> Bool {
        switch value {
        case .null: contains(.null)
        case .bool: contains(.boolean)
        case .number(let number): contains(.number) || (contains(.integer) && number.isInteger)
        case .string: contains(.string)
        case .array: contains(.array)
        case .object: contains(.object)
        }
    }

    var names: String {
        let all: [(JSONTypes, String)] = [
            (.null, "null"), (.boolean, "boolean"), (.integer, "integer"), (.number, "number"), (.string, "string"),
            (.array, "array"), (.object, "object"),
        ]
        return all.filter { contains($0.0) }.map(\.1).joined(separator: " or ")
    }
}

/// One compiled keyword. Subschemas are node indices into ``SchemaProgram/nodes``.
enum SchemaKeyword: Sendable {
    case type(JSONTypes)
    case enumeration([JSONValue])
    case constant(JSONValue)
    case multipleOf(Double)
    case maximum(Double, exclusive: Bool)
    case minimum(Double, exclusive: Bool)
    case maxLength(Int)
    case minLength(Int)
    case pattern(ECMAPattern)
    case format(SchemaFormat)
    case maxItems(Int)
    case minItems(Int)
    case uniqueItems
    case maxProperties(Int)
    case minProperties(Int)
    case required([String])
    case dependentRequired([(property: String, required: [String])])
    case prefixItems([Int])
    case items(Int, after: Int)
    case contains(Int, minimum: Int, maximum: Int?)
    case properties([(name: String, node: Int)])
    case patternProperties([(pattern: ECMAPattern, node: Int)])
    case additionalProperties(Int, declared: Set<String>, patterns: [ECMAPattern])
    case propertyNames(Int)
    case dependentSchemas([(property: String, node: Int)])
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)
    case conditional(if: Int, then: Int?, else: Int?)
    case reference(Int)
    case dynamicReference(Int, anchor: String?)
    case unevaluatedItems(Int)
    case unevaluatedProperties(Int)

    /// The keyword's name in the schema, for the schema location of a violation.
    var name: String {
        switch self {
        case .type: "type"
        case .enumeration: "enum"
        case .constant: "const"
        case .multipleOf: "multipleOf"
        case .maximum(_, let exclusive): exclusive ? "exclusiveMaximum" : "maximum"
        case .minimum(_, let exclusive): exclusive ? "exclusiveMinimum" : "minimum"
        case .maxLength: "maxLength"
        case .minLength: "minLength"
        case .pattern: "pattern"
        case .format: "format"
        case .maxItems: "maxItems"
        case .minItems: "minItems"
        case .uniqueItems: "uniqueItems"
        case .maxProperties: "maxProperties"
        case .minProperties: "minProperties"
        case .required: "required"
        case .dependentRequired: "dependentRequired"
        case .prefixItems: "prefixItems"
        case .items: "items"
        case .contains: "contains"
        case .properties: "properties"
        case .patternProperties: "patternProperties"
        case .additionalProperties: "additionalProperties"
        case .propertyNames: "propertyNames"
        case .dependentSchemas: "dependentSchemas"
        case .allOf: "allOf"
        case .anyOf: "anyOf"
        case .oneOf: "oneOf"
        case .not: "not"
        case .conditional: "if"
        case .reference: "$ref"
        case .dynamicReference: "$dynamicRef"
        case .unevaluatedItems: "unevaluatedItems"
        case .unevaluatedProperties: "unevaluatedProperties"
        }
    }
}
