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
        String(decoding: bytes(options), as: UTF8.self)
    }

    /// The value as UTF-8 JSON bytes.
    public func data(_ options: JSONWritingOptions = []) -> Data {
        Data(bytes(options))
    }

    /// The value as UTF-8 JSON bytes, the text ``serialized(_:)`` gives. Written straight into one byte buffer: a
    /// simulator's answer (a ReferralHero leaderboard page is some 90 KB) is written on every call.
    public func bytes(_ options: JSONWritingOptions = []) -> [UInt8] {
        var writer = JSONByteWriter(options: options)
        writer.write(self, indent: 0)
        return writer.output
    }

    /// The value's bytes as ``bytes(_:)`` writes it where it stands `indent` levels deep in a `.pretty` document (its
    /// inner lines indented to match): a part of a larger document, written once and put in place many times.
    public func bytes(_ options: JSONWritingOptions, indent: Int) -> [UInt8] {
        var writer = JSONByteWriter(options: options)
        writer.write(self, indent: max(0, indent))
        return writer.output
    }

    /// Writes `string` as a JSON string literal.
    public static func writeString(_ string: String, to output: inout String) {
        var writer = JSONByteWriter(options: [])
        writer.writeString(string)
        output += String(decoding: writer.output, as: UTF8.self)
    }
}

/// The writer behind ``JSONValue/bytes(_:)``: appends UTF-8 to one growing array.
struct JSONByteWriter {
    let pretty: Bool
    let sortedKeys: Bool
    var output: [UInt8] = []

    init(options: JSONWritingOptions) {
        pretty = options.contains(.pretty)
        sortedKeys = options.contains(.sortedKeys)
        output.reserveCapacity(512)
    }

    mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .number(let number): append(number.text)
        case .string(let string): writeString(string)
        case .array(let array):
            guard !array.isEmpty else {
                append("[]")
                return
            }
            output.append(UInt8(ascii: "["))
            for (offset, element) in array.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                append("{}")
                return
            }
            output.append(UInt8(ascii: "{"))
            let members = sortedKeys ? object.sortedMembers : Array(object)
            for (offset, member) in members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                writeString(member.key)
                if pretty { append(": ") } else { output.append(UInt8(ascii: ":")) }
                write(member.value, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    private mutating func newline(_ indent: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<indent {
            output.append(UInt8(ascii: " "))
            output.append(UInt8(ascii: " "))
        }
    }

    /// `string` as a JSON string literal: only `"`, `\` and control characters are escaped.
    mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: checked and copied whole through their contiguous UTF-8 (UTF8Bytes).
        let copied = string.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else {
                return false
            }
            output.append(contentsOf: bytes)
            return true
        }
        if copied != true {
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case UInt8(ascii: "\n"): append("\\n")
                case UInt8(ascii: "\r"): append("\\r")
                case UInt8(ascii: "\t"): append("\\t")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                case ..<0x20:
                    append("\\u00")
                    output.append(Self.hexDigits[Int(byte >> 4)])
                    output.append(Self.hexDigits[Int(byte & 0x0F)])
                default: output.append(byte)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
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
