internal import CLibXML2

extension XML.Document {
    /// The document with the values of the nodes some XPaths select replaced, serialized as UTF-8 without an
    /// XML declaration (a caller keeping the source's declaration puts it back in front); nil when no value
    /// changed. The document itself is not modified (a copy is edited), and everything else keeps its form:
    /// formatting, comments, prefixes.
    ///
    /// - Parameters:
    ///   - expressions: XPath 1.0 expressions; elements, attributes, text and CDATA nodes they select are edited.
    ///     An element's whole content becomes the new text.
    ///   - namespaces: prefixes used in the expressions.
    ///   - transform: the new value for a selected node, or nil to keep it.
    public func replacingValues(
        selectedBy expressions: [String],
        namespaces: [String: String] = [:],
        _ transform: (XML.Node) -> String?
    ) throws(XML.Error) -> String? {
        guard let copy = xmlCopyDoc(pointer, 1) else { return nil }
        let edited = XML.Document(owning: copy)
        var changed = false
        for expression in expressions {
            for node in try edited.selectPointers(expression, namespaces: namespaces) {
                let snapshot = XML.Node(node)
                guard let replacement = transform(snapshot), replacement != snapshot.value else { continue }
                switch node.pointee.type {
                case XML_ELEMENT_NODE, XML_ATTRIBUTE_NODE:
                    // Both parse entity references in the new content, so it is escaped first.
                    xmlNodeSetContent(node, XML.escaped(replacement))
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    xmlNodeSetContent(node, replacement)
                default:
                    continue
                }
                changed = true
            }
        }
        guard changed else { return nil }
        return edited.savedTextWithoutDeclaration()
    }

    /// The whole document as libxml2 saves it in UTF-8, keeping the source's formatting, without a declaration.
    func savedTextWithoutDeclaration() -> String {
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        guard let context = xmlSaveToBuffer(buffer, "UTF-8", Int32(XML_SAVE_NO_DECL.rawValue)) else { return "" }
        _ = xmlSaveDoc(context, pointer)
        _ = xmlSaveClose(context)
        guard let content = xmlBufferContent(buffer) else { return "" }
        var text = String(cString: content)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
