internal import CLibXML2

extension XML.Document {
    /// Evaluates an XPath expression and returns the nodes it selects, in document order.
    ///
    /// - Parameter namespaces: prefixes to register for the expression, `["s": "urn:…"]`.
    public func select(_ expression: String, namespaces: [String: String] = [:]) throws(XML.Error) -> [XML.Node] {
        try evaluate(expression, namespaces: namespaces) { object in
            guard object.pointee.type == XPATH_NODESET, let set = object.pointee.nodesetval else { return [] }
            let count = Int(set.pointee.nodeNr)
            var nodes: [XML.Node] = []
            nodes.reserveCapacity(count)
            for index in 0..<count {
                if let node = set.pointee.nodeTab[index] { nodes.append(XML.Node(node)) }
            }
            return nodes
        }
    }

    /// Evaluates an XPath expression and converts the result to a string the way XPath's `string()` does:
    /// the first node's string value for a node set, the number or boolean as text otherwise.
    public func string(_ expression: String, namespaces: [String: String] = [:]) throws(XML.Error) -> String {
        try evaluate(expression, namespaces: namespaces) { object in
            guard let value = xmlXPathCastToString(object) else { return "" }
            return XML.takeString(value)
        }
    }

    /// Evaluates an XPath expression and returns the raw nodes; used by canonicalisation to mask nodes.
    func selectPointers(_ expression: String, namespaces: [String: String]) throws(XML.Error) -> [xmlNodePtr] {
        try evaluate(expression, namespaces: namespaces) { object in
            guard object.pointee.type == XPATH_NODESET, let set = object.pointee.nodesetval else { return [] }
            return (0..<Int(set.pointee.nodeNr)).compactMap { set.pointee.nodeTab[$0] }
        }
    }

    private func evaluate<T>(
        _ expression: String,
        namespaces: [String: String],
        _ body: (xmlXPathObjectPtr) -> T
    ) throws(XML.Error) -> T {
        guard let context = xmlXPathNewContext(pointer) else {
            throw .invalidXPath(expression: expression, message: "cannot create an XPath context")
        }
        defer { xmlXPathFreeContext(context) }
        for (prefix, uri) in namespaces {
            xmlXPathRegisterNs(context, prefix, uri)
        }
        let errors = XML.ErrorCollector()
        let box = Unmanaged.passRetained(errors)
        defer { box.release() }
        context.pointee.userData = box.toOpaque()
        context.pointee.error = { userData, error in
            guard let userData, let error else { return }
            Unmanaged<XML.ErrorCollector>.fromOpaque(userData).takeUnretainedValue().append(error.pointee)
        }
        guard let object = xmlXPathEvalExpression(expression, context) else {
            let message = errors.diagnostics.first?.message ?? "the expression did not evaluate"
            throw .invalidXPath(expression: expression, message: message)
        }
        defer { xmlXPathFreeObject(object) }
        return body(object)
    }
}

extension XML.Node {
    init(_ node: xmlNodePtr) {
        let kind: Kind
        switch node.pointee.type {
        case XML_ELEMENT_NODE: kind = .element
        case XML_ATTRIBUTE_NODE: kind = .attribute
        case XML_TEXT_NODE: kind = .text
        case XML_CDATA_SECTION_NODE: kind = .cdata
        case XML_COMMENT_NODE: kind = .comment
        default: kind = .other
        }
        let name = (kind == .element || kind == .attribute) ? node.pointee.name.map { String(cString: $0) } ?? "" : ""
        let namespaceURI = node.pointee.ns?.pointee.href.map { String(cString: $0) }
        let value = xmlNodeGetContent(node).map { XML.takeString($0) } ?? ""
        let path = xmlGetNodePath(node).map { XML.takeString($0) } ?? ""
        self.init(
            kind: kind,
            name: name,
            namespaceURI: namespaceURI,
            value: value,
            line: Int(xmlGetLineNo(node)),
            path: path,
            element: kind == .element ? XML.Element(node: node) : nil
        )
    }
}

extension XML {
    /// Collects libxml2 structured errors for one call; owned by that call only.
    final class ErrorCollector {
        var diagnostics: [Diagnostic] = []
        var file: String?

        func append(_ error: xmlError) {
            diagnostics.append(Diagnostic(error, fallbackFile: file))
        }
    }
}
