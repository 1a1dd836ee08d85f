public import JSONCore

extension HAR {
    /// One cache entry's state.
    public struct CacheState: Sendable, Hashable {
        /// When the entry expires (ISO 8601), if known.
        public var expires: String?
        /// When the entry was last opened (ISO 8601).
        public var lastAccess: String
        /// The entity tag.
        public var eTag: String
        /// How many times the entry was opened.
        public var hitCount: Int
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// A cache entry's state from its fields.
        public init(
            expires: String? = nil, lastAccess: String, eTag: String, hitCount: Int, comment: String? = nil,
            extensions: JSONObject = JSONObject()
        ) {
            self.expires = expires
            self.lastAccess = lastAccess
            self.eTag = eTag
            self.hitCount = hitCount
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.CacheState: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        expires = try reader.optionalString("expires")
        lastAccess = try reader.string("lastAccess", default: "")
        eTag = try reader.string("eTag", default: "")
        hitCount = try reader.int("hitCount", default: 0)
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("expires", expires)
        writer.set("lastAccess", lastAccess)
        writer.set("eTag", eTag)
        writer.set("hitCount", hitCount)
        writer.set("comment", comment)
        return writer.json
    }
}
