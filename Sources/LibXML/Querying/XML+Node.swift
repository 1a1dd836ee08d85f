extension XML {
    /// A node found by an XPath query: a snapshot of what a reader needs, safe to keep after the query.
    public struct Node: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case element, attribute, text, cdata, comment, other
        }

        public var kind: Kind
        /// The local name (empty for text nodes).
        public var name: String
        /// The namespace URI, if the node is in a namespace.
        public var namespaceURI: String?
        /// The string value: the concatenated text of an element, an attribute's value, a text node's text.
        public var value: String
        /// The 1-based source line (0 when unknown).
        public var line: Int
        /// An XPath that leads to this node, e.g. `/Envelope/Body/RESULT/COLUMNS/COLUMN[2]/NAME`.
        public var path: String
        /// The element itself as a value tree (elements only).
        public var element: Element?
    }
}
