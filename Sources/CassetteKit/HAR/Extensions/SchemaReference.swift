import JSONCore

/// The contract documents an interaction (or a whole cassette) is held to, relative to `Schemas/`:
/// an OpenAPI document with JSON Pointers into it, or XSD files.
public struct SchemaReference: Sendable, Hashable {
    /// `referralhero/referralhero.openapi.yaml`, for example.
    public var document: String?
    /// The request's schema: an XSD path, or a pointer into `document` (`#/paths/~1subscribers/post`).
    public var request: String?
    /// The response's schema, in the same form.
    public var response: String?

    /// A reference from its parts, each relative to `Schemas/`.
    public init(document: String? = nil, request: String? = nil, response: String? = nil) {
        self.document = document
        self.request = request
        self.response = response
    }
}

extension SchemaReference: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        document = try reader.optionalString("document")
        request = try reader.optionalString("request")
        response = try reader.optionalString("response")
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: JSONObject())
        writer.set("document", document)
        writer.set("request", request)
        writer.set("response", response)
        return writer.json
    }
}
