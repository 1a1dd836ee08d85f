public import Foundation

/// A JSON value: push-notification payloads, deep-link parameters and configuration files are read as this.
public enum JSONValue: Sendable, Hashable, Codable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// Parses JSON text.
    public init(data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The value as text: a string as is, a number without a needless `.0`, a boolean as `true`/`false`.
    public var stringValue: String? {
        switch self {
        case .string(let value): value
        case .number(let value):
            value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .bool(let value): value ? "true" : "false"
        case .array, .object, .null: nil
        }
    }

    /// The value as an integer, from a number or a numeric string.
    public var intValue: Int? {
        switch self {
        case .number(let value): Int(exactly: value.rounded()) ?? nil
        case .string(let value): Int(value.trimmingCharacters(in: .whitespaces))
        case .bool(let value): value ? 1 : 0
        case .array, .object, .null: nil
        }
    }

    /// The value as a boolean: `true`/`false`, `YES`/`NO`, or a number.
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .number(let value): value != 0
        case .string(let value):
            switch value.lowercased() {
            case "true", "yes", "1": true
            case "false", "no", "0": false
            default: nil
            }
        case .array, .object, .null: nil
        }
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The first value found under `key`, searching objects and arrays depth first (members in key order).
    public func firstValue(forKey key: String) -> JSONValue? {
        switch self {
        case .object(let members):
            if let direct = members[key] { return direct }
            for name in members.keys.sorted() {
                if let found = members[name]?.firstValue(forKey: key) { return found }
            }
            return nil
        case .array(let values):
            for value in values {
                if let found = value.firstValue(forKey: key) { return found }
            }
            return nil
        case .string, .number, .bool, .null:
            return nil
        }
    }
}

enum JSONText {
    /// Appends `value` as a JSON string literal (quotes included).
    static func appendString(_ value: String, to output: inout String) {
        output += "\""
        var plain = true
        for byte in value.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            plain = false
            break
        }
        if plain {
            output += value
        } else {
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        output.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        output += "\""
    }
}
