public import JSONCore

extension HAR {
    /// What the browser cache held before and after the request (cassettes leave it empty).
    public struct Cache: Sendable, Hashable {
        public var beforeRequest: CacheState?
        public var afterRequest: CacheState?
        public var comment: String?
        public var extensions: JSONObject

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
