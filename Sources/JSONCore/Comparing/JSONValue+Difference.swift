/// Where two JSON values part: the pointer and the two values found there.
public struct JSONDifference: Sendable, Hashable, CustomStringConvertible {
    public var pointer: JSONPointer
    /// The expected value at the pointer, as compact JSON, or `missing`.
    public var expected: String
    /// The actual value at the pointer, as compact JSON, or `missing`.
    public var actual: String

    public var description: String {
        "\(pointer.tokens.isEmpty ? "(root)" : pointer.description): expected \(expected), got \(actual)"
    }
}

extension JSONValue {
    /// Every place where `actual` differs from `self` (the expected value), in document order, up to `limit`.
    ///
    /// - Parameter ignoring: pointers (with `*` wildcards) of volatile values: where both sides have a value
    ///   there, the values may differ; a value present on one side only is still a difference.
    public func differences(
        from actual: JSONValue,
        ignoring: [JSONPointer] = [],
        limit: Int = 20
    ) -> [JSONDifference] {
        var ignored = Set<JSONPointer>()
        for pattern in ignoring {
            ignored.formUnion(resolve(pattern))
            ignored.formUnion(actual.resolve(pattern))
        }
        var found: [JSONDifference] = []
        collectDifferences(actual: actual, at: .root, ignored: ignored, limit: limit, into: &found)
        return found
    }

    /// The first difference, or nil when the values are semantically equal (volatile values ignored).
    public func difference(from actual: JSONValue, ignoring: [JSONPointer] = []) -> JSONDifference? {
        differences(from: actual, ignoring: ignoring, limit: 1).first
    }

    private func collectDifferences(
        actual: JSONValue,
        at pointer: JSONPointer,
        ignored: Set<JSONPointer>,
        limit: Int,
        into found: inout [JSONDifference]
    ) {
        guard found.count < limit, !ignored.contains(pointer) else { return }
        switch (self, actual) {
        case (.object(let left), .object(let right)):
            for key in left.keys {
                let child = pointer.appending(key)
                if let theirs = right[key] {
                    left[key]!.collectDifferences(
                        actual: theirs, at: child, ignored: ignored, limit: limit, into: &found)
                } else if found.count < limit {
                    found.append(JSONDifference(pointer: child, expected: left[key]!.serialized(), actual: "missing"))
                }
            }
            for key in right.keys where left[key] == nil && found.count < limit {
                found.append(
                    JSONDifference(
                        pointer: pointer.appending(key), expected: "missing", actual: right[key]!.serialized())
                )
            }
        case (.array(let left), .array(let right)):
            for index in 0..<max(left.count, right.count) where found.count < limit {
                let child = pointer.appending(index)
                switch (index < left.count ? left[index] : nil, index < right.count ? right[index] : nil) {
                case (let mine?, let theirs?):
                    mine.collectDifferences(actual: theirs, at: child, ignored: ignored, limit: limit, into: &found)
                case (let mine?, nil):
                    found.append(JSONDifference(pointer: child, expected: mine.serialized(), actual: "missing"))
                case (nil, let theirs?):
                    found.append(JSONDifference(pointer: child, expected: "missing", actual: theirs.serialized()))
                case (nil, nil):
                    break
                }
            }
        default:
            if self != actual {
                found.append(JSONDifference(pointer: pointer, expected: serialized(), actual: actual.serialized()))
            }
        }
    }
}
