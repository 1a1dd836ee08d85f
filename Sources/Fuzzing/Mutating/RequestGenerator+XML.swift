internal import JSONCore

extension RequestGenerator {
    /// Breaks the XML document of a form field as its XSD (or its documentation) says a server must refuse: an
    /// element the operation requires left out, a value of the wrong type or out of range, an element no XSD
    /// declares. Each must be answered with the documented fault; nil when the document has no such place.
    func mutateXMLDocument(
        _ mutation: FuzzRequest.Mutation, in draft: inout RequestDraft, random: inout SeededGenerator
    ) -> (String, Bool, Bool)? {
        guard var xml = draft.xml else { return nil }
        let nodes = xml.root.nodes
        let detail: String
        let checked: Bool
        switch mutation {
        case .missingRequired:
            let candidates = nodes.filter { !$0.path.isEmpty && $0.node.requirement != nil }
            guard let (path, node) = random.pick(candidates) else { return nil }
            let parent = path.dropLast()
            var parentName = ""
            xml.root.update(at: parent) { element in
                element.children.removeAll { $0.name == node.name }
                parentName = element.name
            }
            checked = node.requirement == .structural
            detail = "no <\(node.name)> in <\(parentName)>" + (checked ? "" : " (documented as required)")
        case .wrongType, .outOfRange:
            var candidates: [(path: [Int], name: String, value: String)] = []
            for (path, node) in nodes where node.isLeaf {
                for invalid in node.invalidValues where invalid.mutation == mutation {
                    candidates.append((path, node.name, invalid.value))
                }
            }
            guard let (path, name, value) = random.pick(candidates) else { return nil }
            xml.root.update(at: path) { $0.text = value }
            detail = "<\(name)>\(value.count > 40 ? "\(value.count) characters" : value)</\(name)>"
            checked = true
        case .unknownMember:
            let operation = nodes.first { $0.node.name == xml.operation }
            let containers = nodes.filter { !$0.node.children.isEmpty }
            guard let (path, node) = random.chance(60) ? operation ?? random.pick(containers) : random.pick(containers)
            else { return nil }
            var unknown = XMLInstance(name: "FZ_UNKNOWN_" + ValueGenerator.word(&random).uppercased())
            unknown.text = "x"
            let position = random.int(0...node.children.count)
            xml.root.update(at: path) { $0.children.insert(unknown, at: min(position, $0.children.count)) }
            detail = "<\(unknown.name)> in <\(node.name)>"
            checked = true
        default:
            return nil
        }
        draft.xml = xml
        draft.writeXML()
        return (detail, true, checked)
    }

    /// Writes an element of the XML document in another case (`<getlists>`, `<LIST_id>`): tags are
    /// case-sensitive, so the server must answer the documented fault. The operation element half the time.
    func mutateXMLCase(in draft: inout RequestDraft, random: inout SeededGenerator) -> (String, Bool, Bool)? {
        guard var xml = draft.xml else { return nil }
        let declared = Set(draft.media?.xmlFields[xml.field]?.keys.map { $0 } ?? [])
        let nodes = xml.root.nodes
        let operation = nodes.first { $0.node.name == xml.operation }
        guard let (path, node) = random.chance(50) ? operation ?? random.pick(nodes) : random.pick(nodes) else {
            return nil
        }
        let name = node.name
        let swapped =
            name.prefix(1).uppercased() == name.prefix(1)
            ? name.prefix(1).lowercased() + name.dropFirst() : name.prefix(1).uppercased() + name.dropFirst()
        let variants = [name.lowercased(), name.uppercased(), swapped].filter { $0 != name && !declared.contains($0) }
        guard let variant = random.pick(variants) else { return nil }
        xml.root.update(at: path) { $0.name = variant }
        draft.xml = xml
        draft.writeXML()
        return ("<\(variant)> for <\(name)>", true, true)
    }
}
