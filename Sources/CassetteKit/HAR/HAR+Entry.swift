public import JSONCore

extension HAR {
    /// One request and its response: an interaction of a cassette.
    public struct Entry: Sendable, Hashable {
        /// The `id` of the page the entry belongs to, or nil (cassettes have no pages).
        public var pageref: String?
        /// ISO 8601 date and time the request started, kept as written.
        public var startedDateTime: String
        /// Total time in milliseconds.
        public var time: Double
        /// The request as sent.
        public var request: Request
        /// The response as received.
        public var response: Response
        /// The browser cache's state (empty in cassettes).
        public var cache: Cache
        /// Where the entry's time went, in milliseconds.
        public var timings: Timings
        /// The server's IP address, when the exporting tool knew it.
        public var serverIPAddress: String?
        /// An identifier of the TCP/IP connection, when the exporting tool knew it.
        public var connection: String?
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// The `_harness` extension: order, volatile fields, schema references, outcome, redactions applied.
        public var harness: HarnessExtension?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// An interaction from its request and response; the rest defaults to what a recording leaves empty.
        public init(
            pageref: String? = nil,
            startedDateTime: String,
            time: Double = 0,
            request: Request,
            response: Response,
            cache: Cache = Cache(),
            timings: Timings = Timings(),
            serverIPAddress: String? = nil,
            connection: String? = nil,
            comment: String? = nil,
            harness: HarnessExtension? = nil,
            extensions: JSONObject = JSONObject()
        ) {
            self.pageref = pageref
            self.startedDateTime = startedDateTime
            self.time = time
            self.request = request
            self.response = response
            self.cache = cache
            self.timings = timings
            self.serverIPAddress = serverIPAddress
            self.connection = connection
            self.comment = comment
            self.harness = harness
            self.extensions = extensions
        }
    }
}

extension HAR.Entry: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        pageref = try reader.optionalString("pageref")
        startedDateTime = try reader.string("startedDateTime", default: "")
        time = try reader.double("time", default: 0)
        request = try reader.object("request") { reader throws(CassetteError) in try HAR.Request(reading: &reader) }
        response = try reader.object("response") { reader throws(CassetteError) in
            try HAR.Response(reading: &reader)
        }
        cache =
            try reader.optionalObject("cache") { reader throws(CassetteError) in try HAR.Cache(reading: &reader) }
            ?? HAR.Cache()
        timings =
            try reader.optionalObject("timings") { reader throws(CassetteError) in try HAR.Timings(reading: &reader) }
            ?? HAR.Timings()
        serverIPAddress = try reader.optionalString("serverIPAddress")
        connection = try reader.optionalString("connection")
        comment = try reader.optionalString("comment")
        harness = try reader.optionalObject(HarnessExtension.key) { reader throws(CassetteError) in
            try HarnessExtension(reading: &reader)
        }
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("pageref", pageref)
        writer.set("startedDateTime", startedDateTime)
        writer.set("time", time)
        writer.set("request", request)
        writer.set("response", response)
        writer.set("cache", cache)
        writer.set("timings", timings)
        writer.set("serverIPAddress", serverIPAddress)
        writer.set("connection", connection)
        writer.set("comment", comment)
        writer.set(HarnessExtension.key, harness)
        return writer.json
    }
}
