extension XML {
    /// An attribute of an ``XML/Element``: a name (with an optional prefix, `p:name`) and its value.
    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A piece of element content.
    public enum Content: Sendable, Hashable {
        case element(Element)
        /// Character data; escaped on output.
        case text(String)
        /// A CDATA section; a `]]>` inside the value is split across two sections on output.
        case cdata(String)
    }

    /// An XML element as a plain Swift value: build one, serialize it, or read one from a ``XML/Document``.
    ///
    /// Every name and value is escaped when serialized, so any string is safe to put in.
    public struct Element: Sendable, Hashable {
        /// The qualified name, e.g. `Envelope` or `soap:Envelope`.
        public var name: String
        public var attributes: [Attribute]
        public var children: [Content]

        public init(_ name: String, attributes: [Attribute] = [], children: [Content] = []) {
            self.name = name
            self.attributes = attributes
            self.children = children
        }

        /// An element holding one text value: `<name>text</name>`.
        public init(_ name: String, text: String, attributes: [Attribute] = []) {
            self.init(name, attributes: attributes, children: [.text(text)])
        }

        /// An element holding one CDATA section: `<name><![CDATA[text]]></name>`.
        public init(_ name: String, cdata: String, attributes: [Attribute] = []) {
            self.init(name, attributes: attributes, children: [.cdata(cdata)])
        }

        /// An element holding child elements.
        public init(_ name: String, attributes: [Attribute] = [], elements: [Element]) {
            self.init(name, attributes: attributes, children: elements.map(Content.element))
        }

        /// Appends a child element.
        public mutating func append(_ element: Element) {
            children.append(.element(element))
        }

        /// Appends a child `<name>text</name>`.
        public mutating func append(_ name: String, text: String) {
            children.append(.element(Element(name, text: text)))
        }

        /// The child elements, in document order.
        public var elements: [Element] {
            children.compactMap {
                if case .element(let element) = $0 { return element }
                return nil
            }
        }

        /// The first child element named `name` (local name, prefix ignored).
        public func first(_ name: String) -> Element? {
            elements.first { $0.localName == name }
        }

        /// All child elements named `name` (local name, prefix ignored).
        public func all(_ name: String) -> [Element] {
            elements.filter { $0.localName == name }
        }

        /// The value of the attribute `name`, if present.
        public func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }

        /// The concatenated text and CDATA of this element and all its descendants.
        public var text: String {
            // Most elements hold one text value, returned as it is.
            if children.count == 1 {
                switch children[0] {
                case .text(let value), .cdata(let value): return value
                case .element: break
                }
            }
            var result = ""
            appendText(to: &result)
            return result
        }

        private func appendText(to result: inout String) {
            for child in children {
                switch child {
                case .text(let value), .cdata(let value): result += value
                case .element(let element): element.appendText(to: &result)
                }
            }
        }

        /// The name without its prefix.
        public var localName: String {
            guard let colon = name.lastIndex(of: ":") else { return name }
            return String(name[name.index(after: colon)...])
        }

        /// Follows a path of child names, e.g. `["Body", "RESULT", "SUCCESS"]`, taking the first match at each step.
        public func descendant(_ path: [String]) -> Element? {
            var current = self
            for name in path {
                guard let next = current.first(name) else { return nil }
                current = next
            }
            return current
        }
    }
}
