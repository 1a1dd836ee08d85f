/// Header fields in the order they were sent, with case-insensitive lookup by name.
///
/// Repeated names (two `Set-Cookie` lines) stay separate fields, so replay returns exactly what was recorded.
public struct HeaderFields: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field($0.0, $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var startIndex: Int { fields.startIndex }
    public var endIndex: Int { fields.endIndex }
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

    public mutating func append(_ name: String, _ value: String) {
        fields.append(Field(name, value))
    }

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
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return zip(lhs.utf8, rhs.utf8).allSatisfy { left, right in
            left == right || (left | 0x20 == right | 0x20 && (left | 0x20) >= 0x61 && (left | 0x20) <= 0x7A)
        }
    }
}
