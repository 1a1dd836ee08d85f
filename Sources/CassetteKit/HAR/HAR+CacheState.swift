public import JSONCore

extension HAR {
    /// One cache entry's state.
    public struct CacheState: Sendable, Hashable {
        public var expires: String?
        public var lastAccess: String
        public var eTag: String
        public var hitCount: Int
        public var comment: String?
        public var extensions: JSONObject

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
