public import JSONCore

extension HAR {
    /// A recorded response.
    public struct Response: Sendable, Hashable {
        public var status: Int
        public var statusText: String
        public var httpVersion: String
        public var cookies: [Cookie]
        public var headers: [NameValue]
        public var content: Content
        public var redirectURL: String
        /// -1 when unknown.
        public var headersSize: Int
        /// -1 when unknown.
        public var bodySize: Int
        public var comment: String?
        public var extensions: JSONObject

        public init(
            status: Int,
            statusText: String = "",
            httpVersion: String = "HTTP/1.1",
            cookies: [Cookie] = [],
            headers: [NameValue] = [],
            content: Content = Content(),
            redirectURL: String = "",
            headersSize: Int = -1,
            bodySize: Int = -1,
            comment: String? = nil,
            extensions: JSONObject = JSONObject()
        ) {
            self.status = status
            self.statusText = statusText
            self.httpVersion = httpVersion
            self.cookies = cookies
            self.headers = headers
            self.content = content
            self.redirectURL = redirectURL
            self.headersSize = headersSize
            self.bodySize = bodySize
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.Response: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        status = try reader.int("status")
        statusText = try reader.string("statusText", default: "")
        httpVersion = try reader.string("httpVersion", default: "")
        cookies = try reader.array("cookies") { reader throws(CassetteError) in try HAR.Cookie(reading: &reader) }
        headers = try reader.array("headers") { reader throws(CassetteError) in try HAR.NameValue(reading: &reader) }
        content =
            try reader.optionalObject("content") { reader throws(CassetteError) in try HAR.Content(reading: &reader) }
            ?? HAR.Content()
        redirectURL = try reader.string("redirectURL", default: "")
        headersSize = try reader.int("headersSize", default: -1)
        bodySize = try reader.int("bodySize", default: -1)
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("status", status)
        writer.set("statusText", statusText)
        writer.set("httpVersion", httpVersion)
        writer.set("cookies", cookies)
        writer.set("headers", headers)
        writer.set("content", content)
        writer.set("redirectURL", redirectURL)
        writer.set("headersSize", headersSize)
        writer.set("bodySize", bodySize)
        writer.set("comment", comment)
        return writer.json
    }
}
