extension XML {
    /// The canonical form of a document, for semantic comparison.
    ///
    /// Two documents have equal canonical forms when they differ only in attribute order, whitespace between
    /// elements, quote style, namespace prefix choice, CDATA versus escaped text, comments, or empty-element
    /// form (`<a/>` versus `<a></a>`). A changed text value, element order or element name makes them unequal.
    /// Names are kept in Clark notation (`{namespace-uri}local`), so prefixes do not matter.
    public struct Canonical: Sendable, Hashable, CustomStringConvertible {
        public var root: CanonicalElement

        /// A compact string of the canonical tree, equal exactly when the forms are equal.
        public var description: String { root.compactForm }

        /// The first place where `other` differs from `self` (taken as the expected one), or nil when equal.
        public func difference(from other: Canonical) -> Difference? {
            root.difference(actual: other.root, path: "/" + root.localName, expectedLabel: true)
        }
    }

    /// An element in canonical form.
    public struct CanonicalElement: Sendable, Hashable {
        /// `{namespace-uri}local`, or `local` outside any namespace.
        public var name: String
        /// Sorted by name; namespace declarations are not attributes.
        public var attributes: [Attribute]
        public var children: [CanonicalContent]

        public var localName: String {
            guard let brace = name.lastIndex(of: "}") else { return name }
            return String(name[name.index(after: brace)...])
        }
    }

    public enum CanonicalContent: Sendable, Hashable {
        case element(CanonicalElement)
        case text(String)
    }

    /// Where two canonical forms part: an XPath-like location and the two values found there.
    public struct Difference: Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var expected: String
        public var actual: String

        public var description: String {
            "\(path): expected \(expected), got \(actual)"
        }
    }

    /// What a volatile (ignored) value is replaced with in canonical forms.
    public static let volatilePlaceholder = "\u{2026}volatile\u{2026}"
}

extension XML.CanonicalElement {
    /// The element written compactly, as ``XML/Canonical/description`` gives it.
    var compactForm: String {
        var output: [UInt8] = []
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        for attribute in attributes {
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: attribute.name.utf8)
            output.append(contentsOf: "=\"".utf8)
            XML.escape(attribute.value, into: &output, inAttribute: true)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: ">"))
        for child in children {
            switch child {
            case .text(let text): XML.escape(text, into: &output, inAttribute: false)
            case .element(let element): element.write(to: &output)
            }
        }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
    }

    func difference(actual: XML.CanonicalElement, path: String, expectedLabel: Bool) -> XML.Difference? {
        if name != actual.name {
            return XML.Difference(path: path, expected: "element \(name)", actual: "element \(actual.name)")
        }
        if attributes != actual.attributes {
            let names = Set(attributes.map(\.name)).union(actual.attributes.map(\.name)).sorted()
            for attributeName in names {
                let mine = attributes.first { $0.name == attributeName }?.value
                let theirs = actual.attributes.first { $0.name == attributeName }?.value
                if mine != theirs {
                    return XML.Difference(
                        path: path + "/@" + attributeName,
                        expected: mine.map { "\"\($0)\"" } ?? "no attribute",
                        actual: theirs.map { "\"\($0)\"" } ?? "no attribute"
                    )
                }
            }
        }
        var seen: [String: Int] = [:]
        for index in 0..<max(children.count, actual.children.count) {
            let mine = index < children.count ? children[index] : nil
            let theirs = index < actual.children.count ? actual.children[index] : nil
            switch (mine, theirs) {
            case (.element(let left), .element(let right)):
                seen[left.localName, default: 0] += 1
                let childPath = path + "/" + left.localName + "[\(seen[left.localName]!)]"
                if let difference = left.difference(actual: right, path: childPath, expectedLabel: expectedLabel) {
                    return difference
                }
            case (.text(let left), .text(let right)):
                if left != right {
                    return XML.Difference(path: path + "/text()", expected: "\"\(left)\"", actual: "\"\(right)\"")
                }
            default:
                return XML.Difference(path: path, expected: Self.describe(mine), actual: Self.describe(theirs))
            }
        }
        return nil
    }

    private static func describe(_ content: XML.CanonicalContent?) -> String {
        switch content {
        case .none: "nothing"
        case .text(let text): "text \"\(text)\""
        case .element(let element): "element \(element.name)"
        }
    }
}
