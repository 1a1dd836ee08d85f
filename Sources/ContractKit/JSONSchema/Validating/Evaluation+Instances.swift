internal import JSONCore

extension Evaluation {
    mutating func applyObject(
        _ keyword: SchemaKeyword, of node: SchemaNode, to object: JSONObject, _ local: inout Annotations?
    ) -> Bool {
        var valid = true
        switch keyword {
        case .properties(let schemas):
            // Schema order (stable reports) and one hash lookup per declared property.
            for (name, child) in schemas {
                guard let value = object[name] else { continue }
                local?.properties.insert(name)
                if !evaluate(child, value, at: .key(name)) {
                    valid = false
                    if !collecting { return false }
                }
            }
        case .patternProperties(let pairs):
            for key in object.keys {
                for pair in pairs where pair.pattern.matches(key) {
                    local?.properties.insert(key)
                    if !evaluate(pair.node, object[key] ?? .null, at: .key(key)) {
                        valid = false
                        if !collecting { return false }
                    }
                }
            }
        case .additionalProperties(let child, let declared, let patterns):
            for key in object.keys where !declared.contains(key) {
                if patterns.contains(where: { $0.matches(key) }) { continue }
                if !evaluateMember(child, key, object[key] ?? .null, of: node, keyword) {
                    valid = false
                    if !collecting { return false }
                }
            }
            local?.allProperties = true
        case .unevaluatedProperties(let child):
            if local?.allProperties == true { return true }
            for member in object where local?.properties.contains(member.key) != true {
                if !evaluateMember(child, member.key, member.value, of: node, keyword) {
                    valid = false
                    if !collecting { return false }
                }
            }
            local?.allProperties = true
        case .propertyNames(let child):
            for member in object where !evaluate(child, .string(member.key), at: .key(member.key)) {
                valid = false
                if !collecting { return false }
            }
        case .required(let names):
            for name in names where object[name] == nil {
                fail(node, keyword, expected: "required property '\(name)'", actual: "it is missing")
                valid = false
                if !collecting { return false }
            }
        case .dependentRequired(let pairs):
            for pair in pairs where object[pair.property] != nil {
                for name in pair.required where object[name] == nil {
                    fail(
                        node, keyword, expected: "property '\(name)' (because '\(pair.property)' is present)",
                        actual: "it is missing")
                    valid = false
                    if !collecting { return false }
                }
            }
        case .dependentSchemas(let pairs):
            let instance = JSONValue.object(object)
            for pair in pairs where object[pair.property] != nil {
                var own: Annotations? = local == nil ? nil : Annotations()
                if evaluate(pair.node, instance, &own) {
                    if let own { local?.merge(own) }
                } else {
                    valid = false
                    if !collecting { return false }
                }
            }
        case .maxProperties(let limit):
            if object.count > limit {
                fail(node, keyword, expected: "at most \(limit) properties", actual: "\(object.count)")
                return false
            }
        case .minProperties(let limit):
            if object.count < limit {
                fail(node, keyword, expected: "at least \(limit) properties", actual: "\(object.count)")
                return false
            }
        default:
            return applyAny(keyword, of: node, to: .object(object))
        }
        return valid
    }

    /// A member checked by `additionalProperties` or `unevaluatedProperties`; `false` says "not allowed".
    private mutating func evaluateMember(
        _ child: Int, _ key: String, _ value: JSONValue, of node: SchemaNode, _ keyword: SchemaKeyword
    ) -> Bool {
        if program.nodes[child].constant == false {
            path.append(.key(key))
            fail(node, keyword, expected: "no property '\(key)' (it is not declared)", actual: describe(value))
            path.removeLast()
            return false
        }
        return evaluate(child, value, at: .key(key))
    }

    mutating func applyArray(
        _ keyword: SchemaKeyword, of node: SchemaNode, to array: [JSONValue], _ local: inout Annotations?
    ) -> Bool {
        var valid = true
        switch keyword {
        case .prefixItems(let nodes):
            for (index, child) in zip(array.indices, nodes) where !evaluate(child, array[index], at: .index(index)) {
                valid = false
                if !collecting { return false }
            }
            if let previous = local?.itemsPrefix { local?.itemsPrefix = max(previous, min(array.count, nodes.count)) }
        case .items(let child, let after):
            for index in array.indices.dropFirst(after) where !evaluate(child, array[index], at: .index(index)) {
                valid = false
                if !collecting { return false }
            }
            local?.allItems = true
        case .unevaluatedItems(let child):
            if local?.allItems == true { return true }
            let prefix = local?.itemsPrefix ?? 0
            for index in array.indices.dropFirst(prefix) where local?.containsIndices.contains(index) != true {
                if !evaluate(child, array[index], at: .index(index)) {
                    valid = false
                    if !collecting { return false }
                }
            }
            local?.allItems = true
        case .contains(let child, let minimum, let maximum):
            var matches = 0
            for (index, element) in array.enumerated() {
                path.append(.index(index))
                var none: Annotations? = nil
                let matched = probe(child, element, &none)
                path.removeLast()
                if matched {
                    matches += 1
                    local?.containsIndices.insert(index)
                }
            }
            if matches < minimum {
                fail(node, keyword, expected: "at least \(minimum) item(s) matching 'contains'", actual: "\(matches)")
                return false
            }
            if let maximum, matches > maximum {
                fail(node, keyword, expected: "at most \(maximum) item(s) matching 'contains'", actual: "\(matches)")
                return false
            }
        case .maxItems(let limit):
            if array.count > limit {
                fail(node, keyword, expected: "at most \(limit) items", actual: "\(array.count)")
                return false
            }
        case .minItems(let limit):
            if array.count < limit {
                fail(node, keyword, expected: "at least \(limit) items", actual: "\(array.count)")
                return false
            }
        case .uniqueItems:
            // Buckets by hash (semantic equality), then strict comparison inside a bucket.
            var buckets: [JSONValue: [Int]] = [:]
            for (index, element) in array.enumerated() {
                if let first = buckets[element, default: []].first(where: { array[$0].isStrictlyEqual(to: element) }) {
                    fail(node, keyword, expected: "unique items", actual: "items \(first) and \(index) are equal")
                    return false
                }
                buckets[element, default: []].append(index)
            }
        default:
            return applyAny(keyword, of: node, to: .array(array))
        }
        return valid
    }

    mutating func applyString(_ keyword: SchemaKeyword, of node: SchemaNode, to string: String) -> Bool {
        switch keyword {
        case .maxLength(let limit):
            guard string.utf8.count > limit else { return true }
            let length = string.unicodeScalars.count
            if length > limit {
                fail(node, keyword, expected: "at most \(limit) characters", actual: "\(length)")
                return false
            }
        case .minLength(let limit):
            // A scalar takes at most four bytes, so a string of four times as many bytes is long enough uncounted.
            guard string.utf8.count / 4 < limit else { return true }
            let length = string.unicodeScalars.count
            if length < limit {
                fail(node, keyword, expected: "at least \(limit) characters", actual: "\(length)")
                return false
            }
        case .pattern(let pattern):
            if !pattern.matches(string) {
                fail(node, keyword, expected: "a match for /\(pattern.source)/", actual: describe(.string(string)))
                return false
            }
        case .format(let format):
            if !format.accepts(string) {
                fail(node, keyword, expected: "a \(format.rawValue)", actual: describe(.string(string)))
                return false
            }
        default:
            return applyAny(keyword, of: node, to: .string(string))
        }
        return true
    }

    mutating func applyNumber(_ keyword: SchemaKeyword, of node: SchemaNode, to number: JSONNumber) -> Bool {
        let value = number.double
        switch keyword {
        case .maximum(let limit, let exclusive):
            if exclusive ? value >= limit : value > limit {
                fail(
                    node, keyword, expected: "\(exclusive ? "less than" : "at most") \(limit.jsonText)",
                    actual: number.text)
                return false
            }
        case .minimum(let limit, let exclusive):
            if exclusive ? value <= limit : value < limit {
                fail(
                    node, keyword, expected: "\(exclusive ? "more than" : "at least") \(limit.jsonText)",
                    actual: number.text)
                return false
            }
        case .multipleOf(let divisor):
            if !Self.isMultiple(number, of: divisor) {
                fail(node, keyword, expected: "a multiple of \(divisor.jsonText)", actual: number.text)
                return false
            }
        default:
            return applyAny(keyword, of: node, to: .number(number))
        }
        return true
    }

    static func isMultiple(_ number: JSONNumber, of divisor: Double) -> Bool {
        if let value = number.integer, divisor.rounded() == divisor, divisor < 9e18 {
            return value % Int64(divisor) == 0
        }
        let quotient = number.double / divisor
        guard quotient.isFinite else {
            let inverse = 1 / divisor
            return number.isInteger && inverse.rounded() == inverse
        }
        return abs(quotient - quotient.rounded()) <= 1e-9 * max(1, abs(quotient))
    }
}

extension Double {
    /// `3.0` → `3`, `0.5` → `0.5`.
    var jsonText: String { JSONNumber(self).text }
}
