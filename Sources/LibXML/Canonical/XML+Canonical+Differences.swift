extension XML.Canonical {
    /// Every place where `other` differs from `self` (the old one), in document order, up to `limit`: a changed
    /// element name, attribute or text, and content present on one side only (its other value is `missing`).
    /// Paths are XPaths with positions (`/Envelope/Body[1]/RESULT[1]/@id`).
    public func differences(from other: XML.Canonical, limit: Int = 100) -> [XML.Difference] {
        var found: [XML.Difference] = []
        root.collectDifferences(actual: other.root, path: "/" + root.localName, limit: limit, into: &found)
        return found
    }
}

extension XML.CanonicalElement {
    fileprivate func collectDifferences(
        actual: XML.CanonicalElement, path: String, limit: Int, into found: inout [XML.Difference]
    ) {
        guard found.count < limit else { return }
        if name != actual.name {
            found.append(XML.Difference(path: path, expected: "element \(name)", actual: "element \(actual.name)"))
            return
        }
        let names = Set(attributes.map(\.name)).union(actual.attributes.map(\.name)).sorted()
        for attributeName in names where found.count < limit {
            let mine = attributes.first { $0.name == attributeName }?.value
            let theirs = actual.attributes.first { $0.name == attributeName }?.value
            guard mine != theirs else { continue }
            found.append(
                XML.Difference(
                    path: path + "/@" + attributeName, expected: mine.map { "\"\($0)\"" } ?? "missing",
                    actual: theirs.map { "\"\($0)\"" } ?? "missing"))
        }
        var seen: [String: Int] = [:]
        for index in 0..<max(children.count, actual.children.count) where found.count < limit {
            let mine = index < children.count ? children[index] : nil
            let theirs = index < actual.children.count ? actual.children[index] : nil
            let label = (mine ?? theirs).map(Self.step) ?? "node()"
            let childPath: String
            if label == "text()" {
                childPath = path + "/text()"
            } else {
                let position = (seen[label] ?? 0) + 1
                seen[label] = position
                childPath = path + "/" + label + "[\(position)]"
            }
            switch (mine, theirs) {
            case (.element(let left), .element(let right)):
                left.collectDifferences(actual: right, path: childPath, limit: limit, into: &found)
            case (.text(let left), .text(let right)) where left == right:
                continue
            default:
                found.append(
                    XML.Difference(path: childPath, expected: Self.value(mine), actual: Self.value(theirs)))
            }
        }
    }

    private static func step(_ content: XML.CanonicalContent) -> String {
        switch content {
        case .text: "text()"
        case .element(let element): element.localName
        }
    }

    private static func value(_ content: XML.CanonicalContent?) -> String {
        switch content {
        case .none:
            return "missing"
        case .text(let text):
            return "\"\(text)\""
        case .element(let element):
            return element.compactForm
        }
    }
}
