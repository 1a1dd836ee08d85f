package import Foundation

/// A value in the simulators' state store, as both backends hold it: SQLite's five storage classes, which
/// PostgreSQL's `BIGINT`, `DOUBLE PRECISION`, `TEXT` and `BYTEA` columns hold too.
package enum StateValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// A Swift value a simulator binds to a statement or reads from a row.
///
/// The conversions are SQLite's (and GRDB's): an integer reads as `Bool` (non-zero is true) and as `Double`; a real
/// with no fraction reads as an integer; text reads as `Data` (UTF-8). Anything else is nil.
package protocol StateValueConvertible {
    /// The value to bind.
    var stateValue: StateValue { get }
    /// The Swift value a stored value reads as, or nil when it does not convert.
    static func fromStateValue(_ value: StateValue) -> Self?
}

extension Int64: StateValueConvertible {
    package var stateValue: StateValue { .integer(self) }
    package static func fromStateValue(_ value: StateValue) -> Int64? {
        switch value {
        case .integer(let integer): integer
        case .real(let real): Int64(exactly: real)
        default: nil
        }
    }
}

extension Int: StateValueConvertible {
    package var stateValue: StateValue { .integer(Int64(self)) }
    package static func fromStateValue(_ value: StateValue) -> Int? {
        Int64.fromStateValue(value).flatMap { Int(exactly: $0) }
    }
}

extension Int32: StateValueConvertible {
    package var stateValue: StateValue { .integer(Int64(self)) }
    package static func fromStateValue(_ value: StateValue) -> Int32? {
        Int64.fromStateValue(value).flatMap { Int32(exactly: $0) }
    }
}

extension Double: StateValueConvertible {
    package var stateValue: StateValue { .real(self) }
    package static func fromStateValue(_ value: StateValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .real(let real): real
        default: nil
        }
    }
}

extension Bool: StateValueConvertible {
    package var stateValue: StateValue { .integer(self ? 1 : 0) }
    package static func fromStateValue(_ value: StateValue) -> Bool? {
        switch value {
        case .integer(let integer): integer != 0
        case .real(let real): real != 0
        default: nil
        }
    }
}

extension String: StateValueConvertible {
    package var stateValue: StateValue { .text(self) }
    package static func fromStateValue(_ value: StateValue) -> String? {
        switch value {
        case .text(let text): text
        case .blob(let data): String(data: data, encoding: .utf8)
        default: nil
        }
    }
}

extension Data: StateValueConvertible {
    package var stateValue: StateValue { .blob(self) }
    package static func fromStateValue(_ value: StateValue) -> Data? {
        switch value {
        case .blob(let data): data
        case .text(let text): Data(text.utf8)
        default: nil
        }
    }
}

extension Optional: StateValueConvertible where Wrapped: StateValueConvertible {
    package var stateValue: StateValue { self?.stateValue ?? .null }
    /// `.some(nil)` for a NULL, so that `row["column"] as String?` reads a NULL as nil.
    package static func fromStateValue(_ value: StateValue) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return Wrapped.fromStateValue(value).map { .some($0) }
    }
}

extension StateValue: StateValueConvertible {
    package var stateValue: StateValue { self }
    package static func fromStateValue(_ value: StateValue) -> StateValue? { value }
}

/// The values bound to a statement's `?` placeholders, in order.
package struct StateArguments: Sendable, ExpressibleByArrayLiteral {
    package var values: [StateValue]

    package init(arrayLiteral elements: (any StateValueConvertible)?...) {
        values = elements.map { $0?.stateValue ?? .null }
    }

    package init<S: Sequence>(_ sequence: S) where S.Element: StateValueConvertible {
        values = sequence.map(\.stateValue)
    }

    package init(_ sequence: [(any StateValueConvertible)?]) {
        values = sequence.map { $0?.stateValue ?? .null }
    }

    package init(values: [StateValue]) {
        self.values = values
    }

    package static func + (lhs: StateArguments, rhs: StateArguments) -> StateArguments {
        StateArguments(values: lhs.values + rhs.values)
    }

    package static func += (lhs: inout StateArguments, rhs: StateArguments) {
        lhs.values += rhs.values
    }

    package mutating func append(contentsOf other: StateArguments) {
        values += other.values
    }
}
