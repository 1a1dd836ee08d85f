internal import JSONCore

/// Turns schema JSON into a ``SchemaProgram``: indexes identifiers and anchors, compiles every subschema
/// reachable from the root once, then resolves references (loading remote documents as needed).
final class SchemaCompiler {
    private(set) var program = SchemaProgram()
    private var documents: SchemaDocuments
    /// Absolute URI (document or embedded `$id`) → where that resource's root is.
    private var identifiers: [String: SchemaLocation] = [:]
    /// `resourceURI#name` → where `$anchor`/`$dynamicAnchor` `name` is.
    private var anchors: [String: SchemaLocation] = [:]
    /// Resource URI → its `$dynamicAnchor` names and locations.
    private var dynamicAnchors: [String: [String: SchemaLocation]] = [:]
    /// Location key → base URI in effect inside the schema object there (after its own `$id`).
    private var bases: [String: String] = [:]
    private var compiled: [String: Int] = [:]
    private var resourceIndex: [String: Int] = [:]
    private var pending: [(node: Int, keyword: Int, reference: String, dynamic: Bool, origin: SchemaLocation)] = []
    private var depth = 0
    /// False when the root's metaschema leaves out the validation vocabulary (`$vocabulary`).
    private(set) var validationVocabulary = true

    init(documents: SchemaDocuments, formatAssertion: Bool) {
        self.documents = documents
        program.formatAssertion = formatAssertion
        for (uri, value) in documents.documents { index(document: uri, value: value) }
    }

    /// Compiles the schema at `uri` (a document URI with an optional fragment) as the program's root.
    func compileRoot(_ uri: String) throws(ContractError) -> SchemaProgram {
        let location = try locate(uri, origin: SchemaLocation(document: uri, pointer: []))
        if let metaschema = value(at: location)?["$schema"]?.stringValue,
            let meta = try? locate(metaschema, origin: location),
            case .object(let vocabularies) = value(at: meta)?["$vocabulary"]
        {
            validationVocabulary = vocabularies["https://json-schema.org/draft/2020-12/vocab/validation"] != nil
        }
        program.root = try node(at: location)
        try resolvePending()
        return program
    }

    // MARK: - Documents, identifiers and anchors

    private func index(document uri: String, value: JSONValue) {
        documents.documents[uri] = value
        let root = SchemaLocation(document: uri, pointer: [])
        if identifiers[uri] == nil { identifiers[uri] = root }
        scan(value, at: root, base: uri)
    }

    private func scan(_ value: JSONValue, at location: SchemaLocation, base: String) {
        guard case .object(let object) = value else { return }
        var base = base
        if case .string(let id) = object["$id"] {
            base = URIReference.split(URIReference.resolve(id, against: base)).document
            if identifiers[base] == nil { identifiers[base] = location }
        }
        bases[location.key] = base
        if case .string(let name) = object["$anchor"] { anchors[base + "#" + name] = location }
        if case .string(let name) = object["$dynamicAnchor"] {
            if anchors[base + "#" + name] == nil { anchors[base + "#" + name] = location }
            dynamicAnchors[base, default: [:]][name] = location
        }
        for tokens in SubschemaKeywords.children(of: object) {
            var child: JSONValue? = value
            for token in tokens { child = child?[token] ?? child?[Int(token) ?? -1] }
            if let child {
                scan(
                    child, at: SchemaLocation(document: location.document, pointer: location.pointer + tokens),
                    base: base)
            }
        }
    }

    /// The document value at `location`, loading the document when it is not known yet.
    func value(at location: SchemaLocation) -> JSONValue? {
        documents.documents[location.document]?[pointer: JSONPointer(tokens: location.pointer)]
    }

    /// The base URI inside the schema at `location`: recorded by the scan, or found by walking the pointer
    /// (for locations inside unknown keywords, which the scan does not visit).
    func base(at location: SchemaLocation) -> String {
        if let base = bases[location.key] { return base }
        var base = location.document
        var current = documents.documents[location.document]
        for token in [""] + location.pointer {
            if !token.isEmpty { current = current?[token] ?? current?[Int(token) ?? -1] }
            if case .string(let id) = current?["$id"] {
                base = URIReference.split(URIReference.resolve(id, against: base)).document
            }
        }
        return base
    }

    /// Where an absolute URI with fragment points.
    private func locate(_ uri: String, origin: SchemaLocation) throws(ContractError) -> SchemaLocation {
        let (document, fragment) = URIReference.split(uri)
        if identifiers[document] == nil, documents.documents[document] == nil, let loader = documents.loader,
            let loaded = try loader(document)
        {
            index(document: document, value: loaded)
        }
        guard let resource = identifiers[document] else {
            throw unresolvable(uri, origin: origin)
        }
        if fragment.isEmpty { return resource }
        if fragment.hasPrefix("/") {
            guard let pointer = try? JSONPointer(fragment) else { throw unresolvable(uri, origin: origin) }
            let target = SchemaLocation(document: resource.document, pointer: resource.pointer + pointer.tokens)
            guard value(at: target) != nil else { throw unresolvable(uri, origin: origin) }
            return target
        }
        guard let anchor = anchors[document + "#" + fragment] else { throw unresolvable(uri, origin: origin) }
        return anchor
    }

    private func unresolvable(_ uri: String, origin: SchemaLocation) -> ContractError {
        let reference = value(at: origin)?["$ref"]?.stringValue ?? value(at: origin)?["$dynamicRef"]?.stringValue
        return .unresolvableReference(
            reference: reference ?? uri,
            file: SchemaFile.displayName(origin.document),
            pointer: JSONPointer(tokens: origin.pointer).description
        )
    }

    // MARK: - Nodes

    /// The node for the subschema at `location`, compiling it (and its subschemas) the first time.
    func node(at location: SchemaLocation) throws(ContractError) -> Int {
        let key = location.key
        if let existing = compiled[key] { return existing }
        guard let value = value(at: location) else {
            throw .unresolvableReference(
                reference: key, file: SchemaFile.displayName(location.document),
                pointer: JSONPointer(tokens: location.pointer).description)
        }
        depth += 1
        defer { depth -= 1 }
        guard depth < 256 else { throw .invalidSchema(location: key, message: "subschemas nest deeper than 256") }
        let base = base(at: location)
        let resource = resourceIndex(for: base)
        let index = program.nodes.count
        compiled[key] = index
        program.nodes.append(SchemaNode(index: index, resource: resource))
        program.locations.append(key)
        switch value {
        case .bool(let constant):
            program.nodes[index].constant = constant
        case .object(let object):
            let keywords = try compileKeywords(object, at: location, node: index)
            program.nodes[index].keywords = keywords
            program.nodes[index].collectsAnnotations = keywords.contains {
                switch $0 {
                case .unevaluatedItems, .unevaluatedProperties: true
                default: false
                }
            }
        default:
            throw .invalidSchema(
                location: key, message: "a schema must be an object or a boolean, found \(value.typeName)")
        }
        return index
    }

    private func resourceIndex(for uri: String) -> Int {
        if let existing = resourceIndex[uri] { return existing }
        let index = program.resources.count
        program.resources.append(SchemaResource(uri: uri))
        resourceIndex[uri] = index
        return index
    }

    /// Records a reference to resolve once every node is compiled; returns the placeholder target.
    func deferReference(_ reference: String, node: Int, keyword: Int, dynamic: Bool, origin: SchemaLocation) -> Int {
        pending.append((node, keyword, reference, dynamic, origin))
        return -1
    }

    private func resolvePending() throws(ContractError) {
        var resolvedResources = 0
        while !pending.isEmpty || resolvedResources < program.resources.count {
            while let next = pending.popLast() {
                let location = try locate(next.reference, origin: next.origin)
                let target = try node(at: location)
                if next.dynamic {
                    let (_, fragment) = URIReference.split(next.reference)
                    let bookended =
                        !fragment.isEmpty && !fragment.hasPrefix("/")
                        && value(at: location)?["$dynamicAnchor"]?.stringValue == fragment
                    program.nodes[next.node].keywords[next.keyword] = .dynamicReference(
                        target, anchor: bookended ? fragment : nil)
                } else {
                    program.nodes[next.node].keywords[next.keyword] = .reference(target)
                }
            }
            // Every resource that evaluation can enter needs its dynamic anchors compiled.
            while resolvedResources < program.resources.count {
                let uri = program.resources[resolvedResources].uri
                for (name, location) in dynamicAnchors[uri] ?? [:] {
                    let target = try node(at: location)
                    program.resources[resolvedResources].dynamicAnchors[name] = target
                }
                resolvedResources += 1
            }
        }
    }
}
