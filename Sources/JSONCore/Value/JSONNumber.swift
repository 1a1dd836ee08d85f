/// A JSON number: its text as written, and its value.
///
/// Two numbers are equal when their values are: exactly as integers when both are integers that fit in
/// 64 bits, as doubles otherwise.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as it appeared in the source, or as we write it.
    public let text: String
    /// The value as a double (may round for very long numbers).
    public let double: Double
    /// The value when it is an integer that fits in 64 bits (`2`, `2.0`, `2e0` all give 2).
    public let integer: Int64?

    /// A number from its JSON text. The caller guarantees the text is JSON number syntax.
    public init(text: String) {
        self.text = text
        let double = Double(text) ?? .nan
        self.double = double
        if let exact = Int64(text) {
            integer = exact
        } else if double.isFinite, double.rounded() == double, abs(double) < 9.2e18 {
            integer = Int64(double)
        } else {
            integer = nil
        }
    }

    public init(_ value: Int) {
        text = String(value)
        double = Double(value)
        integer = Int64(value)
    }

    public init(_ value: Double) {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
            self.init(Int(value))
        } else {
            self.init(text: value.isFinite ? "\(value)" : "null", double: value, integer: nil)
        }
    }

    private init(text: String, double: Double, integer: Int64?) {
        self.text = text
        self.double = double
        self.integer = integer
    }

    /// Whether the value is an integer (JSON Schema's `integer`: `1.0` counts).
    public var isInteger: Bool { integer != nil || (double.isFinite && double.rounded() == double) }

    public var description: String { text }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let left = lhs.integer, let right = rhs.integer { return left == right }
        return lhs.double == rhs.double
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(double)
    }
}
