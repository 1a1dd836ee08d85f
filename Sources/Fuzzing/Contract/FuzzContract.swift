internal import ContractKit
public import Foundation
internal import JSONCore

/// A vendor's OpenAPI document read for generating requests: its operations with their raw schemas, and
/// every document its `$ref`s reach, loaded once (so generation never touches the disk).
public struct FuzzContract: Sendable {
    public let vendor: String
    /// As reports name it: `Schemas/referralhero/referralhero.openapi.yaml`.
    public let file: String
    public let operations: [FuzzOperation]
    /// Every loaded document by absolute URI.
    let documents: [String: JSONValue]
    /// The XSDs of XML form fields, by the absolute URI their operations name them with.
    let xsds: [String: XSDSchema]

    /// Reads `Schemas/<vendor>/<vendor>.openapi.yaml` (or `.yml`, `.json`) under `schemas`.
    ///
    /// - Throws: ``FuzzError/unknownVendor(_:known:)``, ``FuzzError/contract(_:)`` for a document that does not
    ///   load or a `$ref` that does not resolve.
    public init(vendor: String, schemas: URL, known: [String] = []) throws(FuzzError) {
        var path: String?
        for name in ["\(vendor).openapi.yaml", "\(vendor).openapi.yml", "\(vendor).openapi.json"] {
            let candidate = schemas.appendingPathComponent(vendor).appendingPathComponent(name).standardizedFileURL
            if FileManager.default.fileExists(atPath: candidate.path) {
                path = candidate.path
                break
            }
        }
        guard let path else { throw .unknownVendor(vendor, known: known) }
        self.vendor = vendor
        file = SchemaFile.displayName(path)
        var loader = DocumentLoader()
        do {
            let root = "file://" + path
            try loader.load(root)
            let document = loader.documents[root] ?? .null
            var operations: [FuzzOperation] = []
            for member in document["paths"]?.objectValue ?? JSONObject() {
                let (item, itemURI) = try loader.resolve(member.value, in: root)
                let shared = item["parameters"]?.arrayValue ?? []
                for method in ["get", "put", "post", "delete", "patch", "head", "options"] {
                    guard let operation = item[method] else { continue }
                    operations.append(
                        try loader.operation(
                            operation, method: method, path: member.key, shared: shared, uri: itemURI, root: root))
                }
            }
            self.operations = operations
        } catch {
            throw .contract(error)
        }
        documents = loader.documents
        guard !operations.isEmpty else { throw .noOperations(vendor: vendor, file: file) }
        var xsdLoader = XSDLoader()
        var xsds: [String: XSDSchema] = [:]
        do {
            for operation in operations {
                for media in operation.body?.media ?? [] {
                    for uri in media.xmlFields.values.flatMap(\.values) where xsds[uri] == nil {
                        xsds[uri] = try xsdLoader.schema(at: uri.hasPrefix("file://") ? String(uri.dropFirst(7)) : uri)
                    }
                }
            }
        } catch {
            throw .contract(error)
        }
        self.xsds = xsds
    }

    /// What one request is drawn for: an operation, and for an operation carrying XML operations (Engage's
    /// `POST /XMLAPI`) one of those, so that a run covers each XML operation as it covers each HTTP one.
    public struct Case: Sendable {
        public let operation: FuzzOperation
        /// The operation element (`GetLists`), or nil for an operation without XML fields.
        public let xmlOperation: String?
    }

    /// Every operation, an operation with XML fields once per XML operation its mapping lists.
    public var cases: [Case] {
        operations.flatMap { operation -> [Case] in
            let names = Set((operation.body?.media ?? []).flatMap(\.xmlOperations)).sorted()
            return names.isEmpty
                ? [Case(operation: operation, xmlOperation: nil)]
                : names.map { Case(operation: operation, xmlOperation: $0) }
        }
    }

    /// Follows `$ref` (and nothing else) until a value without one.
    func resolve(_ node: SchemaNode) -> SchemaNode {
        var current = node
        for _ in 0..<32 {
            guard let reference = current.value["$ref"]?.stringValue,
                let (target, uri) = DocumentLoader.lookup(reference, from: current.document, in: documents)
            else { return current }
            current = SchemaNode(value: target, document: uri)
        }
        return current
    }
}

/// Loads documents and follows `$ref`s between them while a contract is read.
struct DocumentLoader {
    var documents: [String: JSONValue] = [:]

    /// Loads `uri` and, transitively, every document its `$ref`s name.
    mutating func load(_ uri: String) throws(ContractError) {
        guard documents[uri] == nil else { return }
        guard let value = try SchemaFile.load(path: uri, required: true) else { return }
        documents[uri] = value
        var references: [String] = []
        Self.collectReferences(value, into: &references)
        for reference in references where !reference.hasPrefix("#") {
            let target = Self.absolute(reference, from: uri).document
            try load(target)
        }
    }

    private static func collectReferences(_ value: JSONValue, into references: inout [String]) {
        switch value {
        case .object(let object):
            for member in object {
                if member.key == "$ref", let text = member.value.stringValue {
                    references.append(text)
                } else {
                    collectReferences(member.value, into: &references)
                }
            }
        case .array(let items):
            for item in items { collectReferences(item, into: &references) }
        default:
            break
        }
    }

    /// The document URI and fragment a reference names, relative to the document holding it.
    static func absolute(_ reference: String, from uri: String) -> (document: String, fragment: String) {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? ""
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        if path.isEmpty { return (uri, fragment) }
        if path.hasPrefix("file://") { return (path, fragment) }
        let base = URL(fileURLWithPath: String(uri.dropFirst(7))).deletingLastPathComponent()
        return ("file://" + base.appendingPathComponent(path).standardizedFileURL.path, fragment)
    }

    static func lookup(
        _ reference: String, from uri: String, in documents: [String: JSONValue]
    ) -> (JSONValue, String)? {
        let (document, fragment) = absolute(reference, from: uri)
        guard let root = documents[document], let pointer = try? JSONPointer(fragment),
            let value = root[pointer: pointer]
        else { return nil }
        return (value, document)
    }

    func resolve(_ value: JSONValue, in uri: String) throws(ContractError) -> (JSONValue, String) {
        var current = (value, uri)
        for _ in 0..<32 {
            guard let reference = current.0["$ref"]?.stringValue else { return current }
            guard let next = Self.lookup(reference, from: current.1, in: documents) else {
                throw .unresolvableReference(reference: reference, file: SchemaFile.displayName(current.1), pointer: "")
            }
            current = next
        }
        throw .referenceCycle(location: SchemaFile.displayName(uri))
    }
}
