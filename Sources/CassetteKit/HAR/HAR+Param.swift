public import JSONCore

extension HAR {
    /// A posted form field (or an uploaded file of a multipart post).
    public struct Param: Sendable, Hashable {
        /// The field's name.
        public var name: String
        /// The field's value, or nil for an uploaded file.
        public var value: String?
        /// The uploaded file's name, for a file field.
        public var fileName: String?
        /// The uploaded file's media type, for a file field.
        public var contentType: String?
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// A posted field from its parts.
        public init(
            name: String, value: String? = nil, fileName: String? = nil, contentType: String? = nil,
            comment: String? = nil, extensions: JSONObject = JSONObject()
        ) {
            self.name = name
            self.value = value
            self.fileName = fileName
            self.contentType = contentType
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.Param: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        name = try reader.string("name", default: "")
        value = try reader.optionalString("value")
        fileName = try reader.optionalString("fileName")
        contentType = try reader.optionalString("contentType")
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("name", name)
        writer.set("value", value)
        writer.set("fileName", fileName)
        writer.set("contentType", contentType)
        writer.set("comment", comment)
        return writer.json
    }
}
