public import JSONCore

extension HAR {
    /// A header or a query-string parameter: a name and a value.
    public struct NameValue: Sendable, Hashable {
        /// The header or parameter name, as sent (case kept).
        public var name: String
        /// The value, as sent (a placeholder once redacted).
        public var value: String
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// A pair from its name and value.
        public init(_ name: String, _ value: String, comment: String? = nil, extensions: JSONObject = JSONObject()) {
            self.name = name
            self.value = value
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.NameValue: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        name = try reader.string("name")
        value = try reader.string("value", default: "")
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("name", name)
        writer.set("value", value)
        writer.set("comment", comment)
        return writer.json
    }
}
