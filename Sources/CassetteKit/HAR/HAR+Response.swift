public import JSONCore

extension HAR {
    /// A recorded response.
    public struct Response: Sendable, Hashable {
        /// The status code (`200`); 0 when the exporting tool saw no response.
        public var status: Int
        /// The reason phrase (`OK`), possibly empty (HTTP/2 has none).
        public var statusText: String
        /// The HTTP version (`HTTP/1.1`).
        public var httpVersion: String
        /// The cookies set, parsed from `Set-Cookie` headers.
        public var cookies: [Cookie]
        /// The header fields in the order received.
        public var headers: [NameValue]
        /// The body.
        public var content: Content
        /// The `Location` header's target, or empty.
        public var redirectURL: String
        /// -1 when unknown.
        public var headersSize: Int
        /// -1 when unknown.
        public var bodySize: Int
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// A response from its fields; sizes default to -1 (unknown).
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
