internal import ContractKit
internal import Foundation
internal import LibXML

/// An XSD read for generating instances: the global declarations of a file and of every file its `xs:include`s
/// reach, by name. Read with LibXML as the XML it is; nothing here compiles or validates it (ContractKit does).
struct XSDSchema: Sendable {
    /// As reports name it: `Schemas/engage/xsd/get-lists.xsd`.
    let file: String
    /// Global `xs:element`s by name, and their names in the order the root file declares them.
    var elements: [String: XML.Element] = [:]
    var elementOrder: [String] = []
    var complexTypes: [String: XML.Element] = [:]
    var simpleTypes: [String: XML.Element] = [:]
    var groups: [String: XML.Element] = [:]
    var attributeGroups: [String: XML.Element] = [:]
    /// Prefixes bound to the XML Schema namespace (`xs`), which name built-in types.
    var schemaPrefixes: Set<String> = []

    static let namespace = "http://www.w3.org/2001/XMLSchema"

    /// The element a document for the mapping entry `name` starts with: the global element `name` when there is
    /// one (a mapping by root element), else the file's first global element (`Envelope`, for a mapping by the
    /// operation element inside it).
    func rootElement(_ name: String) -> XML.Element? {
        elements[name] ?? elementOrder.first.flatMap { elements[$0] }
    }

    /// Splits a QName (`xs:string`) into whether it names a built-in type and its local name.
    func typeName(_ qualified: String) -> (builtIn: Bool, local: String) {
        let parts = qualified.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let prefix = parts.first, let local = parts.last else { return (false, qualified) }
        return (schemaPrefixes.contains(prefix), local)
    }
}

/// Reads XSD files and their includes once each, for every schema of a contract.
struct XSDLoader {
    /// One file's own top-level declarations and the absolute paths it includes.
    struct File: Sendable {
        var declarations: [XML.Element] = []
        var includes: [String] = []
        var schemaPrefixes: Set<String> = []
    }

    var files: [String: File] = [:]

    /// The schema whose root file is at `path` (absolute, without `file://`), its includes merged in (the first
    /// declaration of a name wins).
    ///
    /// - Throws: ``ContractKit/ContractError/xsdNotCompiled(file:details:)`` for a file that is not readable XML
    ///   or not an `xs:schema`.
    mutating func schema(at path: String) throws(ContractError) -> XSDSchema {
        var schema = XSDSchema(file: SchemaFile.displayName(path))
        var pending = [path]
        var seen: Set<String> = []
        var isRoot = true
        while let next = pending.first {
            pending.removeFirst()
            guard seen.insert(next).inserted else { continue }
            let file = try read(next)
            schema.schemaPrefixes.formUnion(file.schemaPrefixes)
            for declaration in file.declarations {
                guard let name = declaration.attribute("name") else { continue }
                switch declaration.localName {
                case "element":
                    if schema.elements[name] == nil {
                        schema.elements[name] = declaration
                        if isRoot { schema.elementOrder.append(name) }
                    }
                case "complexType": schema.complexTypes[name] = schema.complexTypes[name] ?? declaration
                case "simpleType": schema.simpleTypes[name] = schema.simpleTypes[name] ?? declaration
                case "group": schema.groups[name] = schema.groups[name] ?? declaration
                case "attributeGroup": schema.attributeGroups[name] = schema.attributeGroups[name] ?? declaration
                default: break
                }
            }
            pending += file.includes
            isRoot = false
        }
        return schema
    }

    private mutating func read(_ path: String) throws(ContractError) -> File {
        if let file = files[path] { return file }
        let display = SchemaFile.displayName(path)
        let document: XML.Document
        do {
            document = try XML.Document(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .xsdNotCompiled(file: display, details: error.description)
        }
        guard let root = document.root, root.localName == "schema" else {
            throw .xsdNotCompiled(file: display, details: "the root element is not xs:schema")
        }
        var file = File()
        for attribute in root.attributes where attribute.value == XSDSchema.namespace {
            if attribute.name.hasPrefix("xmlns:") { file.schemaPrefixes.insert(String(attribute.name.dropFirst(6))) }
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        for child in root.elements {
            switch child.localName {
            case "include", "redefine", "override":
                if let location = child.attribute("schemaLocation"), !location.isEmpty {
                    file.includes.append(folder.appendingPathComponent(location).standardizedFileURL.path)
                }
                // A redefine's or override's own declarations replace the included ones.
                file.declarations += child.elements
            default:
                file.declarations.append(child)
            }
        }
        files[path] = file
        return file
    }
}
