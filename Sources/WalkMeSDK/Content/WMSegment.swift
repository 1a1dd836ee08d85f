import JSONCore

/// Who a campaign is for: conditions on the public or private user attributes, all or any of which must hold.
struct WMSegment: Sendable, Hashable {
    enum Match: String, Sendable, Hashable {
        case all
        case any
    }

    struct Condition: Sendable, Hashable {
        enum Operator: String, Sendable, Hashable {
            case equals
            case notEquals
            case exists
            case greaterThan
            case lessThan
        }

        var attribute: String
        var isPrivate: Bool
        var op: Operator
        var value: JSONValue?

        func holds(public attributes: [String: JSONValue], private secrets: [String: JSONValue]) -> Bool {
            let actual = (isPrivate ? secrets : attributes)[attribute]
            switch op {
            case .exists: return actual != nil
            case .equals: return actual.map { Self.same($0, value) } ?? false
            case .notEquals: return !(actual.map { Self.same($0, value) } ?? false)
            case .greaterThan, .lessThan:
                guard let lhs = actual.flatMap(Self.number), let rhs = value.flatMap(Self.number) else { return false }
                return op == .greaterThan ? lhs > rhs : lhs < rhs
            }
        }

        /// Values compare as text, so `"5"` equals `5` (attributes set from a text field stay matchable).
        private static func same(_ lhs: JSONValue, _ rhs: JSONValue?) -> Bool {
            guard let rhs else { return false }
            return text(lhs) == text(rhs)
        }

        private static func text(_ value: JSONValue) -> String {
            switch value {
            case .string(let text): text
            case .number(let number): number.integer.map { String($0) } ?? number.text
            case .bool(let flag): flag ? "true" : "false"
            default: value.serialized()
            }
        }

        private static func number(_ value: JSONValue) -> Double? {
            if let number = value.doubleValue { return number }
            return value.stringValue.flatMap(Double.init)
        }
    }

    var match: Match
    var conditions: [Condition]

    init(json: JSONValue, pointer: String) throws(WalkMeError) {
        let reader = WMContentReader(document: "data file", json: json, pointer: pointer)
        let match = try reader.string("match")
        guard let parsed = Match(rawValue: match) else { throw reader.fail("match", "'\(match)' is not all or any") }
        self.match = parsed
        var conditions: [Condition] = []
        for (index, value) in try reader.array("conditions").enumerated() {
            let item = WMContentReader(document: "data file", json: value, pointer: pointer + "/conditions/\(index)")
            let scope = try item.string("scope")
            guard scope == "public" || scope == "private" else {
                throw item.fail("scope", "'\(scope)' is not public or private")
            }
            let op = try item.string("operator")
            guard let parsedOp = Condition.Operator(rawValue: op) else {
                throw item.fail("operator", "unknown operator '\(op)'")
            }
            let operand = item.optional("value")
            if parsedOp != .exists && operand == nil { throw item.fail("value", "is missing") }
            conditions.append(
                Condition(
                    attribute: try item.string("attribute"), isPrivate: scope == "private", op: parsedOp,
                    value: operand))
        }
        self.conditions = conditions
    }

    func matches(public attributes: [String: JSONValue], private secrets: [String: JSONValue]) -> Bool {
        switch match {
        case .all: conditions.allSatisfy { $0.holds(public: attributes, private: secrets) }
        case .any: conditions.contains { $0.holds(public: attributes, private: secrets) }
        }
    }
}
