import CassetteKit
import Foundation
import HTTPTypes
import Hummingbird
import JSONCore
import NIOCore
import NIOHTTP1

/// A cassette ready to answer: its replay session, and each recorded response converted to what the server writes
/// (all at once for a cassette read in full, at its first hit for an outlined one), so a hit costs a lookup and a
/// copy of a reference.
struct LoadedCassette: Sendable {
    let name: CassetteName
    let file: URL
    let session: ReplaySession
    /// The method and decoded path of the entries, each once, which the library routes by.
    let routes: [RouteKey]
    /// The matching entries of requests seen before.
    let memo = MatchMemo()
    /// The responses converted so far.
    private let prepared: Locked<[PreparedResponse?]>

    /// How replay matches: the default matcher, repeats allowed.
    static let options = ReplayOptions(allowsRepeats: true, mode: .none)

    /// Reads the whole file and converts every response.
    init(name: CassetteName, file: URL) throws(CassetteError) {
        try self.init(name: name, file: file, cassette: Cassette(contentsOf: file))
    }

    /// Reads the whole file and converts every response, and gives where its interactions lie for the derived index
    /// (nil when the outline does not find them as the full read did).
    static func withLayout(
        name: CassetteName, file: URL
    ) throws(CassetteError) -> (cassette: LoadedCassette, layout: CassetteIndexFile.Layout?) {
        let bytes = try Cassette.bytes(of: file)
        let cassette = try Cassette(data: bytes, source: file.path)
        let loaded = try LoadedCassette(name: name, file: file, cassette: cassette)
        let layout = CassetteOutline(bytes: bytes).flatMap { outline in
            CassetteIndexFile.Layout(outline: outline, bytes: bytes, urls: cassette.entries.map(\.request.url))
        }
        return (loaded, layout)
    }

    /// `cassette`, read from `file`, with every response converted.
    private init(name: CassetteName, file: URL, cassette: Cassette) throws(CassetteError) {
        let index = try InteractionIndex(
            cassette: cassette, name: name.description, file: file.path, options: Self.options)
        var responses: [PreparedResponse?] = []
        var routes: Set<RouteKey> = []
        responses.reserveCapacity(index.count)
        for entry in 0..<index.count {
            responses.append(PreparedResponse(try index.response(at: entry)))
            let request = index.request(at: entry)
            routes.insert(RouteKey(method: request.method, path: request.parts.path))
        }
        self.name = name
        self.file = file
        session = ReplaySession(index: index)
        prepared = Locked(responses)
        self.routes = routes.sorted()
    }

    /// Replays from `outline` of the file's text: entries are decoded when a request routed to them first comes,
    /// responses converted at their first hit. Nothing but the log's `_harness` object is decoded now. `routes` are
    /// the entries' routes as the derived index gave them (the library routes by those).
    init(name: CassetteName, file: URL, outline: CassetteOutline, routes: [RouteKey]) throws(CassetteError) {
        let index = try InteractionIndex(
            outline: outline, name: name.description, file: file.path, options: Self.options)
        self.name = name
        self.file = file
        session = ReplaySession(index: index)
        prepared = Locked(Array(repeating: nil, count: index.count))
        self.routes = routes
    }

    /// How many interactions the cassette holds.
    var count: Int { session.index.count }

    /// The recorded response of `entry` as the server writes it; nil when it does not convert (an outlined cassette
    /// whose file changed under it: see ``failure``).
    func response(at entry: Int) -> PreparedResponse? {
        if let ready = prepared.withLock({ $0[entry] }) { return ready }
        guard let response = try? session.index.response(at: entry) else { return nil }
        let converted = PreparedResponse(response)
        return prepared.withLock { prepared in
            if let ready = prepared[entry] { return ready }
            prepared[entry] = converted
            return converted
        }
    }

    /// The recorded response of `entry`, or when it does not convert (``response(at:)``) a 500 naming the cassette's
    /// file and the entry: never a trap.
    func answer(at entry: Int) -> PreparedResponse {
        if let response = response(at: entry) { return response }
        let reason = failure.map(String.init(describing:)) ?? "the entry's response does not convert"
        let body: JSONValue = .object(
            JSONObject([
                ("error", "cassette entry unreadable"), ("cassette", .string(name.description)),
                ("file", .string(file.path)), ("entry", .number(JSONNumber(entry))), ("message", .string(reason)),
            ]))
        return PreparedResponse(
            CassetteResponse(
                status: 500, statusText: "Internal Server Error", headers: ["Content-Type": "application/json"],
                body: body.data()))
    }

    /// Why an entry of an outlined cassette did not decode: its text is not what the outline found, and the file
    /// is to be read in full.
    var failure: CassetteError? { session.index.failure }
}

/// A recorded response in the server's own types.
struct PreparedResponse: Sendable, PreparedAnswer {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    /// The body bytes: the recorded response's own storage, shared rather than copied, so a replayed cassette does
    /// not hold each body twice (its index keeps the recorded response too). Copied into the connection's buffer
    /// when written.
    let body: Data
    /// The status and headers (with `Content-Length`, without `Date`) as NIO's HTTP/1.1 encoder takes them, for
    /// answers written on the event loop (``ImmediateReplay``): what Hummingbird's response converts to.
    let wireStatus: HTTPResponseStatus
    let wireHeaders: HTTPHeaders
    /// The status line and headers as NIO's HTTP/1.1 encoder writes ``wireStatus`` and ``wireHeaders`` (dropping
    /// the framing headers where the status allows no body), without `Date` and the empty line: the start of an
    /// answer written straight to the connection (``WireReplay``).
    let wirePrefix: ByteBuffer

    init(_ response: CassetteResponse) {
        status = HTTPResponse.Status(recorded: response.status, reasonPhrase: response.statusText)
        headers = response.headers.endToEndFields
        body = response.body
        wireStatus = HTTPResponseStatus(statusCode: status.code, reasonPhrase: status.reasonPhrase)
        var wire = HTTPHeaders(headers.map { ($0.name.rawName, $0.value) })
        wire.add(name: HTTPField.Name.contentLength.rawName, value: String(body.count))
        wireHeaders = wire
        wire.remove(name: "transfer-encoding")
        if !wireStatus.mayHaveResponseBody { wire.remove(name: "content-length") }
        var prefix = ByteBuffer(string: "HTTP/1.1 \(wireStatus.code) \(wireStatus.reasonPhrase)\r\n")
        for (name, value) in wire {
            prefix.writeString(name)
            prefix.writeStaticString(": ")
            prefix.writeString(value)
            prefix.writeStaticString("\r\n")
        }
        wirePrefix = prefix
    }

    var response: Response { Response(status: status, headers: headers, body: ResponseBody(byteBuffer: bodyBuffer)) }

    /// The body in a buffer of its own, for the paths that hand NIO a buffer.
    var bodyBuffer: ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: body.count)
        _ = body.withUnsafeBytes { buffer.writeBytes($0) }
        return buffer
    }

    /// The response as cassettes hold it, for the live contract check.
    var cassetteResponse: CassetteResponse {
        CassetteResponse(
            status: status.code, statusText: status.reasonPhrase, headers: HeaderFields(headers), body: body)
    }
}

/// The method and percent-decoded path a request or recorded interaction is routed by; the interaction index
/// buckets the same way, so a request is only offered to cassettes that can hold its match.
struct RouteKey: Sendable, Hashable, Comparable {
    let method: String
    let path: String

    static func < (left: RouteKey, right: RouteKey) -> Bool { (left.method, left.path) < (right.method, right.path) }

    init(method: String, path: some StringProtocol) {
        self.method = method.uppercased()
        self.path = FormCoding.decodePath(path)
    }

    /// A key read back from the derived index, its method and path stored as they were made above.
    init(decodedMethod method: String, path: String) {
        self.method = method
        self.path = path
    }
}

extension PreparedResponse {
    var bodySize: Int { body.count }

    /// A simulator's answer as its host's read cache kept it: the server's own form, or a response to convert.
    static func kept(_ answer: any PreparedAnswer) -> PreparedResponse? {
        if let prepared = answer as? PreparedResponse { return prepared }
        return (answer as? CassetteResponse).map(PreparedResponse.init)
    }
}
