public import JSONCore

extension HAR {
    /// A cookie sent (from `Cookie`) or set (from `Set-Cookie`).
    public struct Cookie: Sendable, Hashable {
        /// The cookie's name.
        public var name: String
        /// The cookie's value (a placeholder once redacted).
        public var value: String
        /// The path it applies to, when set.
        public var path: String?
        /// The domain it applies to, when set.
        public var domain: String?
        /// When it expires (ISO 8601), when set.
        public var expires: String?
        /// Whether it is HTTP-only, when known.
        public var httpOnly: Bool?
        /// Whether it is sent over HTTPS only, when known.
        public var secure: Bool?
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// A cookie from its fields.
        public init(
            name: String, value: String, path: String? = nil, domain: String? = nil, expires: String? = nil,
            httpOnly: Bool? = nil, secure: Bool? = nil, comment: String? = nil, extensions: JSONObject = JSONObject()
        ) {
            self.name = name
            self.value = value
            self.path = path
            self.domain = domain
            self.expires = expires
            self.httpOnly = httpOnly
            self.secure = secure
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.Cookie: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        name = try reader.string("name", default: "")
        value = try reader.string("value", default: "")
        path = try reader.optionalString("path")
        domain = try reader.optionalString("domain")
        expires = try reader.optionalString("expires")
        httpOnly = reader.object["httpOnly"]?.boolValue
        secure = reader.object["secure"]?.boolValue
        if httpOnly != nil { _ = reader.raw("httpOnly") }
        if secure != nil { _ = reader.raw("secure") }
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("name", name)
        writer.set("value", value)
        writer.set("path", path)
        writer.set("domain", domain)
        writer.set("expires", expires)
        writer.set("httpOnly", httpOnly.map(JSONValue.bool))
        writer.set("secure", secure.map(JSONValue.bool))
        writer.set("comment", comment)
        return writer.json
    }
}
