public import JSONCore

extension HAR {
    /// A recorded request. `url` is absolute; `queryString` and `cookies` repeat what the URL and the
    /// `Cookie` header hold, as HAR requires.
    public struct Request: Sendable, Hashable {
        /// The method in upper case (`POST`).
        public var method: String
        /// The absolute URL, with the query.
        public var url: String
        /// The HTTP version (`HTTP/1.1`).
        public var httpVersion: String
        /// The cookies sent, parsed from the `Cookie` header.
        public var cookies: [Cookie]
        /// The header fields in the order sent.
        public var headers: [NameValue]
        /// The query parameters, parsed from `url`.
        public var queryString: [NameValue]
        /// The body, or nil when there was none.
        public var postData: PostData?
        /// -1 when unknown.
        public var headersSize: Int
        /// -1 when unknown.
        public var bodySize: Int
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// A request from its fields; sizes default to -1 (unknown) and the version to `HTTP/1.1`.
        public init(
            method: String,
            url: String,
            httpVersion: String = "HTTP/1.1",
            cookies: [Cookie] = [],
            headers: [NameValue] = [],
            queryString: [NameValue] = [],
            postData: PostData? = nil,
            headersSize: Int = -1,
            bodySize: Int = -1,
            comment: String? = nil,
            extensions: JSONObject = JSONObject()
        ) {
            self.method = method
            self.url = url
            self.httpVersion = httpVersion
            self.cookies = cookies
            self.headers = headers
            self.queryString = queryString
            self.postData = postData
            self.headersSize = headersSize
            self.bodySize = bodySize
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.Request: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        method = try reader.string("method")
        url = try reader.string("url")
        httpVersion = try reader.string("httpVersion", default: "")
        cookies = try reader.array("cookies") { reader throws(CassetteError) in try HAR.Cookie(reading: &reader) }
        headers = try reader.array("headers") { reader throws(CassetteError) in try HAR.NameValue(reading: &reader) }
        queryString = try reader.array("queryString") { reader throws(CassetteError) in
            try HAR.NameValue(reading: &reader)
        }
        postData = try reader.optionalObject("postData") { reader throws(CassetteError) in
            try HAR.PostData(reading: &reader)
        }
        headersSize = try reader.int("headersSize", default: -1)
        bodySize = try reader.int("bodySize", default: -1)
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("method", method)
        writer.set("url", url)
        writer.set("httpVersion", httpVersion)
        writer.set("cookies", cookies)
        writer.set("headers", headers)
        writer.set("queryString", queryString)
        writer.set("postData", postData)
        writer.set("headersSize", headersSize)
        writer.set("bodySize", bodySize)
        writer.set("comment", comment)
        return writer.json
    }
}
