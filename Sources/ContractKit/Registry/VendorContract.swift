internal import JSONCore
public import LibXML

/// One vendor's HTTP surface as its OpenAPI document declares it.
public struct VendorContract: Sendable {
    /// The vendor's name, which is also its folder under `Schemas/` (`engage`).
    public let vendor: String
    /// The OpenAPI document, as reports name it (`Schemas/engage/engage.openapi.yaml`).
    public let file: String
    /// The path prefixes the API is served under: the `servers` URL paths (`/engage`, `/rest`), plus `/<vendor>`
    /// (the mock server's mount point) and the root.
    public let basePaths: [String]
    /// Every operation the document declares, in document order.
    public let operations: [Operation]
    /// The `servers` URLs as declared, each variable replaced by its default (`https://api-campaign-us-1.goacoustic.com`).
    public var servers: [String] = []
    /// The documents the contract was read from (by URI), for finding the `x-source` of what an interaction uses.
    var documents = SchemaDocuments()
    /// The OpenAPI document's URI (`file:///…/engage.openapi.yaml`).
    var documentURI = ""

    /// Where a request lands in the contract.
    public enum Match: Sendable {
        /// The operation declared for the method on this path.
        case operation(Operation)
        /// The path is declared, but not for this method.
        case methodNotDeclared(path: String, declared: [String])
        /// No declared path matches.
        case pathNotDeclared
    }

    /// The operation for `method` and a request path (with or without a base path).
    public func match(method: String, path: String) -> Match {
        let method = method.uppercased()
        var declaredMethods: (path: String, methods: [String])?
        for base in basePaths {
            guard let relative = Self.strip(base, from: path) else { continue }
            let segments = relative.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
            let candidates = operations.filter { $0.matches(segments) }
                .sorted { $0.templateScore > $1.templateScore }
            if let found = candidates.first(where: { $0.method == method }) { return .operation(found) }
            if let first = candidates.first, declaredMethods == nil {
                let methods = candidates.filter { $0.pathTemplate == first.pathTemplate }.map(\.method)
                declaredMethods = (first.pathTemplate, methods)
            }
        }
        if let declaredMethods {
            return .methodNotDeclared(path: declaredMethods.path, declared: declaredMethods.methods)
        }
        return .pathNotDeclared
    }

    /// `path` without the prefix `base`, or nil when it does not start with it (on a segment boundary).
    static func strip(_ base: String, from path: String) -> String? {
        if base.isEmpty || base == "/" { return path.hasPrefix("/") ? path : "/" + path }
        guard path.hasPrefix(base) else { return nil }
        let rest = path.dropFirst(base.count)
        if rest.isEmpty { return "/" }
        return rest.hasPrefix("/") ? String(rest) : nil
    }
}

/// One operation: a method on a path template, with what its requests and responses must look like.
public struct Operation: Sendable {
    /// The method in upper case (`POST`).
    public let method: String
    /// The path template as declared (`/rest/events/submission`, `/users/{id}`).
    public let pathTemplate: String
    /// The `operationId`, when the document gives one.
    public let operationID: String?
    /// Request headers declared `required: true` (`in: header`).
    public let requiredHeaders: [String]
    /// The request body declaration, or nil when the operation declares none.
    public let requestBody: BodyContract?
    /// Responses by status key as declared: `200`, `4XX`, `default`.
    public let responses: [String: ResponseContract]
    /// Where the operation is declared: `Schemas/…yaml#/paths/~1XMLAPI/post`.
    public let location: String
    /// The same place as a document URI and pointer tokens, for reading its `x-source`s.
    let declaration: (uri: String, pointer: [String])

    let segments: [String]

    init(
        method: String, pathTemplate: String, operationID: String?, requiredHeaders: [String],
        requestBody: BodyContract?, responses: [String: ResponseContract], declaration: (uri: String, pointer: [String])
    ) {
        self.method = method
        self.pathTemplate = pathTemplate
        self.operationID = operationID
        self.requiredHeaders = requiredHeaders
        self.requestBody = requestBody
        self.responses = responses
        self.declaration = declaration
        location = SchemaFile.displayName(declaration.uri) + "#" + JSONPointer(tokens: declaration.pointer).description
        segments = pathTemplate.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    /// A readable name: `POST /XMLAPI`.
    public var name: String { "\(method) \(pathTemplate)" }

    func matches(_ path: [String]) -> Bool {
        guard path.count == segments.count else { return false }
        for (template, actual) in zip(segments, path) {
            if template.hasPrefix("{") && template.hasSuffix("}") {
                if actual.isEmpty { return false }
            } else if template != actual {
                return false
            }
        }
        return true
    }

    /// Literal segments count more than templated ones, so `/users/me` wins over `/users/{id}`.
    var templateScore: Int { segments.filter { !$0.hasPrefix("{") }.count }

    /// The response declared for `status`: exact, then its class (`4XX`), then `default`.
    public func response(for status: Int) -> (key: String, contract: ResponseContract)? {
        for key in [String(status), "\(status / 100)XX", "\(status / 100)xx", "default"] {
            if let contract = responses[key] { return (key, contract) }
        }
        return nil
    }
}

/// A request body declaration.
public struct BodyContract: Sendable {
    /// Whether a request must have a body.
    public let required: Bool
    /// The media types a body may have, each with its schema.
    public let content: [MediaTypeContract]
}

/// A response declaration.
public struct ResponseContract: Sendable {
    /// Response headers declared `required: true`.
    public let requiredHeaders: [String]
    /// The media types the response body may have, each with its schema; empty for no body.
    public let content: [MediaTypeContract]
}

/// What a body of one media type must look like.
public struct MediaTypeContract: Sendable {
    /// As declared: `application/json`, `text/*`, `*/*`.
    public let mediaType: String
    /// The JSON Schema of the body (JSON) or of the fields (form-encoded), compiled.
    public let schema: JSONSchema?
    /// Where the schema is declared, for reports.
    public let schemaLocation: String?
    /// The XSDs of an XML body.
    public let xml: XMLContract?
    /// XSDs of form fields that carry XML (`encoding.<field>.x-xsd`), by field name.
    public let xmlFields: [String: XMLContract]

    /// Whether this declaration covers `mediaType` (an exact match, `type/*` or `*/*`).
    func covers(_ actual: String) -> Bool {
        let declared = mediaType.lowercased()
        if declared == actual || declared == "*/*" { return true }
        if declared.hasSuffix("/*") { return actual.hasPrefix(declared.dropLast()) }
        return false
    }
}

extension [MediaTypeContract] {
    /// The most specific declaration covering `mediaType`.
    func best(for mediaType: String) -> MediaTypeContract? {
        first { $0.mediaType.lowercased() == mediaType } ?? first { $0.covers(mediaType) && $0.mediaType != "*/*" }
            ?? first { $0.covers(mediaType) }
    }
}

/// The XSDs an XML body is validated with: one for every document, or one per root or operation element.
public struct XMLContract: Sendable {
    /// A schema for every document, when `x-xsd` is a single path.
    public let single: (file: String, schema: XML.Schema)?
    /// Schemas by element name, when `x-xsd` is a mapping.
    public let byElement: [String: (file: String, schema: XML.Schema)]
    /// The facts each schema's declarations cite, by file and declared name (see `XSDCache.declarations(at:)`).
    let declarations: [String: [String: [Fact]]]

    /// The schema for a document: by its root element; for a response, else by the operation element of the request
    /// it answers (Engage's `RESULT` does not name the operation); else by the document's own operation element (the
    /// first element child of `Envelope/Body`), so an answer to a request whose operation has no result XSD (an
    /// unreadable or undeclared one) is checked against the one for `RESULT`, Engage's fault.
    func schema(
        root: String?, operation: String?, requestOperation: String? = nil
    ) -> (file: String, schema: XML.Schema)? {
        if let single { return single }
        if let root, let found = byElement[root] { return found }
        if let requestOperation, let found = byElement[requestOperation] { return found }
        if let operation, let found = byElement[operation] { return found }
        return nil
    }

    /// The element names that have a schema, for messages.
    var elements: [String] { byElement.keys.sorted() }
}
