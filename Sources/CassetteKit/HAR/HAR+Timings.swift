public import JSONCore

extension HAR {
    /// Where an entry's time went, in milliseconds (-1 or absent: not applicable).
    public struct Timings: Sendable, Hashable {
        /// Time queued before a connection was available, or nil.
        public var blocked: Double?
        /// Time resolving the host name, or nil.
        public var dns: Double?
        /// Time opening the TCP connection (TLS included), or nil.
        public var connect: Double?
        /// Time sending the request.
        public var send: Double
        /// Time waiting for the first response byte.
        public var wait: Double
        /// Time reading the response.
        public var receive: Double
        /// Time of the TLS handshake (also counted in `connect`), or nil.
        public var ssl: Double?
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// Timings from their parts, in milliseconds; the defaults are zero or unknown.
        public init(
            blocked: Double? = nil, dns: Double? = nil, connect: Double? = nil, send: Double = 0, wait: Double = 0,
            receive: Double = 0, ssl: Double? = nil, comment: String? = nil, extensions: JSONObject = JSONObject()
        ) {
            self.blocked = blocked
            self.dns = dns
            self.connect = connect
            self.send = send
            self.wait = wait
            self.receive = receive
            self.ssl = ssl
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.Timings: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        blocked = try reader.optionalDouble("blocked")
        dns = try reader.optionalDouble("dns")
        connect = try reader.optionalDouble("connect")
        send = try reader.double("send", default: 0)
        wait = try reader.double("wait", default: 0)
        receive = try reader.double("receive", default: 0)
        ssl = try reader.optionalDouble("ssl")
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("blocked", blocked)
        writer.set("dns", dns)
        writer.set("connect", connect)
        writer.set("send", send)
        writer.set("wait", wait)
        writer.set("receive", receive)
        writer.set("ssl", ssl)
        writer.set("comment", comment)
        return writer.json
    }
}
