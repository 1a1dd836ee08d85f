internal import JSONCore
internal import LibXML

/// Draws documents valid against an XSD: `xs:element` (named, `ref`, `fixed`), `xs:complexType` with
/// `xs:sequence`, `xs:choice`, `xs:all` and `xs:group` (each with `minOccurs`/`maxOccurs`), simple and complex
/// content with their extensions, attributes (required always, optional sometimes), and simple types (see
/// ``SimpleFacets``). A repeated choice (how the XMLAPI operations take their elements) holds the elements
/// documented as required first. Repetitions are capped and the document is bounded in size, so a hostile XSD
/// (a type containing itself, `minOccurs="1000000000"`) gives an invalid document, never a hang or a trap.
struct XSDGenerator {
    let schema: XSDSchema
    /// Values that name records the target holds, by element or attribute name (`LIST_ID`: `23949`); valid
    /// requests use them most of the time so that they reach the target's success paths.
    let known: [String: [String]]

    /// At most this many elements per document.
    static let maximumElements = 400
    /// Deeper than this, every particle occurs its minimum number of times.
    static let shallow = 10

    /// A document for the mapping entry `name` (see ``XSDSchema/rootElement(_:)``), or nil when the schema
    /// declares no element.
    func instance(_ name: String, random: inout SeededGenerator) -> XMLInstance? {
        guard let declaration = schema.rootElement(name) else { return nil }
        var budget = Self.maximumElements
        return element(declaration, depth: 0, budget: &budget, random: &random)
    }

    private func element(
        _ declaration: XML.Element, depth: Int, budget: inout Int, random: inout SeededGenerator
    ) -> XMLInstance? {
        var declaration = declaration
        if let reference = declaration.attribute("ref") {
            guard let global = schema.elements[schema.typeName(reference).local] else { return nil }
            declaration = global
        }
        guard let name = declaration.attribute("name"), budget > 0, depth < 32 else { return nil }
        budget -= 1
        var instance = XMLInstance(name: name)
        if let fixed = declaration.attribute("fixed") {
            instance.text = fixed
            return instance
        }
        if let type = declaration.attribute("type") {
            let (builtIn, local) = schema.typeName(type)
            if !builtIn, let complex = schema.complexTypes[local] {
                complexType(complex, into: &instance, depth: depth, budget: &budget, random: &random)
            } else {
                simpleValue(facets(ofType: type, depth: 0), into: &instance, random: &random)
            }
        } else if let complex = declaration.first("complexType") {
            complexType(complex, into: &instance, depth: depth, budget: &budget, random: &random)
        } else if let simple = declaration.first("simpleType") {
            simpleValue(facets(of: simple, depth: 0), into: &instance, random: &random)
        } else {
            // No type: xs:anyType, which any text satisfies.
            simpleValue(SimpleFacets(), into: &instance, random: &random)
        }
        return instance
    }

    private func simpleValue(_ facets: SimpleFacets, into instance: inout XMLInstance, random: inout SeededGenerator) {
        if let values = known[instance.name], random.chance(80), let value = random.pick(values) {
            instance.text = value
        } else {
            instance.text = facets.value(named: instance.name, random: &random)
        }
        instance.invalidValues = facets.invalidValues()
    }

    private func complexType(
        _ type: XML.Element, into instance: inout XMLInstance, depth: Int, budget: inout Int,
        random: inout SeededGenerator, level: Int = 0
    ) {
        guard level < 8 else { return }
        for child in type.elements {
            switch child.localName {
            case "sequence", "choice", "all", "group":
                particle(
                    child, into: &instance.children, required: true, depth: depth + 1, budget: &budget,
                    random: &random)
            case "attribute", "attributeGroup":
                attributes(child, into: &instance, random: &random)
            case "simpleContent", "complexContent":
                guard
                    let derivation = child.elements.first(where: {
                        ["extension", "restriction"].contains($0.localName)
                    })
                else { continue }
                let base = derivation.attribute("base") ?? ""
                let (builtIn, local) = schema.typeName(base)
                if !builtIn, let baseType = schema.complexTypes[local] {
                    if derivation.localName == "extension" || child.localName == "simpleContent" {
                        complexType(
                            baseType, into: &instance, depth: depth, budget: &budget, random: &random, level: level + 1)
                    }
                } else if child.localName == "simpleContent" {
                    var facets = self.facets(ofType: base, depth: 0)
                    if derivation.localName == "restriction" { facets.restrict(derivation, generator: self, depth: 0) }
                    simpleValue(facets, into: &instance, random: &random)
                }
                complexType(
                    derivation, into: &instance, depth: depth, budget: &budget, random: &random, level: level + 1)
            default:
                continue
            }
        }
    }

    private func attributes(_ declaration: XML.Element, into instance: inout XMLInstance, random: inout SeededGenerator)
    {
        if declaration.localName == "attributeGroup" {
            guard let reference = declaration.attribute("ref"),
                let group = schema.attributeGroups[schema.typeName(reference).local]
            else { return }
            for child in group.elements where child.localName == "attribute" {
                attributes(child, into: &instance, random: &random)
            }
            return
        }
        guard let name = declaration.attribute("name") else { return }
        let use = declaration.attribute("use") ?? "optional"
        guard use != "prohibited", use == "required" || random.chance(60) else { return }
        let value: String
        if let fixed = declaration.attribute("fixed") {
            value = fixed
        } else if let values = known[name], random.chance(80), let pick = random.pick(values) {
            value = pick
        } else if let type = declaration.attribute("type") {
            value = facets(ofType: type, depth: 0).value(named: name, random: &random)
        } else if let simple = declaration.first("simpleType") {
            value = facets(of: simple, depth: 0).value(named: name, random: &random)
        } else {
            value = SimpleFacets().value(named: name, random: &random)
        }
        instance.attributes.append(XML.Attribute(name, value))
    }

    /// Appends what one particle (an element or a model group) draws; `required` says whether the particle's
    /// place is one the document must fill (so leaving out an element found there breaks the XSD).
    private func particle(
        _ node: XML.Element, into children: inout [XMLInstance], required: Bool, depth: Int, budget: inout Int,
        random: inout SeededGenerator
    ) {
        let (low, high) = Self.occurs(node)
        switch node.localName {
        case "element":
            let documented = Self.isDocumentedRequired(node)
            for _ in 0..<count(low, high, depth: depth, budget: budget, random: &random) {
                guard var instance = element(node, depth: depth, budget: &budget, random: &random) else { continue }
                instance.requirement = required && low >= 1 ? .structural : documented ? .documented : nil
                children.append(instance)
            }
        case "sequence", "all":
            let members = Self.particles(of: node)
            for _ in 0..<count(low, high, depth: depth, budget: budget, random: &random) {
                for member in members {
                    particle(
                        member, into: &children, required: required && low >= 1, depth: depth, budget: &budget,
                        random: &random)
                }
            }
        case "choice":
            choice(
                node, low: low, high: high, into: &children, required: required, depth: depth, budget: &budget,
                random: &random)
        case "group":
            guard let reference = node.attribute("ref"), let group = schema.groups[schema.typeName(reference).local],
                let model = Self.particles(of: group).first, depth < 24
            else { return }
            for _ in 0..<count(low, high, depth: depth, budget: budget, random: &random) {
                particle(
                    model, into: &children, required: required && low >= 1, depth: depth + 1, budget: &budget,
                    random: &random)
            }
        default:
            return
        }
    }

    /// A choice: the branches documented as required (or naming known records) first, then others, each branch
    /// rather once than twice.
    private func choice(
        _ node: XML.Element, low: Int, high: Int, into children: inout [XMLInstance], required: Bool, depth: Int,
        budget: inout Int, random: inout SeededGenerator
    ) {
        let branches = Self.particles(of: node)
        guard !branches.isEmpty else { return }
        var first: [XML.Element] = []
        if high > 1 {
            for branch in branches where branch.localName == "element" {
                let name = branch.attribute("name") ?? ""
                if Self.isDocumentedRequired(branch) || (known[name] != nil && random.chance(70)) {
                    first.append(branch)
                }
            }
        }
        let lowest = min(max(low, first.count), high)
        let drawn = max(lowest, count(low, high, depth: depth, budget: budget, random: &random))
        var used: Set<Int> = []
        for index in 0..<drawn {
            let branch: XML.Element
            if index < first.count {
                branch = first[index]
                if let position = branches.firstIndex(of: branch) { used.insert(position) }
            } else {
                let unused = branches.indices.filter { !used.contains($0) }
                guard let position = random.pick(unused.isEmpty || random.chance(10) ? Array(branches.indices) : unused)
                else { break }
                used.insert(position)
                branch = branches[position]
            }
            particle(
                branch, into: &children, required: required && low >= 1 && branches.count == 1, depth: depth,
                budget: &budget, random: &random)
        }
    }

    /// How many times a particle occurs: between its bounds, at most three more than its minimum, its minimum
    /// when deep or when the budget runs low.
    private func count(_ low: Int, _ high: Int, depth: Int, budget: Int, random: inout SeededGenerator) -> Int {
        guard depth <= Self.shallow, budget > Self.maximumElements / 4 else { return low }
        return random.int(low...max(low, min(high, low + 3)))
    }

    /// `minOccurs` and `maxOccurs` (1 when absent; `unbounded` as `Int.max`), the minimum clamped to 50.
    static func occurs(_ node: XML.Element) -> (Int, Int) {
        let low = min(max(node.attribute("minOccurs").flatMap { Int($0) } ?? 1, 0), 50)
        let maximum = node.attribute("maxOccurs")
        let high = maximum == "unbounded" ? Int.max : maximum.flatMap { Int($0) } ?? 1
        return (low, max(low, high))
    }

    static func particles(of node: XML.Element) -> [XML.Element] {
        node.elements.filter { ["element", "sequence", "choice", "all", "group"].contains($0.localName) }
    }

    /// Whether the declaration's documentation starts with "required" (`Required: the mailing.`).
    static func isDocumentedRequired(_ declaration: XML.Element) -> Bool {
        guard let documentation = declaration.first("annotation")?.first("documentation") else { return false }
        let text = documentation.text.drop { $0.isWhitespace }
        return text.prefix(8).lowercased() == "required"
    }
}
