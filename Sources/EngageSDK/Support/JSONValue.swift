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

/// A JSON writer on UTF-8 bytes (much cheaper than appending to a `String` piece by piece).
struct JSONText {
    private(set) var bytes: [UInt8] = []
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends raw JSON text (punctuation, numbers, already valid JSON).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` as a JSON string literal (quotes included).
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            bytes.append(0x22)
            if !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
                bytes.append(contentsOf: utf8)
            } else {
                for byte in utf8 { escape(byte) }
            }
            bytes.append(0x22)
        }
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
        case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
        case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
        case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
        case ..<0x20:
            bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0x0F)]])
        default: bytes.append(byte)
        }
    }

    /// Appends `value` in decimal, zero-padded to `width` digits.
    mutating func digits(_ value: Int, width: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var remaining = value.magnitude
        var scratch: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &scratch) { buffer in
            repeat {
                buffer[count] = UInt8(0x30 + remaining % 10)
                remaining /= 10
                count += 1
            } while (remaining > 0 || count < width) && count < 8
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Bytes written so far.
    var count: Int { bytes.count }

    /// Appends `value`'s UTF-8 bytes as they are (no quotes, no escaping).
    mutating func utf8(_ value: String) {
        var value = value
        value.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with the bytes written so far.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer(body)
    }

    /// Forgets the text, keeping the buffer for the next one.
    mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
    }
}
