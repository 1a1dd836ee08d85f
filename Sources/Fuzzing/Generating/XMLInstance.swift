internal import LibXML

/// One element of an XML document drawn from an XSD, with what its declaration says about it, so that a
/// mutation knows what it breaks.
struct XMLInstance: Sendable {
    /// Why an element may not be left out.
    enum Requirement: Sendable, Equatable {
        /// `minOccurs` ≥ 1 in a sequence: the XSD refuses the document without it.
        case structural
        /// Its documentation starts with "required": the operation needs it although the XSD cannot say so (the
        /// XMLAPI operations take their elements as a repeated choice).
        case documented
    }

    /// A value the element's simple type refuses, and the mutation it stands for (`wrongType` for text where a
    /// number belongs, `outOfRange` for a number past a bound or a word outside an enumeration).
    struct InvalidValue: Sendable {
        let mutation: FuzzRequest.Mutation
        let value: String
    }

    var name: String
    var attributes: [XML.Attribute] = []
    var text: String?
    var children: [XMLInstance] = []
    var requirement: Requirement?
    var invalidValues: [InvalidValue] = []

    init(name: String) {
        self.name = name
    }

    /// The element as LibXML writes it.
    var element: XML.Element {
        var content: [XML.Content] = text.map { [.text($0)] } ?? []
        content += children.map { .element($0.element) }
        return XML.Element(name, attributes: attributes, children: content)
    }

    /// Whether the element holds text only (a value a mutation can replace).
    var isLeaf: Bool { children.isEmpty && text != nil }

    /// The element and all its descendants, depth first, each with the path of child indexes that leads to it.
    var nodes: [(path: [Int], node: XMLInstance)] {
        var result: [(path: [Int], node: XMLInstance)] = [([], self)]
        for (index, child) in children.enumerated() {
            result += child.nodes.map { ([index] + $0.path, $0.node) }
        }
        return result
    }

    /// Changes the descendant at `path` (a path from ``nodes``); a path that leads nowhere changes nothing.
    mutating func update(at path: some Collection<Int>, _ change: (inout XMLInstance) -> Void) {
        guard let first = path.first else { return change(&self) }
        guard children.indices.contains(first) else { return }
        children[first].update(at: path.dropFirst(), change)
    }
}
