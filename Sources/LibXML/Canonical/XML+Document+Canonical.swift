internal import CLibXML2

extension XML.Document {
    /// The canonical form of this document (see ``XML/Canonical``).
    ///
    /// - Parameters:
    ///   - ignoring: XPaths of volatile values. A selected element keeps its name and attributes but its
    ///     content is replaced by ``XML/volatilePlaceholder``; a selected attribute or text keeps its place
    ///     with the placeholder as its value. So the value may change, but the node must still be there.
    ///   - namespaces: prefixes used in those XPaths.
    public func canonical(
        ignoring: [String] = [], namespaces: [String: String] = [:]
    ) throws(XML.Error) -> XML.Canonical {
        var masked = Set<UnsafeMutableRawPointer>()
        for expression in ignoring {
            for node in try selectPointers(expression, namespaces: namespaces) {
                masked.insert(UnsafeMutableRawPointer(node))
            }
        }
        guard let root = xmlDocGetRootElement(pointer) else {
            throw .malformed(XML.Diagnostic(line: 0, message: "the document has no root element"))
        }
        return XML.Canonical(root: XML.CanonicalElement(node: root, masked: masked))
    }

    /// Whether the two documents are equal in canonical form.
    public func isCanonicallyEqual(to other: XML.Document) -> Bool {
        guard let mine = try? canonical(), let theirs = try? other.canonical() else { return false }
        return mine == theirs
    }
}

extension XML.CanonicalElement {
    init(node: xmlNodePtr, masked: Set<UnsafeMutableRawPointer>) {
        name = Self.clarkName(node.pointee.name, node.pointee.ns)
        var attributes: [XML.Attribute] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let attributeNode = UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self)
            let value =
                masked.contains(UnsafeMutableRawPointer(current))
                ? XML.volatilePlaceholder
                : (xmlNodeGetContent(attributeNode).map { XML.takeString($0) } ?? "")
            attributes.append(XML.Attribute(Self.clarkName(current.pointee.name, current.pointee.ns), value))
            attribute = current.pointee.next
        }
        self.attributes = attributes.sorted { $0.name < $1.name }
        if masked.contains(UnsafeMutableRawPointer(node)) {
            children = [.text(XML.volatilePlaceholder)]
            return
        }
        var contents: [XML.CanonicalContent] = []
        var text = ""
        var hasText = false
        var hasElements = false
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                if hasText {
                    contents.append(.text(text))
                    text = ""
                    hasText = false
                }
                hasElements = true
                contents.append(.element(XML.CanonicalElement(node: current, masked: masked)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                hasText = true
                if masked.contains(UnsafeMutableRawPointer(current)) {
                    text += XML.volatilePlaceholder
                } else if let content = current.pointee.content {
                    text += String(cString: content)
                }
            case XML_ENTITY_REF_NODE:
                hasText = true
                text += xmlNodeGetContent(current).map { XML.takeString($0) } ?? ""
            default:
                break  // comments and processing instructions carry no data
            }
            child = current.pointee.next
        }
        if hasText { contents.append(.text(text)) }
        if hasElements {
            // Between elements, whitespace-only text is formatting, not data.
            contents.removeAll { content in
                if case .text(let value) = content { return value.allSatisfy(\.isWhitespace) }
                return false
            }
        } else if contents == [.text("")] {
            contents = []
        }
        children = contents
    }

    private static func clarkName(_ name: UnsafePointer<xmlChar>?, _ namespace: xmlNsPtr?) -> String {
        let local = name.map { String(cString: $0) } ?? ""
        guard let href = namespace?.pointee.href else { return local }
        return "{" + String(cString: href) + "}" + local
    }
}
