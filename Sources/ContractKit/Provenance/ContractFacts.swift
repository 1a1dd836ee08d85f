internal import CassetteKit
internal import Foundation
internal import JSONCore
internal import LibXML

extension SchemaRegistry {
    /// The facts of `vendor`'s contract that `interaction` exercises: the `x-source` of the document (`info`), of
    /// the path item and operation it lands on, of each parameter it sends, of its request body and media type,
    /// of the response declared for its status and each header that response carries, and of every schema
    /// member its JSON or form bodies hold (through `$ref`, `allOf`, and the `anyOf`/`oneOf` branches the value
    /// fits). A request the contract does not declare exercises no fact.
    ///
    /// XML bodies are held to their XSDs by the contract check; their facts are the operation's.
    public func facts(of interaction: Interaction, vendor: String) -> [Fact] {
        guard let contract = contracts[vendor],
            case .operation(let operation) = contract.match(
                method: interaction.request.method, path: interaction.request.path)
        else { return [] }
        var walker = FactWalker(documents: contract.documents)
        walker.note(at: contract.documentURI, ["info"])
        let (uri, pointer) = operation.declaration
        walker.note(at: uri, Array(pointer.dropLast()))
        walker.note(at: uri, pointer)
        let request = interaction.request
        let operationValue = walker.value(at: uri, pointer) ?? .null
        let itemValue = walker.value(at: uri, Array(pointer.dropLast())) ?? .null
        for (owner, tokens) in [(operationValue, pointer), (itemValue, Array(pointer.dropLast()))] {
            for index in (owner["parameters"]?.arrayValue ?? []).indices {
                let parameterTokens = tokens + ["parameters", String(index)]
                guard let (parameter, parameterURI, resolved) = walker.resolve(at: uri, parameterTokens),
                    let name = parameter["name"]?.stringValue
                else { continue }
                let sent: Bool =
                    switch parameter["in"]?.stringValue {
                    case "query": request.query.contains { $0.name == name }
                    case "header": request.headers.value(of: name) != nil
                    case "path": true
                    default: false
                    }
                if sent { walker.note(parameter, at: parameterURI, resolved) }
            }
        }
        if let body = request.body, !body.data.isEmpty,
            let (value, bodyURI, bodyTokens) = walker.resolve(at: uri, pointer + ["requestBody"])
        {
            walker.note(value, at: bodyURI, bodyTokens)
            walker.content(
                operation.requestBody?.content ?? [], at: bodyURI, bodyTokens + ["content"], body: body)
        }
        let response = interaction.response
        if let (key, declared) = operation.response(for: response.status),
            let (value, responseURI, responseTokens) = walker.resolve(at: uri, pointer + ["responses", key])
        {
            walker.note(value, at: responseURI, responseTokens)
            for header in value["headers"]?.objectValue ?? JSONObject()
            where response.headers.value(of: header.key) != nil {
                walker.note(at: responseURI, responseTokens + ["headers", header.key])
            }
            if let body = response.body, !body.data.isEmpty {
                walker.content(declared.content, at: responseURI, responseTokens + ["content"], body: body)
            }
        }
        return walker.facts + xmlDeclarationFacts(of: interaction, operation: operation, vendor: vendor)
    }

    /// The sources the XSD declarations of the elements and attributes an XML request (or XML form field) and its
    /// answer hold cite: each operation's request and result schema speaks for what the interaction exercises.
    func xmlDeclarationFacts(of interaction: Interaction, operation: Operation, vendor: String) -> [Fact] {
        var facts: [Fact] = []
        var seen: Set<String> = []
        let requestOperation = xmlOperation(of: interaction, vendor: vendor)
        func collect(_ data: Data, _ contract: XMLContract) {
            guard let document = try? XML.Document(data: data) else { return }
            let element = Self.operationElement(data)
            guard
                let (file, _) = contract.schema(
                    root: document.rootName, operation: element, requestOperation: requestOperation),
                let declared = contract.declarations[file]
            else { return }
            var names = Set(((try? document.select("//*")) ?? []).map(\.name))
            names.formUnion(((try? document.select("//@*")) ?? []).map { "@" + $0.name })
            for name in names.sorted() {
                for fact in declared[name] ?? [] where seen.insert(fact.location).inserted { facts.append(fact) }
            }
        }
        if let body = interaction.request.body, !body.data.isEmpty,
            let media = operation.requestBody?.content.best(for: body.mediaType ?? "application/octet-stream")
        {
            if let xml = media.xml { collect(body.data, xml) }
            if !media.xmlFields.isEmpty, let fields = FormCoding.decode(validating: body.data) {
                for (name, xml) in media.xmlFields.sorted(by: { $0.key < $1.key }) {
                    if let field = fields.last(where: { $0.name == name }) { collect(Data(field.value.utf8), xml) }
                }
            }
        }
        if let body = interaction.response.body, !body.data.isEmpty,
            let (_, declared) = operation.response(for: interaction.response.status),
            let xml = declared.content.best(for: body.mediaType ?? "application/octet-stream")?.xml
        {
            collect(body.data, xml)
        }
        return facts
    }
}

/// Collects the `x-source`s met while following an interaction through an OpenAPI document and its schemas.
struct FactWalker {
    var documents: SchemaDocuments
    private(set) var facts: [Fact] = []
    private var seen: Set<String> = []

    init(documents: SchemaDocuments) {
        self.documents = documents
    }

    /// The value at `pointer` in the document `uri`, loading the document when it was not read yet.
    mutating func value(at uri: String, _ pointer: [String]) -> JSONValue? {
        if documents.documents[uri] == nil, let loaded = try? documents.loader?(uri) {
            documents.documents[uri] = loaded
        }
        return documents.documents[uri]?[pointer: JSONPointer(tokens: pointer)]
    }

    /// The object at `pointer` with its `$ref`s followed (at most 32), and where it finally is.
    mutating func resolve(at uri: String, _ pointer: [String]) -> (JSONValue, uri: String, pointer: [String])? {
        var current = (uri: uri, pointer: pointer)
        for _ in 0..<32 {
            guard let found = value(at: current.uri, current.pointer) else { return nil }
            guard let reference = found["$ref"]?.stringValue else { return (found, current.uri, current.pointer) }
            note(found, at: current.uri, current.pointer)
            let target = URIReference.resolve(reference, against: current.uri)
            let (document, fragment) = URIReference.split(target)
            guard let tokens = try? JSONPointer(fragment).tokens else { return nil }
            current = (document, tokens)
        }
        return nil
    }

    /// Records the `x-source` of the object at `pointer`, once per place.
    mutating func note(at uri: String, _ pointer: [String]) {
        guard let found = value(at: uri, pointer) else { return }
        note(found, at: uri, pointer)
    }

    mutating func note(_ value: JSONValue, at uri: String, _ pointer: [String]) {
        guard let source = value["x-source"]?.stringValue else { return }
        let location = SchemaFile.displayName(uri) + "#" + JSONPointer(tokens: pointer).description
        guard seen.insert(location).inserted else { return }
        facts.append(Fact(source: source, location: location))
    }

    /// The media type a body was sent as, and the schema members its value holds.
    mutating func content(
        _ declared: [MediaTypeContract], at uri: String, _ pointer: [String], body: Interaction.Body
    ) {
        let mediaType = body.mediaType ?? "application/octet-stream"
        guard let key = declared.best(for: mediaType)?.mediaType else { return }
        note(at: uri, pointer + [key])
        let instance: JSONValue?
        switch MediaType(contentType: mediaType) {
        case .json: instance = try? JSONValue(parsing: body.data)
        case .form:
            instance = FormCoding.decode(validating: body.data).map { fields in
                var object = JSONObject()
                for field in fields { object[field.name] = .string(field.value) }
                return .object(object)
            }
        case .xml, .text, .binary: instance = nil
        }
        if let instance, value(at: uri, pointer + [key, "schema"]) != nil {
            schema(at: uri, pointer + [key, "schema"], instance: instance, depth: 0)
        }
    }

    /// Follows `instance` through the schema at `pointer`: its `x-source`, then the members the value holds.
    mutating func schema(at uri: String, _ pointer: [String], instance: JSONValue, depth: Int) {
        guard depth < 64, let (schema, uri, pointer) = resolve(at: uri, pointer), case .object(let object) = schema
        else { return }
        note(schema, at: uri, pointer)
        for (index, _) in (object["allOf"]?.arrayValue ?? []).enumerated() {
            self.schema(at: uri, pointer + ["allOf", String(index)], instance: instance, depth: depth + 1)
        }
        for keyword in ["anyOf", "oneOf"] {
            for (index, branch) in (object[keyword]?.arrayValue ?? []).enumerated()
            where fits(instance, branch, at: uri) {
                self.schema(at: uri, pointer + [keyword, String(index)], instance: instance, depth: depth + 1)
            }
        }
        switch instance {
        case .object(let members):
            let properties = object["properties"]?.objectValue
            for member in members {
                if properties?[member.key] != nil {
                    self.schema(
                        at: uri, pointer + ["properties", member.key], instance: member.value, depth: depth + 1)
                } else if case .object = object["additionalProperties"] {
                    self.schema(
                        at: uri, pointer + ["additionalProperties"], instance: member.value, depth: depth + 1)
                }
            }
        case .array(let elements):
            let prefix = object["prefixItems"]?.arrayValue?.count ?? 0
            for (index, element) in elements.enumerated() {
                if index < prefix {
                    self.schema(at: uri, pointer + ["prefixItems", String(index)], instance: element, depth: depth + 1)
                } else if object["items"] != nil {
                    self.schema(at: uri, pointer + ["items"], instance: element, depth: depth + 1)
                }
            }
        default:
            break
        }
    }

    /// Whether `instance` fits an `anyOf`/`oneOf` branch, judged by what tells branches apart: its type, its
    /// `const` or `enum`, the members it requires and the `const`s of its properties.
    private mutating func fits(_ instance: JSONValue, _ branch: JSONValue, at uri: String) -> Bool {
        var branch = branch
        var base = uri
        for _ in 0..<32 {
            guard let reference = branch["$ref"]?.stringValue else { break }
            let (document, fragment) = URIReference.split(URIReference.resolve(reference, against: base))
            guard let tokens = try? JSONPointer(fragment).tokens, let next = value(at: document, tokens) else {
                return true
            }
            (branch, base) = (next, document)
        }
        if let types = branch["type"].map({ $0.arrayValue ?? [$0] })?.compactMap(\.stringValue),
            !types.contains(where: { Self.has(instance, type: $0) })
        {
            return false
        }
        if let constant = branch["const"], constant != instance { return false }
        if let allowed = branch["enum"]?.arrayValue, !allowed.contains(instance) { return false }
        if case .object(let members) = instance {
            for name in branch["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
                return false
            }
            for property in branch["properties"]?.objectValue ?? JSONObject() {
                if let constant = property.value["const"], let actual = members[property.key], actual != constant {
                    return false
                }
            }
        }
        return true
    }

    private static func has(_ instance: JSONValue, type: String) -> Bool {
        switch (type, instance) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
            ("number", .number):
            true
        case ("integer", .number(let number)): number.isInteger
        default: false
        }
    }
}
