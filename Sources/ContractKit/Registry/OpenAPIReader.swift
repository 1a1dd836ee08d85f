internal import Foundation
internal import JSONCore
internal import LibXML

/// Builds a ``VendorContract`` from one OpenAPI 3.1 document: follows `$ref`s between objects (across files
/// under the Schemas folder), compiles every body schema once and every XSD named by `x-xsd` once.
final class OpenAPIReader {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let vendor: String
    let documentURI: String
    let folder: URL
    let options: JSONSchema.Options
    private var documents: SchemaDocuments
    private let xsdCache: XSDCache

    init(vendor: String, file: URL, folder: URL, options: JSONSchema.Options, xsdCache: XSDCache) throws(ContractError)
    {
        self.vendor = vendor
        self.folder = folder
        self.options = options
        self.xsdCache = xsdCache
        documentURI = "file://" + file.standardizedFileURL.path
        let root = "file://" + folder.standardizedFileURL.path
        documents = SchemaDocuments(loader: SchemaDocuments.files(under: root.dropFirst(7).description, servedAt: root))
        guard let document = try SchemaFile.load(path: file.path) else {
            throw .unreadableFile(path: file.path, reason: "no such file")
        }
        documents.documents[documentURI] = document
    }

    var file: String { SchemaFile.displayName(documentURI) }

    func read() throws(ContractError) -> VendorContract {
        let document = documents.documents[documentURI] ?? .null
        guard document["openapi"]?.stringValue?.hasPrefix("3.") == true else {
            throw .invalidOpenAPI(
                file: file, pointer: "/openapi", message: "expected an OpenAPI 3.x document ('openapi: 3.1.0')")
        }
        var basePaths: [String] = []
        for server in document["servers"]?.arrayValue ?? [] {
            guard let url = server["url"]?.stringValue else { continue }
            let path = Interaction.Request(method: "GET", url: url).path
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            if !trimmed.isEmpty, !basePaths.contains(trimmed) { basePaths.append(trimmed) }
        }
        for extra in ["/" + vendor, ""] where !basePaths.contains(extra) { basePaths.append(extra) }

        var operations: [Operation] = []
        try requireObject(document["paths"], file: file, pointer: ["paths"], what: "the paths, by path")
        for member in document["paths"]?.objectValue ?? JSONObject() {
            let itemPointer = ["paths", member.key]
            let (item, itemURI, itemTokens) = try resolve(member.value, uri: documentURI, pointer: itemPointer)
            try requireObject(
                item, file: SchemaFile.displayName(itemURI), pointer: itemTokens,
                what: "a path item (operations by method)")
            let shared = item["parameters"]?.arrayValue ?? []
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                try requireObject(
                    operation, file: SchemaFile.displayName(itemURI), pointer: itemTokens + [method],
                    what: "an operation")
                operations.append(
                    try readOperation(
                        operation, method: method, path: member.key, shared: shared, uri: itemURI,
                        pointer: itemTokens + [method]))
            }
        }
        var contract = VendorContract(vendor: vendor, file: file, basePaths: basePaths, operations: operations)
        contract.documents = documents
        contract.documentURI = documentURI
        contract.servers = (document["servers"]?.arrayValue ?? []).compactMap { server in
            var url = server["url"]?.stringValue
            for variable in server["variables"]?.objectValue ?? JSONObject() {
                guard let value = variable.value["default"]?.stringValue else { continue }
                url = url?.replacingOccurrences(of: "{\(variable.key)}", with: value)
            }
            return url
        }
        return contract
    }

    /// Refuses a member that is present but not an object, naming where it is and what it is instead.
    private func requireObject(
        _ value: JSONValue?, file: String, pointer: [String], what: String
    ) throws(ContractError) {
        guard let value, value.objectValue == nil else { return }
        throw .invalidOpenAPI(
            file: file, pointer: JSONPointer(tokens: pointer).description,
            message: "expected \(what), found \(value.typeName)")
    }

    private func readOperation(
        _ operation: JSONValue, method: String, path: String, shared: [JSONValue], uri: String, pointer: [String]
    ) throws(ContractError) -> Operation {
        var headers = securityHeaders(operation["security"] ?? documents.documents[documentURI]?["security"])
        for (index, parameter) in ((operation["parameters"]?.arrayValue ?? []) + shared).enumerated() {
            let (value, _, _) = try resolve(parameter, uri: uri, pointer: pointer + ["parameters", String(index)])
            if value["in"]?.stringValue == "header", value["required"]?.boolValue == true,
                let name = value["name"]?.stringValue, !headers.contains(name)
            {
                headers.append(name)
            }
        }
        var body: BodyContract?
        if let requestBody = operation["requestBody"] {
            let (value, bodyURI, tokens) = try resolve(requestBody, uri: uri, pointer: pointer + ["requestBody"])
            body = BodyContract(
                required: value["required"]?.boolValue ?? false,
                content: try readContent(value["content"], uri: bodyURI, pointer: tokens + ["content"]))
        }
        var responses: [String: ResponseContract] = [:]
        for member in operation["responses"]?.objectValue ?? JSONObject() {
            let (value, responseURI, tokens) = try resolve(
                member.value, uri: uri, pointer: pointer + ["responses", member.key])
            var required: [String] = []
            for header in value["headers"]?.objectValue ?? JSONObject() {
                let (declared, _, _) = try resolve(
                    header.value, uri: responseURI, pointer: tokens + ["headers", header.key])
                if declared["required"]?.boolValue == true { required.append(header.key) }
            }
            responses[member.key] = ResponseContract(
                requiredHeaders: required,
                content: try readContent(value["content"], uri: responseURI, pointer: tokens + ["content"]))
        }
        return Operation(
            method: method.uppercased(), pathTemplate: path, operationID: operation["operationId"]?.stringValue,
            requiredHeaders: headers, requestBody: body, responses: responses, declaration: (uri, pointer))
    }

    /// The headers a `security` requirement makes required: an `apiKey` scheme's header, `Authorization` for an
    /// `http` or `oauth2` scheme. Alternatives (several requirement objects) require only what they all share.
    private func securityHeaders(_ security: JSONValue?) -> [String] {
        guard let requirements = security?.arrayValue, !requirements.isEmpty else { return [] }
        let schemes = documents.documents[documentURI]?["components"]?["securitySchemes"]
        let alternatives: [Set<String>] = requirements.map { requirement in
            var names: Set<String> = []
            for member in requirement.objectValue ?? JSONObject() {
                guard let scheme = schemes?[member.key] else { continue }
                switch scheme["type"]?.stringValue {
                case "apiKey" where scheme["in"]?.stringValue == "header":
                    if let name = scheme["name"]?.stringValue { names.insert(name) }
                case "http", "oauth2", "openIdConnect":
                    names.insert("Authorization")
                default:
                    break
                }
            }
            return names
        }
        return alternatives.dropFirst().reduce(alternatives[0]) { $0.intersection($1) }.sorted()
    }

    private func readContent(
        _ content: JSONValue?, uri: String, pointer: [String]
    ) throws(ContractError) -> [MediaTypeContract] {
        var result: [MediaTypeContract] = []
        for member in content?.objectValue ?? JSONObject() {
            let tokens = pointer + [member.key]
            var schema: JSONSchema?
            var schemaLocation: String?
            if member.value["schema"] != nil {
                let location = uri + "#" + JSONPointer(tokens: tokens + ["schema"]).description
                schema = try JSONSchema(at: location, documents: documents, options: options)
                schemaLocation = SchemaFile.displayName(location)
            }
            let xml = try readXSD(member.value["x-xsd"], uri: uri, pointer: tokens + ["x-xsd"])
            var fields: [String: XMLContract] = [:]
            for field in member.value["encoding"]?.objectValue ?? JSONObject() {
                if let contract = try readXSD(
                    field.value["x-xsd"], uri: uri, pointer: tokens + ["encoding", field.key, "x-xsd"])
                {
                    fields[field.key] = contract
                }
            }
            result.append(
                MediaTypeContract(
                    mediaType: member.key, schema: schema, schemaLocation: schemaLocation, xml: xml, xmlFields: fields))
        }
        return result
    }

    /// `x-xsd: xsd/result.xsd` or `x-xsd: {Element: xsd/file.xsd, …}`, paths relative to the declaring file.
    private func readXSD(_ value: JSONValue?, uri: String, pointer: [String]) throws(ContractError) -> XMLContract? {
        guard let value else { return nil }
        let directory = URL(fileURLWithPath: String(uri.dropFirst(7))).deletingLastPathComponent()
        func compile(_ path: JSONValue, _ tokens: [String]) throws(ContractError) -> (file: String, schema: XML.Schema)
        {
            guard let relative = path.stringValue else {
                throw .invalidOpenAPI(
                    file: SchemaFile.displayName(uri), pointer: JSONPointer(tokens: tokens).description,
                    message: "x-xsd must be a path or a mapping of element names to paths")
            }
            let url = directory.appendingPathComponent(relative).standardizedFileURL
            let file = SchemaFile.displayName(url.path)
            let schema = try xsdCache.schema(at: url)
            declarations[file] = xsdCache.declarations(at: url)
            return (file, schema)
        }
        var declarations: [String: [String: [Fact]]] = [:]
        if case .object(let mapping) = value {
            var byElement: [String: (file: String, schema: XML.Schema)] = [:]
            for member in mapping { byElement[member.key] = try compile(member.value, pointer + [member.key]) }
            return XMLContract(single: nil, byElement: byElement, declarations: declarations)
        }
        let single = try compile(value, pointer)
        return XMLContract(single: single, byElement: [:], declarations: declarations)
    }

    /// Follows `$ref` on an OpenAPI object (a path item, parameter, request body, response, header) until a
    /// value without one; returns the value and where it is.
    func resolve(
        _ value: JSONValue, uri: String, pointer: [String]
    ) throws(ContractError) -> (JSONValue, uri: String, pointer: [String]) {
        var current = (value: value, uri: uri, pointer: pointer)
        for _ in 0..<32 {
            guard let reference = current.value["$ref"]?.stringValue else {
                return (current.value, current.uri, current.pointer)
            }
            let target = URIReference.resolve(reference, against: current.uri)
            let (document, fragment) = URIReference.split(target)
            let failure = ContractError.unresolvableReference(
                reference: reference, file: SchemaFile.displayName(current.uri),
                pointer: JSONPointer(tokens: current.pointer + ["$ref"]).description)
            if documents.documents[document] == nil {
                guard let loaded = try documents.loader?(document) else { throw failure }
                documents.documents[document] = loaded
            }
            guard let tokens = try? JSONPointer(fragment).tokens,
                let next = documents.documents[document]?[pointer: JSONPointer(tokens: tokens)]
            else { throw failure }
            current = (next, document, tokens)
        }
        throw ContractError.referenceCycle(
            location: SchemaFile.displayName(uri) + "#" + JSONPointer(tokens: pointer).description)
    }
}

/// Compiles each XSD file once, however many operations name it.
final class XSDCache {
    private var schemas: [String: XML.Schema] = [:]
    private var sources: [String: [String: [Fact]]] = [:]

    /// The facts each element and attribute declaration of the XSD at `url` (and of the files it includes) names in
    /// its `xs:documentation source="…"`, by declared name (`@name` for an attribute). A source that is a URL is a
    /// vendor document; `github:Silverpop/…` is the vendor's public SDK or client source; another repository is a
    /// third-party client and `assumed` is assumed — both weigh as assumed.
    func declarations(at url: URL, depth: Int = 0) -> [String: [Fact]] {
        if let cached = sources[url.path] { return cached }
        guard depth < 8, let data = try? SchemaFile.read(url.path), let document = try? XML.Document(data: data)
        else { return [:] }
        var found: [String: [Fact]] = [:]
        let file = SchemaFile.displayName(url.path)
        for kind in ["element", "attribute"] {
            let declared = (try? document.select("//*[local-name()='\(kind)'][@name]/@name")) ?? []
            let documented =
                (try? document.select(
                    "//*[local-name()='\(kind)'][@name]/*[local-name()='annotation']/*[local-name()='documentation']"))
                ?? []
            let citations =
                (try? document.select(
                    "//*[local-name()='\(kind)'][@name]/*[local-name()='annotation']/*[local-name()='documentation']/@source"
                ))
                ?? []
            // Declarations, their documentation and its source pair up by node path.
            func parent(_ path: String, _ levels: Int) -> String {
                path.components(separatedBy: "/").dropLast(levels).joined(separator: "/")
            }
            let texts = Dictionary(
                documented.map { ($0.path, $0.value.trimmingCharacters(in: .whitespacesAndNewlines)) },
                uniquingKeysWith: { first, _ in first })
            var byPath: [String: (source: String, text: String)] = [:]
            for citation in citations {
                byPath[parent(citation.path, 3)] = (citation.value, texts[parent(citation.path, 1)] ?? "")
            }
            for name in declared {
                guard let (source, text) = byPath[parent(name.path, 1)] else { continue }
                let key = kind == "attribute" ? "@" + name.value : name.value
                found[key, default: []].append(
                    Fact(source: Self.classified(source, text), location: "\(file)#\(key) (line \(name.line))"))
            }
        }
        let includes = (try? document.select("/*/*[local-name()='include']/@schemaLocation")) ?? []
        sources[url.path] = found
        for include in includes {
            let included = url.deletingLastPathComponent().appendingPathComponent(include.value).standardizedFileURL
            for (name, facts) in declarations(at: included, depth: depth + 1) where found[name] == nil {
                found[name] = facts
            }
        }
        sources[url.path] = found
        return found
    }

    /// The `x-source`-style text of an XSD citation, so ``Fact/Basis`` classifies it.
    static func classified(_ source: String, _ text: String) -> String {
        let source = source.trimmingCharacters(in: .whitespaces)
        if source.lowercased() == "assumed" { return "assumed: \(text)" }
        if source.hasPrefix("github:Silverpop/") { return "sdk-source: \(source): \(text)" }
        if source.hasPrefix("github:") { return "assumed: a third-party client shows it (\(source)): \(text)" }
        return "\(source): \(text)"
    }

    func schema(at url: URL) throws(ContractError) -> XML.Schema {
        if let cached = schemas[url.path] { return cached }
        // Read (bounded) and parsed here first, so a file that is too large, not XML, not UTF-8 or nested too
        // deep is refused with its line and column, before libxml2's schema parser reads it again.
        let data = try SchemaFile.read(url.path)
        do {
            _ = try XML.Document(data: data, sourceName: url.path)
        } catch {
            throw .xsdNotCompiled(file: SchemaFile.displayName(url.path), details: error.description)
        }
        do {
            let schema = try XML.Schema(contentsOf: url)
            schemas[url.path] = schema
            return schema
        } catch {
            if case .schemaNotCompiled(_, let diagnostics) = error {
                throw .xsdNotCompiled(
                    file: SchemaFile.displayName(url.path),
                    details: diagnostics.map(\.description).joined(separator: "; "))
            }
            throw .xsdNotCompiled(file: SchemaFile.displayName(url.path), details: error.description)
        }
    }
}
