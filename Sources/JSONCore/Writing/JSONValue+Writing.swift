public import Foundation

/// How ``JSONValue`` writes itself.
public struct JSONWritingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Two-space indentation, one member or element per line, `"key": value`.
    public static let pretty = JSONWritingOptions(rawValue: 1 << 0)
    /// Object members in sorted key order instead of the order they were read or added in.
    public static let sortedKeys = JSONWritingOptions(rawValue: 1 << 1)
    /// The stable form of files we write: pretty, sorted keys (callers add the trailing newline).
    public static let stable: JSONWritingOptions = [.pretty, .sortedKeys]
}

extension JSONValue {
    /// The value as JSON text. Strings escape only what JSON requires (`"`, `\`, control characters);
    /// `/` and non-ASCII text are written as they are. Numbers are written as they were read.
    public func serialized(_ options: JSONWritingOptions = []) -> String {
        var output = ""
        write(to: &output, options: options, indent: 0)
        return output
    }

    /// The value as UTF-8 JSON bytes.
    public func data(_ options: JSONWritingOptions = []) -> Data {
        Data(serialized(options).utf8)
    }

    private func write(to output: inout String, options: JSONWritingOptions, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let number): output += number.text
        case .string(let string): Self.writeString(string, to: &output)
        case .array(let array):
            guard !array.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (offset, element) in array.enumerated() {
                if offset > 0 { output += "," }
                Self.newline(&output, options: options, indent: indent + 1)
                element.write(to: &output, options: options, indent: indent + 1)
            }
            Self.newline(&output, options: options, indent: indent)
            output += "]"
        case .object(let object):
            guard !object.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            let members = options.contains(.sortedKeys) ? object.sortedMembers : Array(object)
            for (offset, member) in members.enumerated() {
                if offset > 0 { output += "," }
                Self.newline(&output, options: options, indent: indent + 1)
                Self.writeString(member.key, to: &output)
                output += options.contains(.pretty) ? ": " : ":"
                member.value.write(to: &output, options: options, indent: indent + 1)
            }
            Self.newline(&output, options: options, indent: indent)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, options: JSONWritingOptions, indent: Int) {
        guard options.contains(.pretty) else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    /// Writes `string` as a JSON string literal.
    public static func writeString(_ string: String, to output: inout String) {
        output += "\""
        var clean = true
        for byte in string.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            clean = false
            break
        }
        if clean {
            output += string
        } else {
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case "\u{08}": output += "\\b"
                case "\u{0C}": output += "\\f"
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

extension JSONValue: CustomStringConvertible {
    public var description: String { serialized() }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .number(JSONNumber(text: String(value)))
        } else if let value = try? container.decode(Double.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            let members = try container.decode([String: JSONValue].self)
            self = .object(JSONObject(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let number):
            if let integer = number.integer, number.text == String(integer) {
                try container.encode(integer)
            } else {
                try container.encode(number.double)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let object):
            try container.encode(Dictionary(uniqueKeysWithValues: object.map { ($0.key, $0.value) }))
        }
    }
}

extension JSONValue {
    /// Encodes any `Encodable` value into a ``JSONValue`` (through JSONEncoder).
    public init(encoding value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try self.init(parsing: encoder.encode(value))
    }

    /// Decodes this value as `type` (through JSONDecoder).
    public func decode<T: Decodable>(as type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: data())
    }
}
