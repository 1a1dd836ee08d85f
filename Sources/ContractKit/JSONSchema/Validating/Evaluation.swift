internal import JSONCore

/// What the keywords of a schema evaluated, for `unevaluatedProperties` and `unevaluatedItems`.
struct Annotations {
    var properties: Set<String> = []
    var allProperties = false
    /// Items `0..<itemsPrefix` were evaluated (by `prefixItems`).
    var itemsPrefix = 0
    var allItems = false
    var containsIndices: Set<Int> = []

    mutating func merge(_ other: Annotations) {
        if other.allProperties {
            allProperties = true
        } else if !other.properties.isEmpty {
            properties.formUnion(other.properties)
        }
        itemsPrefix = max(itemsPrefix, other.itemsPrefix)
        if other.allItems { allItems = true }
        if !other.containsIndices.isEmpty { containsIndices.formUnion(other.containsIndices) }
    }
}

/// One step of the instance location, kept as a stack while evaluating and turned into a JSON pointer only
/// when a violation is recorded.
enum PathToken {
    case key(String)
    case index(Int)
}

/// One validation run over a compiled program.
struct Evaluation {
    let program: SchemaProgram
    /// Whether violations are recorded (false inside `anyOf`, `not`, `if`, `contains`: only the verdict counts).
    var collecting: Bool
    var violations: [SchemaViolation] = []
    var path: [PathToken] = []
    /// The dynamic scope: resources entered, outermost first (for `$dynamicRef`).
    var scope: [Int] = []
    var depth = 0

    static let maximumDepth = 1_000

    init(program: SchemaProgram, collecting: Bool) {
        self.program = program
        self.collecting = collecting
        path.reserveCapacity(16)
        scope.reserveCapacity(4)
    }

    /// Evaluates node `index` against `instance`; merges what it evaluated into `annotations` when the caller
    /// asks for them (non-nil) and the node holds.
    mutating func evaluate(_ index: Int, _ instance: JSONValue, _ annotations: inout Annotations?) -> Bool {
        let node = program.nodes[index]
        if let constant = node.constant {
            if !constant { fail(node, nil, expected: "nothing (the schema is false)", actual: describe(instance)) }
            return constant
        }
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else {
            fail(node, nil, expected: "schema references that end", actual: "a reference loop")
            return false
        }
        let entered = scope.last != node.resource
        if entered { scope.append(node.resource) }
        defer { if entered { scope.removeLast() } }

        var local: Annotations? = annotations != nil || node.collectsAnnotations ? Annotations() : nil
        var valid = true
        for keyword in node.keywords {
            if !apply(keyword, of: node, to: instance, &local) {
                valid = false
                if !collecting { return false }
            }
        }
        if valid, annotations != nil, let local { annotations!.merge(local) }
        return valid
    }

    /// Evaluates a subschema at a child of the instance (a member or an element).
    mutating func evaluate(_ index: Int, _ instance: JSONValue, at token: PathToken) -> Bool {
        path.append(token)
        defer { path.removeLast() }
        var none: Annotations? = nil
        return evaluate(index, instance, &none)
    }

    /// Evaluates a subschema in place without recording violations; its annotations count only if it holds.
    mutating func probe(_ index: Int, _ instance: JSONValue, _ annotations: inout Annotations?) -> Bool {
        let saved = collecting
        collecting = false
        defer { collecting = saved }
        var own: Annotations? = annotations == nil ? nil : Annotations()
        let valid = evaluate(index, instance, &own)
        if valid, let own { annotations?.merge(own) }
        return valid
    }

    mutating func apply(
        _ keyword: SchemaKeyword, of node: SchemaNode, to instance: JSONValue, _ local: inout Annotations?
    ) -> Bool {
        switch keyword {
        case .allOf(let nodes):
            var valid = true
            for child in nodes where !evaluate(child, instance, &local) {
                valid = false
                if !collecting { return false }
            }
            return valid
        case .anyOf(let nodes):
            var matched = false
            for child in nodes where probe(child, instance, &local) {
                matched = true
                if local == nil { break }
            }
            if !matched {
                fail(
                    node, keyword, expected: "a value matching one of the \(nodes.count) anyOf schemas",
                    actual: describe(instance))
            }
            return matched
        case .oneOf(let nodes):
            var matches: [Int] = []
            for (position, child) in nodes.enumerated() where probe(child, instance, &local) {
                matches.append(position)
                if matches.count > 1 { break }
            }
            guard matches.count == 1 else {
                let actual = matches.isEmpty ? "none matched" : "schemas \(matches[0]) and \(matches[1]) both matched"
                fail(
                    node, keyword, expected: "exactly one of the \(nodes.count) oneOf schemas to match", actual: actual)
                return false
            }
            return true
        case .not(let child):
            var none: Annotations? = nil
            if probe(child, instance, &none) {
                fail(node, keyword, expected: "a value the 'not' schema rejects", actual: describe(instance))
                return false
            }
            return true
        case .conditional(let condition, let then, let otherwise):
            if probe(condition, instance, &local) {
                guard let then else { return true }
                return evaluate(then, instance, &local)
            }
            guard let otherwise else { return true }
            return evaluate(otherwise, instance, &local)
        case .reference(let target):
            return evaluate(target, instance, &local)
        case .dynamicReference(let initial, let anchor):
            var target = initial
            if let anchor {
                for resource in scope {
                    if let found = program.resources[resource].dynamicAnchors[anchor] {
                        target = found
                        break
                    }
                }
            }
            return evaluate(target, instance, &local)
        default:
            switch instance {
            case .object(let object): return applyObject(keyword, of: node, to: object, &local)
            case .array(let array): return applyArray(keyword, of: node, to: array, &local)
            case .string(let string): return applyString(keyword, of: node, to: string)
            case .number(let number): return applyNumber(keyword, of: node, to: number)
            default: return applyAny(keyword, of: node, to: instance)
            }
        }
    }

    /// `type`, `enum` and `const`: the keywords that apply to every kind of instance.
    mutating func applyAny(_ keyword: SchemaKeyword, of node: SchemaNode, to instance: JSONValue) -> Bool {
        switch keyword {
        case .type(let types):
            if types.admits(instance) { return true }
            fail(node, keyword, expected: types.names, actual: describe(instance))
            return false
        case .enumeration(let values):
            if values.contains(where: { $0.isStrictlyEqual(to: instance) }) { return true }
            let list = values.prefix(8).map { ViolationText.compact($0) }.joined(separator: ", ")
            fail(
                node, keyword, expected: "one of [\(list)\(values.count > 8 ? ", …" : "")]", actual: describe(instance))
            return false
        case .constant(let value):
            if value.isStrictlyEqual(to: instance) { return true }
            fail(node, keyword, expected: ViolationText.compact(value), actual: describe(instance))
            return false
        default:
            return true
        }
    }

    // MARK: - Violations

    func describe(_ value: JSONValue) -> String { ViolationText.describe(value) }

    var pointer: JSONPointer {
        JSONPointer(
            tokens: path.map {
                switch $0 {
                case .key(let key): key
                case .index(let index): String(index)
                }
            })
    }

    mutating func fail(_ node: SchemaNode, _ keyword: SchemaKeyword?, expected: String, actual: String) {
        guard collecting else { return }
        var location = program.locations[node.index]
        if let keyword { location += "/" + keyword.name }
        violations.append(
            SchemaViolation(instanceLocation: pointer, schemaLocation: location, expected: expected, actual: actual))
    }
}
