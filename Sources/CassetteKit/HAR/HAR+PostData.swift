public import JSONCore

extension HAR {
    /// A request body. Text bodies are stored exactly as sent; binary or content-encoded bodies are stored
    /// base64 with `encoding: "base64"` (the same member HAR defines for response content).
    public struct PostData: Sendable, Hashable {
        /// The body's media type with its parameters, `application/x-www-form-urlencoded` (empty when unknown).
        public var mimeType: String
        /// The decoded form fields, as browsers export them for form posts.
        public var params: [Param]?
        /// The body as text, or base64 of the bytes when `encoding` is `base64`; nil when only `params` hold it.
        public var text: String?
        /// `base64` when `text` holds base64 of the bytes sent.
        public var encoding: String?
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// A request body from its fields.
        public init(
            mimeType: String, params: [Param]? = nil, text: String? = nil, encoding: String? = nil,
            comment: String? = nil, extensions: JSONObject = JSONObject()
        ) {
            self.mimeType = mimeType
            self.params = params
            self.text = text
            self.encoding = encoding
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.PostData: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        mimeType = try reader.string("mimeType", default: "")
        params = try reader.optionalArray("params") { reader throws(CassetteError) in try HAR.Param(reading: &reader) }
        text = try reader.optionalString("text")
        encoding = try reader.optionalString("encoding")
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("mimeType", mimeType)
        writer.set("params", params)
        writer.set("text", text)
        writer.set("encoding", encoding)
        writer.set("comment", comment)
        return writer.json
    }
}
