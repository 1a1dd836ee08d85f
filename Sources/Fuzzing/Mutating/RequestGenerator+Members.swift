internal import ContractKit
internal import JSONCore

extension RequestGenerator {
    /// Breaks one top-level member of a JSON or form body: removes a required one, gives one a value of the
    /// wrong type or out of its range, or adds one the schema does not know.
    func mutateMember(
        _ mutation: FuzzRequest.Mutation, in draft: inout RequestDraft, random: inout SeededGenerator
    ) -> (String, Bool, Bool)? {
        guard let schemaNode = draft.media?.schema else { return nil }
        let schema = values.flatten(schemaNode)
        let properties = schema.value["properties"]?.objectValue ?? JSONObject()
        let required = schema.value["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let isForm = draft.form != nil
        guard isForm || draft.json?.objectValue != nil else { return nil }
        var members: [(name: String, value: JSONValue)] =
            draft.form?.map { ($0.name, JSONValue.string($0.value)) }
            ?? (draft.json?.objectValue.map { object in object.map { ($0.key, $0.value) } } ?? [])
        switch mutation {
        case .missingRequired:
            guard let name = random.pick(required) else { return nil }
            members.removeAll { $0.name == name }
            write(members, into: &draft)
            return ("no \(name)", true, true)
        case .unknownMember:
            let name = "fz_unknown_" + ValueGenerator.word(&random)
            members.append((name, .string("x")))
            write(members, into: &draft)
            return ("member \(name)", true, true)
        case .wrongType:
            guard !isForm,
                let (index, member) = random.pick(Array(members.enumerated()).map { ($0.offset, $0.element) })
            else { return nil }
            let wrong: JSONValue =
                switch member.value {
                case .string: .number(JSONNumber(12_345))
                case .number: .string("fz-not-a-number")
                case .bool: .string("yes")
                case .array: .object(JSONObject())
                case .object: .array([])
                case .null: .bool(true)
                }
            members[index].value = wrong
            write(members, into: &draft)
            return ("\(member.name) is \(wrong.typeName)", true, true)
        case .outOfRange:
            var candidates: [(String, JSONValue)] = []
            for property in properties {
                let flat = values.flatten(SchemaNode(value: property.value, document: schema.document)).value
                if let out = Self.outOfRange(flat) { candidates.append((property.key, out)) }
            }
            guard let (name, value) = random.pick(candidates) else { return nil }
            members.removeAll { $0.name == name }
            members.append((name, isForm ? .string(RequestGenerator.text(value)) : value))
            write(members, into: &draft)
            return ("\(name) = \(RequestGenerator.text(value))", true, true)
        default:
            return nil
        }
    }

    private func write(_ members: [(name: String, value: JSONValue)], into draft: inout RequestDraft) {
        if draft.form != nil {
            draft.form = members.map { ($0.name, RequestGenerator.text($0.value)) }
        } else {
            draft.json = .object(JSONObject(members.map { ($0.name, $0.value) }))
        }
    }

    /// A value just outside what `schema` allows, when it bounds something.
    static func outOfRange(_ schema: JSONValue) -> JSONValue? {
        if let maximum = schema["maximum"]?.doubleValue { return .number(JSONNumber(maximum + 1)) }
        if let minimum = schema["minimum"]?.doubleValue { return .number(JSONNumber(minimum - 1)) }
        if let choices = schema["enum"]?.arrayValue, !choices.isEmpty {
            return choices.allSatisfy { $0.numberValue != nil }
                ? .number(JSONNumber(987_654)) : .string("fz-not-in-enum")
        }
        if schema["const"] != nil { return .string("fz-not-the-constant") }
        if let maxLength = schema["maxLength"]?.doubleValue, maxLength >= 0, maxLength < 10_000 {
            return .string(String(repeating: "a", count: Int(maxLength) + 1))
        }
        if let minLength = schema["minLength"]?.doubleValue, minLength >= 1 { return .string("") }
        if schema["pattern"] != nil || schema["format"] != nil { return .string("fz not matching \u{1}") }
        return nil
    }
}
