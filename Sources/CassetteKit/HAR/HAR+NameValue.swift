public import JSONCore

extension HAR {
    /// A header or a query-string parameter: a name and a value.
    public struct NameValue: Sendable, Hashable {
        public var name: String
        public var value: String
        public var comment: String?
        public var extensions: JSONObject

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
