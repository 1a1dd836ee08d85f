public import JSONCore

extension HAR {
    /// Where an entry's time went, in milliseconds (-1 or absent: not applicable).
    public struct Timings: Sendable, Hashable {
        public var blocked: Double?
        public var dns: Double?
        public var connect: Double?
        public var send: Double
        public var wait: Double
        public var receive: Double
        public var ssl: Double?
        public var comment: String?
        public var extensions: JSONObject

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
