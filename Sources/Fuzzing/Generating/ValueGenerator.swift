internal import Foundation
public import JSONCore

/// Draws values from JSON Schemas (the subset contracts use: types, `enum`/`const`, examples, string lengths,
/// patterns and formats, number ranges, objects with required and optional members, arrays, `allOf`, `anyOf`,
/// `oneOf`, `$ref`). A value it draws is checked against the compiled schema by the caller; this only aims.
public struct ValueGenerator: Sendable {
    let contract: FuzzContract
    /// Fixed values for object members by name (credentials, identifiers the target knows).
    let fixed: [String: String]

    public init(contract: FuzzContract, fixed: [String: String] = [:]) {
        self.contract = contract
        self.fixed = fixed
    }

    /// A value for `node`.
    public func value(_ node: SchemaNode, random: inout SeededGenerator, depth: Int = 0) -> JSONValue {
        // Schemas that require themselves (`required: [next]`, `next: {$ref: "#"}`) end here.
        guard depth <= 16 else { return .null }
        let node = flatten(node)
        let schema = node.value
        if schema == .bool(true) || schema.objectValue?.isEmpty == true { return .string(Self.word(&random)) }
        if let constant = schema["const"] { return constant }
        if let choices = schema["enum"]?.arrayValue, let choice = random.pick(choices) { return choice }
        let examples = (schema["examples"]?.arrayValue ?? []) + (schema["example"].map { [$0] } ?? [])
        if !examples.isEmpty, random.chance(40), let example = random.pick(examples) { return example }
        if let branches = (schema["oneOf"] ?? schema["anyOf"])?.arrayValue, let branch = random.pick(branches) {
            // The branch joins the schema's own keywords, as if both were parts of an allOf.
            var rest = schema.objectValue ?? JSONObject()
            rest["oneOf"] = nil
            rest["anyOf"] = nil
            let joined: JSONValue = rest.isEmpty ? branch : ["allOf": [.object(rest), branch]]
            return value(SchemaNode(value: joined, document: node.document), random: &random, depth: depth + 1)
        }
        switch type(of: schema, random: &random) {
        case "null": return .null
        case "boolean": return .bool(random.chance(50))
        case "integer": return .number(JSONNumber(integer(schema, random: &random)))
        case "number": return number(schema, random: &random)
        case "array": return array(node, random: &random, depth: depth)
        case "object": return object(node, random: &random, depth: depth)
        default: return .string(string(schema, random: &random))
        }
    }

    /// `node` with its `$ref` followed (sibling keywords kept) and its `allOf` merged in.
    func flatten(_ node: SchemaNode) -> SchemaNode {
        var current = node
        if current.value["$ref"] != nil {
            var resolved = contract.resolve(SchemaNode(value: current.value, document: current.document))
            if var unresolvable = resolved.value.objectValue, unresolvable["$ref"] != nil {
                // A reference that names nothing (or loops) constrains nothing the generator can follow.
                unresolvable["$ref"] = nil
                resolved = SchemaNode(value: .object(unresolvable), document: resolved.document)
            }
            let target = flatten(resolved)
            var merged = target.value.objectValue ?? JSONObject()
            for member in current.value.objectValue ?? JSONObject() where member.key != "$ref" {
                merged[member.key] = member.value
            }
            current = SchemaNode(value: .object(merged), document: target.document)
        }
        guard let parts = current.value["allOf"]?.arrayValue, var merged = current.value.objectValue else {
            return current
        }
        merged["allOf"] = nil
        var properties = merged["properties"]?.objectValue ?? JSONObject()
        var required = merged["required"]?.arrayValue ?? []
        for part in parts {
            let flat = flatten(SchemaNode(value: part, document: current.document))
            for member in flat.value.objectValue ?? JSONObject() {
                switch member.key {
                case "properties":
                    for property in member.value.objectValue ?? JSONObject() {
                        properties[property.key] = property.value
                    }
                case "required":
                    required += member.value.arrayValue ?? []
                default:
                    merged[member.key] = member.value
                }
            }
        }
        if !properties.isEmpty { merged["properties"] = .object(properties) }
        if !required.isEmpty { merged["required"] = .array(required) }
        return SchemaNode(value: .object(merged), document: current.document)
    }

    private func type(of schema: JSONValue, random: inout SeededGenerator) -> String {
        if let name = schema["type"]?.stringValue { return name }
        if let names = schema["type"]?.arrayValue?.compactMap(\.stringValue) {
            let concrete = names.filter { $0 != "null" }
            return random.pick(concrete.isEmpty ? names : concrete) ?? "string"
        }
        if schema["properties"] != nil || schema["required"] != nil { return "object" }
        if schema["items"] != nil { return "array" }
        if schema["minimum"] != nil || schema["maximum"] != nil { return "number" }
        return "string"
    }

    private func integer(_ schema: JSONValue, random: inout SeededGenerator) -> Int {
        var low = schema["minimum"]?.doubleValue.flatMap(Self.bound) ?? 0
        var high = schema["maximum"]?.doubleValue.flatMap(Self.bound) ?? max(low, 0) + 1_000
        if let bound = schema["exclusiveMinimum"]?.doubleValue { low = (Self.bound(bound.rounded(.down)) ?? 0) + 1 }
        if let bound = schema["exclusiveMaximum"]?.doubleValue { high = (Self.bound(bound.rounded(.up)) ?? 0) - 1 }
        if high < low { high = low }
        if high - low > 1_000_000 { high = low + 1_000_000 }
        return random.int(low...high)
    }

    private func number(_ schema: JSONValue, random: inout SeededGenerator) -> JSONValue {
        let value = integer(schema, random: &random)
        let fraction = random.chance(50) ? 0.5 : 0.25
        if let maximum = schema["maximum"]?.doubleValue, Double(value) + fraction > maximum {
            return .number(JSONNumber(value))
        }
        return .number(JSONNumber(Double(value) + fraction))
    }

    private func array(_ node: SchemaNode, random: inout SeededGenerator, depth: Int) -> JSONValue {
        let schema = node.value
        let low = min(schema["minItems"]?.doubleValue.flatMap(Self.bound) ?? 0, 1_000)
        let high = min(schema["maxItems"]?.doubleValue.flatMap(Self.bound) ?? low + 3, low + 3)
        let count = depth > 6 ? low : random.int(low...max(low, high))
        guard let items = schema["items"] else { return .array([]) }
        var values: [JSONValue] = []
        for _ in 0..<count {
            let item = value(SchemaNode(value: items, document: node.document), random: &random, depth: depth + 1)
            if schema["uniqueItems"]?.boolValue == true, values.contains(item) { continue }
            values.append(item)
        }
        return .array(values)
    }

    private func object(_ node: SchemaNode, random: inout SeededGenerator, depth: Int) -> JSONValue {
        let schema = node.value
        let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var object = JSONObject()
        for property in schema["properties"]?.objectValue ?? JSONObject() {
            let include = required.contains(property.key) || (depth < 6 && random.chance(50))
            guard include else { continue }
            if depth == 0, let fixed = fixed[property.key] {
                object[property.key] = .string(fixed)
                continue
            }
            object[property.key] = value(
                SchemaNode(value: property.value, document: node.document), random: &random, depth: depth + 1)
        }
        for name in required.sorted() where object[name] == nil {
            object[name] = fixed[name].map(JSONValue.string) ?? .string(Self.word(&random))
        }
        return .object(object)
    }

    private func string(_ schema: JSONValue, random: inout SeededGenerator) -> String {
        if let pattern = schema["pattern"]?.stringValue, let drawn = PatternGenerator.string(pattern, random: &random) {
            return drawn
        }
        if let format = schema["format"]?.stringValue, let drawn = Self.formatted(format, random: &random) {
            return drawn
        }
        let low = min(schema["minLength"]?.doubleValue.flatMap(Self.bound) ?? 0, 10_000)
        let high = min(schema["maxLength"]?.doubleValue.flatMap(Self.bound) ?? max(low, 12), low + 24)
        let length = random.int(max(low, 0)...max(low, high, 0))
        return String((0..<length).map { _ in Self.letters.randomElement(using: &random) ?? "a" })
    }

    /// A schema bound as an integer, clamped to ±10¹² so arithmetic on it cannot overflow; nil when not finite.
    static func bound(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int(min(max(value, -1e12), 1e12))
    }

    static let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    static func word(_ random: inout SeededGenerator) -> String {
        "fz" + String((0..<6).map { _ in letters.randomElement(using: &random) ?? "a" })
    }

    static func formatted(_ format: String, random: inout SeededGenerator) -> String? {
        switch format {
        case "email": return word(&random) + "@example.com"
        case "date-time":
            let day = random.int(1...28)
            let second = random.int(0...59)
            return "2026-01-\(day < 10 ? "0" : "")\(day)T10:20:\(second < 10 ? "0" : "")\(second).123Z"
        case "date": return "2026-01-\(10 + random.int(0...18))"
        case "uri", "url", "iri": return "https://example.com/" + word(&random)
        case "uuid":
            let hex = Array("0123456789abcdef")
            let text = String((0..<32).map { _ in hex.randomElement(using: &random) ?? "0" })
            let parts = [text.prefix(8), text.dropFirst(8).prefix(4), text.dropFirst(12).prefix(4)]
            return parts.joined(separator: "-") + "-" + text.dropFirst(16).prefix(4) + "-" + text.suffix(12)
        case "ipv4": return "10.0.\(random.int(0...255)).\(random.int(1...254))"
        case "hostname": return word(&random) + ".example.com"
        default: return nil
        }
    }
}
