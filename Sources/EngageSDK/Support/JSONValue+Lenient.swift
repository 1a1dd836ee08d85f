import Foundation
import JSONCore

/// How Engage reads the values of configuration files, push payloads and OAuth answers: leniently, as the
/// shipped SDKs did (a number where text is expected, `"YES"` for a boolean), on top of JSONCore's strict
/// accessors.
extension JSONValue {
    /// The value as text: a string as is, a number as written on the wire (`3`, `1.5`), a boolean as
    /// `true`/`false`; nil for arrays, objects and null.
    var lenientString: String? {
        switch self {
        case .string(let value): value
        case .number(let number): number.integer.map { String($0) } ?? String(number.double)
        case .bool(let value): value ? "true" : "false"
        case .array, .object, .null: nil
        }
    }

    /// The value as an integer, from a whole number, a numeric string or a boolean.
    var lenientInt: Int? {
        switch self {
        case .number(let number): number.integer.flatMap { Int(exactly: $0) }
        case .string(let value): Int(value.trimmingCharacters(in: .whitespaces))
        case .bool(let value): value ? 1 : 0
        case .array, .object, .null: nil
        }
    }

    /// The value as a number, from a number or a numeric string (the shipped plist wrote `"10"`).
    var lenientDouble: Double? {
        switch self {
        case .number(let number): number.double
        case .string(let value): Double(value.trimmingCharacters(in: .whitespaces))
        case .bool, .array, .object, .null: nil
        }
    }

    /// The value as a boolean: `true`/`false`, `YES`/`NO`, `1`/`0`, or a number (non-zero is true).
    var lenientBool: Bool? {
        switch self {
        case .bool(let value): value
        case .number(let number): number.double != 0
        case .string(let value):
            switch value.lowercased() {
            case "true", "yes", "1": true
            case "false", "no", "0": false
            default: nil
            }
        case .array, .object, .null: nil
        }
    }

    /// The first value found under `key`, searching objects and arrays depth first (an object's own member
    /// first, then its members in key order).
    func firstValue(forKey key: String) -> JSONValue? {
        switch self {
        case .object(let members):
            if let direct = members[key] { return direct }
            for (_, member) in members.sortedMembers {
                if let found = member.firstValue(forKey: key) { return found }
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
