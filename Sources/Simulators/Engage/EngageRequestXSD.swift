import Foundation
import JSONCore
import LibXML

/// Each XMLAPI operation's request XSD (`Schemas/engage/xsd/<operation>.xsd`), held by the simulator so that it
/// refuses what the contract refuses: a request the XSD does not accept (an element the operation does not take, at
/// any depth, a tag in another case, markup inside a value, a value outside its type) is fault 51 "Invalid XML
/// Request", as Engage answers a tag it cannot read (https://developer.goacoustic.com/acoustic-campaign/reference/faqs).
///
/// The XSD texts are generated into `RequestXSD/` (one file per group of operations, annotations left out, includes
/// by name), so that `harness serve` needs no `Schemas/` folder beside it; `EngageRequestXSDTests` regenerates them
/// from `Schemas/` and fails on any difference.
enum EngageRequestXSD {
    /// One XSD file: the files it includes and its own top-level declarations.
    struct File: Sendable {
        let includes: [String]
        let declarations: [String]
    }

    /// The compiled schema of each operation, once compiled.
    private static let compiled = Locked<[String: XML.Schema]>([:])

    /// The schema whose `Envelope` carries `operation`, its includes merged in; nil for an operation without one.
    static func schema(for operation: String) -> XML.Schema? {
        if let schema = compiled.withLock({ $0[operation] }) { return schema }
        guard let file = operations[operation], let text = text(of: file) else { return nil }
        // The texts are checked against Schemas/ by a test, which also compiles each one.
        guard let schema = try? XML.Schema(text: text, name: "Schemas/engage/xsd/\(file)") else { return nil }
        return compiled.withLock { cache in
            if let existing = cache[operation] { return existing }
            cache[operation] = schema
            return schema
        }
    }

    /// The whole schema text of `file`: its declarations and those of every file it includes, in one `xs:schema`.
    static func text(of file: String) -> String? {
        var declarations: [String] = []
        var pending = [file]
        var seen: Set<String> = []
        while let next = pending.first {
            pending.removeFirst()
            guard seen.insert(next).inserted else { continue }
            guard let found = files[next] else { return nil }
            declarations.append(found.declarations.joined())
            pending += found.includes
        }
        return #"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">"#
            + declarations.joined() + "</xs:schema>"
    }

    /// libxml2's first complaint about `document`, or nil when `operation`'s request XSD accepts it (or there is no
    /// XSD for it).
    static func refusal(of document: XML.Document, operation: String) -> String? {
        guard let schema = schema(for: operation) else { return nil }
        let diagnostics = schema.validate(document)
        guard let first = diagnostics.first else { return nil }
        return first.message.trimmingWhitespace(newlines: true)
    }
}
