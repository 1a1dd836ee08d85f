import JSONCore

/// Header fields in the order they were sent, with case-insensitive lookup by name.
///
/// Repeated names (two `Set-Cookie` lines) stay separate fields, so replay returns exactly what was recorded.
public struct HeaderFields: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One header line: its name as sent (case kept) and its value.
    public struct Field: Sendable, Hashable {
        /// The name, case kept.
        public var name: String
        /// The value.
        public var value: String

        /// A field `name: value`.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order, repeated names included.
    public private(set) var fields: [Field]

    /// Fields in the given order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Fields from `(name, value)` pairs, in order.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field($0.0, $0.1) }
    }

    /// Fields from a literal, in the order written: `["Content-Type": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The position of the first field (0).
    public var startIndex: Int { fields.startIndex }
    /// The position after the last field.
    public var endIndex: Int { fields.endIndex }
    /// The field at `position`, which must be in `startIndex..<endIndex`.
    public subscript(position: Int) -> Field { fields[position] }

    /// The first value of `name` (case-insensitive); setting replaces every field of that name (nil removes).
    public subscript(name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            guard let newValue else {
                removeAll(named: name)
                return
            }
            if let index = fields.firstIndex(where: { Self.same($0.name, name) }) {
                fields[index].value = newValue
                var seen = false
                fields.removeAll { field in
                    guard Self.same(field.name, name) else { return false }
                    defer { seen = true }
                    return seen
                }
            } else {
                fields.append(Field(name, newValue))
            }
        }
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// Adds a field at the end, even when the name is already present.
    public mutating func append(_ name: String, _ value: String) {
        fields.append(Field(name, value))
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func removeAll(named name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    /// Changes values in place, keeping names and order.
    public mutating func updateValues(_ transform: (_ name: String, _ value: String) -> String) {
        for index in fields.indices {
            fields[index].value = transform(fields[index].name, fields[index].value)
        }
    }

    /// Whether two header names are the same (ASCII case-insensitive).
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        UTF8Bytes.equalsIgnoringCase(lhs, rhs)
    }
}
