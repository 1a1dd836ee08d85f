internal import JSONCore

extension SchemaCompiler {
    /// Compiles the keywords of one schema object, in an order that puts cheap checks first and
    /// `unevaluated*` last (they need every other keyword's annotations).
    func compileKeywords(
        _ object: JSONObject, at location: SchemaLocation, node: Int
    ) throws(ContractError) -> [SchemaKeyword] {
        var keywords: [SchemaKeyword] = []
        let reader = KeywordReader(object: object, location: location)
        let base = base(at: location)

        if validationVocabulary { try compileValidation(object, reader, into: &keywords) }
        if program.formatAssertion, let name = object["format"]?.stringValue, let format = SchemaFormat(rawValue: name)
        {
            keywords.append(.format(format))
        }
        try compileApplicators(object, at: location, into: &keywords)

        if let reference = object["$ref"] {
            guard let text = reference.stringValue else { throw reader.invalid("$ref", "must be a string") }
            let target = URIReference.resolve(text, against: base)
            let slot = deferReference(target, node: node, keyword: keywords.count, dynamic: false, origin: location)
            keywords.append(.reference(slot))
        }
        if let reference = object["$dynamicRef"] {
            guard let text = reference.stringValue else { throw reader.invalid("$dynamicRef", "must be a string") }
            let target = URIReference.resolve(text, against: base)
            let slot = deferReference(target, node: node, keyword: keywords.count, dynamic: true, origin: location)
            keywords.append(.dynamicReference(slot, anchor: nil))
        }
        if case .object(let definitions) = object["$defs"] {
            for member in definitions { _ = try self.node(at: location.appending("$defs", member.key)) }
        }
        if object["unevaluatedItems"] != nil {
            keywords.append(.unevaluatedItems(try self.node(at: location.appending("unevaluatedItems"))))
        }
        if object["unevaluatedProperties"] != nil {
            keywords.append(.unevaluatedProperties(try self.node(at: location.appending("unevaluatedProperties"))))
        }
        return keywords
    }

    /// The validation vocabulary: assertions on the instance itself.
    private func compileValidation(
        _ object: JSONObject, _ reader: KeywordReader, into keywords: inout [SchemaKeyword]
    ) throws(ContractError) {
        if let value = object["type"] {
            var types: JSONTypes = []
            let names = value.arrayValue ?? [value]
            for name in names {
                guard let text = name.stringValue, let type = JSONTypes(name: text) else {
                    throw reader.invalid("type", "must be a type name or an array of them")
                }
                types.insert(type)
            }
            keywords.append(.type(types))
        }
        if let value = object["enum"] {
            guard case .array(let values) = value else { throw reader.invalid("enum", "must be an array") }
            keywords.append(.enumeration(values))
        }
        if let value = object["const"] { keywords.append(.constant(value)) }
        try compileNumeric(reader, into: &keywords)
        if let value = try reader.count("maxLength") { keywords.append(.maxLength(value)) }
        if let value = try reader.count("minLength") { keywords.append(.minLength(value)) }
        if let value = object["pattern"] {
            guard let text = value.stringValue else { throw reader.invalid("pattern", "must be a string") }
            keywords.append(.pattern(try ECMAPattern(text, location: reader.keywordLocation("pattern"))))
        }
        if let value = try reader.count("maxItems") { keywords.append(.maxItems(value)) }
        if let value = try reader.count("minItems") { keywords.append(.minItems(value)) }
        if object["uniqueItems"] == .bool(true) { keywords.append(.uniqueItems) }
        if let value = try reader.count("maxProperties") { keywords.append(.maxProperties(value)) }
        if let value = try reader.count("minProperties") { keywords.append(.minProperties(value)) }
        if let value = object["required"] {
            keywords.append(.required(try reader.strings(value, "required")))
        }
        if case .object(let members) = object["dependentRequired"] {
            var pairs: [(property: String, required: [String])] = []
            for member in members { pairs.append((member.key, try reader.strings(member.value, "dependentRequired"))) }
            keywords.append(.dependentRequired(pairs))
        }

    }

    private func compileNumeric(_ reader: KeywordReader, into keywords: inout [SchemaKeyword]) throws(ContractError) {
        if let value = try reader.number("multipleOf") {
            guard value > 0 else { throw reader.invalid("multipleOf", "must be greater than 0") }
            keywords.append(.multipleOf(value))
        }
        if let value = try reader.number("maximum") { keywords.append(.maximum(value, exclusive: false)) }
        if let value = try reader.number("exclusiveMaximum") { keywords.append(.maximum(value, exclusive: true)) }
        if let value = try reader.number("minimum") { keywords.append(.minimum(value, exclusive: false)) }
        if let value = try reader.number("exclusiveMinimum") { keywords.append(.minimum(value, exclusive: true)) }
    }

    private func compileApplicators(
        _ object: JSONObject, at location: SchemaLocation, into keywords: inout [SchemaKeyword]
    ) throws(ContractError) {
        let reader = KeywordReader(object: object, location: location)
        var prefixCount = 0
        if case .array(let schemas) = object["prefixItems"] {
            var nodes: [Int] = []
            for index in schemas.indices {
                nodes.append(try node(at: location.appending("prefixItems", String(index))))
            }
            prefixCount = nodes.count
            keywords.append(.prefixItems(nodes))
        }
        if object["items"] != nil {
            keywords.append(.items(try node(at: location.appending("items")), after: prefixCount))
        }
        if object["contains"] != nil {
            let minimum = try reader.count("minContains") ?? 1
            let maximum = try reader.count("maxContains")
            keywords.append(.contains(try node(at: location.appending("contains")), minimum: minimum, maximum: maximum))
        }
        var declared: Set<String> = []
        if case .object(let properties) = object["properties"] {
            var pairs: [(name: String, node: Int)] = []
            for member in properties {
                pairs.append((member.key, try node(at: location.appending("properties", member.key))))
            }
            declared = Set(pairs.map(\.name))
            keywords.append(.properties(pairs))
        }
        var patterns: [ECMAPattern] = []
        if case .object(let properties) = object["patternProperties"] {
            var pairs: [(pattern: ECMAPattern, node: Int)] = []
            for member in properties {
                let pattern = try ECMAPattern(member.key, location: reader.keywordLocation("patternProperties"))
                pairs.append((pattern, try node(at: location.appending("patternProperties", member.key))))
            }
            patterns = pairs.map(\.pattern)
            keywords.append(.patternProperties(pairs))
        }
        if object["additionalProperties"] != nil {
            let target = try node(at: location.appending("additionalProperties"))
            keywords.append(.additionalProperties(target, declared: declared, patterns: patterns))
        }
        if object["propertyNames"] != nil {
            keywords.append(.propertyNames(try node(at: location.appending("propertyNames"))))
        }
        if case .object(let members) = object["dependentSchemas"] {
            var pairs: [(property: String, node: Int)] = []
            for member in members {
                pairs.append((member.key, try node(at: location.appending("dependentSchemas", member.key))))
            }
            keywords.append(.dependentSchemas(pairs))
        }
        for name in ["allOf", "anyOf", "oneOf"] {
            guard let value = object[name] else { continue }
            guard case .array(let schemas) = value, !schemas.isEmpty else {
                throw reader.invalid(name, "must be a non-empty array of schemas")
            }
            var nodes: [Int] = []
            for index in schemas.indices { nodes.append(try node(at: location.appending(name, String(index)))) }
            keywords.append(name == "allOf" ? .allOf(nodes) : name == "anyOf" ? .anyOf(nodes) : .oneOf(nodes))
        }
        if object["not"] != nil { keywords.append(.not(try node(at: location.appending("not")))) }
        if object["if"] != nil {
            let condition = try node(at: location.appending("if"))
            let then = object["then"] == nil ? nil : try node(at: location.appending("then"))
            let otherwise = object["else"] == nil ? nil : try node(at: location.appending("else"))
            keywords.append(.conditional(if: condition, then: then, else: otherwise))
        }
    }
}

/// Reads keyword values of the right shape, or throws naming the keyword's location.
struct KeywordReader {
    let object: JSONObject
    let location: SchemaLocation

    func keywordLocation(_ name: String) -> String { location.appending(name).key }

    func invalid(_ name: String, _ message: String) -> ContractError {
        .invalidSchema(location: keywordLocation(name), message: "'\(name)' \(message)")
    }

    func number(_ name: String) throws(ContractError) -> Double? {
        guard let value = object[name] else { return nil }
        guard let number = value.doubleValue else { throw invalid(name, "must be a number") }
        return number
    }

    func count(_ name: String) throws(ContractError) -> Int? {
        guard let value = object[name] else { return nil }
        guard let number = value.numberValue, number.isInteger, number.double >= 0 else {
            throw invalid(name, "must be a non-negative integer")
        }
        return number.integer.map { Int($0) } ?? Int.max
    }

    func strings(_ value: JSONValue, _ name: String) throws(ContractError) -> [String] {
        guard case .array(let elements) = value else { throw invalid(name, "must be an array of strings") }
        var result: [String] = []
        for element in elements {
            guard let text = element.stringValue else { throw invalid(name, "must be an array of strings") }
            result.append(text)
        }
        return result
    }
}
