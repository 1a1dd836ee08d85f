public import JSONCore

extension HAR {
    /// A request body. Text bodies are stored exactly as sent; binary or content-encoded bodies are stored
    /// base64 with `encoding: "base64"` (the same member HAR defines for response content).
    public struct PostData: Sendable, Hashable {
        public var mimeType: String
        /// The decoded form fields, as browsers export them for form posts.
        public var params: [Param]?
        public var text: String?
        /// `base64` when `text` holds base64 of the bytes sent.
        public var encoding: String?
        public var comment: String?
        public var extensions: JSONObject

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
