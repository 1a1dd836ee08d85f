internal import CLibXML2

extension XML.Element {
    /// Reads a libxml2 element into a value tree. Depth is bounded by the parser's nesting limit.
    init(node: xmlNodePtr) {
        self.init(XML.qualifiedName(node))
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = XML.qualifiedName(attributeName: current)
            let value = xmlNodeGetContent(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self))
            attributes.append(XML.Attribute(name, value.map { XML.takeString($0) } ?? ""))
            attribute = current.pointee.next
        }
        var namespace = node.pointee.nsDef
        while let current = namespace {
            let prefix = current.pointee.prefix.map { "xmlns:" + String(cString: $0) } ?? "xmlns"
            let href = current.pointee.href.map { String(cString: $0) } ?? ""
            attributes.append(XML.Attribute(prefix, href))
            namespace = current.pointee.next
        }
        var count = 0
        var next = node.pointee.children
        while let current = next {
            count += 1
            next = current.pointee.next
        }
        children.reserveCapacity(count)
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(.element(XML.Element(node: current)))
            case XML_TEXT_NODE:
                children.append(.text(current.pointee.content.map { String(cString: $0) } ?? ""))
            case XML_CDATA_SECTION_NODE:
                children.append(.cdata(current.pointee.content.map { String(cString: $0) } ?? ""))
            case XML_ENTITY_REF_NODE:
                if let content = xmlNodeGetContent(current) {
                    children.append(.text(XML.takeString(content)))
                }
            default:
                break
            }
            child = current.pointee.next
        }
    }
}

extension XML {
    static func qualifiedName(_ node: xmlNodePtr) -> String {
        let local = String(cString: node.pointee.name)
        guard let prefix = node.pointee.ns?.pointee.prefix else { return local }
        return String(cString: prefix) + ":" + local
    }

    static func qualifiedName(attributeName attribute: xmlAttrPtr) -> String {
        let local = String(cString: attribute.pointee.name)
        guard let prefix = attribute.pointee.ns?.pointee.prefix else { return local }
        return String(cString: prefix) + ":" + local
    }

    /// Copies a string libxml2 allocated for us, then frees it.
    static func takeString(_ pointer: UnsafeMutablePointer<xmlChar>) -> String {
        defer { clibxml2_free(pointer) }
        return String(cString: pointer)
    }
}
