internal import JSONCore

extension JSONValue {
    /// JSON Schema equality: like `==` (numbers by value, objects unordered) except that strings compare by
    /// code points, not by Swift's canonical equivalence ("é" and "e\u{301}" differ).
    func isStrictlyEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.string(let left), .string(let right)):
            return left.utf8.elementsEqual(right.utf8)
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return false }
            return zip(left, right).allSatisfy { $0.isStrictlyEqual(to: $1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            for member in left {
                guard let match = right[member.key], match.isStrictlyEqual(to: member.value) else { return false }
            }
            // Keys that are canonically equivalent but not identical would be missed above.
            return left.keys.allSatisfy { key in right.keys.contains { $0.utf8.elementsEqual(key.utf8) } }
        default:
            return self == other
        }
    }
}
