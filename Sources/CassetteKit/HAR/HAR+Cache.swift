public import JSONCore

extension HAR {
    /// What the browser cache held before and after the request (cassettes leave it empty).
    public struct Cache: Sendable, Hashable {
        /// The cache entry before the request, or nil when there was none.
        public var beforeRequest: CacheState?
        /// The cache entry after the request, or nil when there was none.
        public var afterRequest: CacheState?
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// A cache record; the defaults leave it empty, as cassettes do.
        public init(
            beforeRequest: CacheState? = nil, afterRequest: CacheState? = nil, comment: String? = nil,
            extensions: JSONObject = JSONObject()
        ) {
            self.beforeRequest = beforeRequest
            self.afterRequest = afterRequest
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.Cache: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        beforeRequest = try reader.optionalObject("beforeRequest") { reader throws(CassetteError) in
            try HAR.CacheState(reading: &reader)
        }
        afterRequest = try reader.optionalObject("afterRequest") { reader throws(CassetteError) in
            try HAR.CacheState(reading: &reader)
        }
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("beforeRequest", beforeRequest)
        writer.set("afterRequest", afterRequest)
        writer.set("comment", comment)
        return writer.json
    }
}
