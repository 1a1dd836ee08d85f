public import JSONCore

extension HAR {
    /// The tool that wrote the file (`creator`) or the browser it observed (`browser`).
    public struct Creator: Sendable, Hashable {
        public var name: String
        public var version: String
        public var comment: String?
        public var extensions: JSONObject

        public init(name: String, version: String, comment: String? = nil, extensions: JSONObject = JSONObject()) {
            self.name = name
            self.version = version
            self.comment = comment
            self.extensions = extensions
        }

        /// ContractHarness as the creator of cassettes it records.
        public static let harness = Creator(name: "ContractHarness", version: "1")
    }
}

extension HAR.Creator: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        name = try reader.string("name", default: "")
        version = try reader.string("version", default: "")
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("name", name)
        writer.set("version", version)
        writer.set("comment", comment)
        return writer.json
    }
}
