internal import CLibXML2

extension XML {
    /// An element of a parsed ``Document`` read in place, without copying the document into a value tree first:
    /// for readers that look at a few elements of a response. It keeps its document alive, and reads the same names,
    /// attributes and text that ``Element`` holds after ``Document/root`` converts the document.
    public struct ElementView: @unchecked Sendable {
        // Invariant for @unchecked Sendable: `node` belongs to `document`, which is immutable after parsing and is
        // kept alive by this value; nothing here mutates it.
        private let document: Document
        private let node: xmlNodePtr

        init(document: Document, node: xmlNodePtr) {
            self.document = document
            self.node = node
        }

        /// The qualified name, e.g. `Envelope` or `soap:Envelope` (``Element/name``).
        public var name: String { XML.qualifiedName(node) }

        /// The name without its prefix.
        public var localName: String { String(cString: node.pointee.name) }

        /// Whether the local name equals `name`, ASCII letters compared without regard to case when
        /// `ignoringASCIICase` (then pass `name` in lower case). Reads the name in place.
        public func hasLocalName(_ name: String, ignoringASCIICase: Bool) -> Bool {
            let local = UnsafeRawPointer(node.pointee.name).assumingMemoryBound(to: UInt8.self)
            let length = Int(xmlStrlen(node.pointee.name))
            return XML.localName(
                UnsafeBufferPointer(start: local, count: length), equals: name, ignoringASCIICase: ignoringASCIICase)
        }

        /// The child elements, in document order.
        public var elements: [ElementView] {
            var elements: [ElementView] = []
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE {
                    elements.append(ElementView(document: document, node: current))
                }
                child = current.pointee.next
            }
            return elements
        }

        /// The first child element for which `matches` holds.
        public func firstElement(where matches: (ElementView) -> Bool) -> ElementView? {
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE {
                    let element = ElementView(document: document, node: current)
                    if matches(element) { return element }
                }
                child = current.pointee.next
            }
            return nil
        }

        /// The concatenated text and CDATA of this element and all its descendants (``Element/text``).
        public var text: String {
            if let only = node.pointee.children, only.pointee.next == nil,
                only.pointee.type == XML_TEXT_NODE || only.pointee.type == XML_CDATA_SECTION_NODE
            {
                return only.pointee.content.map { String(cString: $0) } ?? ""
            }
            return xmlNodeGetContent(node).map { XML.takeString($0) } ?? ""
        }

        /// The value of the attribute whose qualified name is `name` (``Element/attribute(_:)``).
        public func attribute(_ name: String) -> String? {
            var attribute = node.pointee.properties
            while let current = attribute {
                if XML.qualifiedName(attributeName: current) == name {
                    let value = xmlNodeGetContent(
                        UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self))
                    return value.map { XML.takeString($0) } ?? ""
                }
                attribute = current.pointee.next
            }
            // Namespace declarations count as attributes, as in ``Element/attributes``.
            var namespace = node.pointee.nsDef
            while let current = namespace {
                let declared = current.pointee.prefix.map { "xmlns:" + String(cString: $0) } ?? "xmlns"
                if declared == name { return current.pointee.href.map { String(cString: $0) } ?? "" }
                namespace = current.pointee.next
            }
            return nil
        }

        /// The element as a value tree.
        public var element: Element { Element(node: node) }
    }
}

extension XML.Document {
    /// The root element, read in place (``XML/ElementView``).
    public var rootView: XML.ElementView? {
        xmlDocGetRootElement(pointer).map { XML.ElementView(document: self, node: $0) }
    }
}

extension XML.Element {
    /// Whether the name without its prefix equals `name`, ASCII letters compared without regard to case when
    /// `ignoringASCIICase` (then pass `name` in lower case). Reads the name in place.
    public func hasLocalName(_ name: String, ignoringASCIICase: Bool) -> Bool {
        var qualified = self.name
        return qualified.withUTF8 { bytes in
            let start = bytes.lastIndex(of: UInt8(ascii: ":")).map { $0 + 1 } ?? 0
            return XML.localName(
                UnsafeBufferPointer(rebasing: bytes[start...]), equals: name, ignoringASCIICase: ignoringASCIICase)
        }
    }
}

extension XML {
    /// Whether the UTF-8 bytes of a local name equal `name`, with ASCII capitals folded first when
    /// `ignoringASCIICase`: lengths first, then byte by byte.
    static func localName(_ local: UnsafeBufferPointer<UInt8>, equals name: String, ignoringASCIICase: Bool) -> Bool {
        var name = name
        return name.withUTF8 { wanted in
            guard wanted.count == local.count else { return false }
            for index in local.indices {
                var byte = local[index]
                if ignoringASCIICase, byte >= 0x41, byte <= 0x5A { byte += 0x20 }
                if byte != wanted[index] { return false }
            }
            return true
        }
    }
}
