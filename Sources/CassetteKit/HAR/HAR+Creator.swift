public import JSONCore

extension HAR {
    /// The tool that wrote the file (`creator`) or the browser it observed (`browser`).
    public struct Creator: Sendable, Hashable {
        /// The tool's name (`ContractHarness`, `Firefox`, `Charles Proxy`).
        public var name: String
        /// The tool's version, as it wrote it.
        public var version: String
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// A tool from its name and version.
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
