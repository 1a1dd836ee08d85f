public import JSONCore

extension HAR {
    /// A response body. Text is stored exactly as received; binary or content-encoded (gzip, deflate) bodies
    /// are stored base64 with `encoding: "base64"`, so replay returns the recorded bytes.
    public struct Content: Sendable, Hashable {
        /// Length of the decoded body in bytes.
        public var size: Int
        /// Bytes saved by content encoding (`size` minus the bytes on the wire), when known.
        public var compression: Int?
        /// The body's media type with its parameters, `application/json; charset=utf-8` (empty when unknown).
        public var mimeType: String
        /// The body as text, or base64 of the bytes when `encoding` is `base64`; nil when the body was not kept.
        public var text: String?
        /// `base64` when `text` holds base64 of the bytes received.
        public var encoding: String?
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// A response body from its fields; `size` counts the decoded bytes.
        public init(
            size: Int = 0, compression: Int? = nil, mimeType: String = "", text: String? = nil,
            encoding: String? = nil, comment: String? = nil, extensions: JSONObject = JSONObject()
        ) {
            self.size = size
            self.compression = compression
            self.mimeType = mimeType
            self.text = text
            self.encoding = encoding
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.Content: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        size = try reader.int("size", default: 0)
        compression = try reader.optionalInt("compression")
        mimeType = try reader.string("mimeType", default: "")
        text = try reader.optionalString("text")
        encoding = try reader.optionalString("encoding")
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("size", size)
        writer.set("compression", compression)
        writer.set("mimeType", mimeType)
        writer.set("text", text)
        writer.set("encoding", encoding)
        writer.set("comment", comment)
        return writer.json
    }
}
