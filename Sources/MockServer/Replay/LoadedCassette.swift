import CassetteKit
import Foundation
import HTTPTypes
import Hummingbird
import JSONCore
import NIOCore
import NIOHTTP1

/// A cassette ready to answer: its replay session, and every recorded response already converted to what the
/// server writes, so a hit costs a lookup and a copy of a reference.
struct LoadedCassette: Sendable {
    let name: CassetteName
    let file: URL
    let session: ReplaySession
    let responses: [PreparedResponse]
    /// The method and decoded path of each entry, which the library routes by.
    let routes: Set<RouteKey>
    /// The matching entries of requests seen before.
    let memo = MatchMemo()

    init(name: CassetteName, file: URL) throws(CassetteError) {
        let cassette = try Cassette(contentsOf: file)
        let options = ReplayOptions(allowsRepeats: true, mode: .none)
        let index = try InteractionIndex(cassette: cassette, name: name.description, file: file.path, options: options)
        var responses: [PreparedResponse] = []
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
        self.responses = responses
        self.routes = routes
    }
}

/// A recorded response in the server's own types.
struct PreparedResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer
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
        body = ByteBuffer(bytes: response.body)
        wireStatus = HTTPResponseStatus(statusCode: status.code, reasonPhrase: status.reasonPhrase)
        var wire = HTTPHeaders(headers.map { ($0.name.rawName, $0.value) })
        wire.add(name: HTTPField.Name.contentLength.rawName, value: String(body.readableBytes))
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

    var response: Response { Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body)) }

    /// The response as cassettes hold it, for the live contract check.
    var cassetteResponse: CassetteResponse {
        CassetteResponse(
            status: status.code, statusText: status.reasonPhrase, headers: HeaderFields(headers),
            body: Data(body.readableBytesView))
    }
}

/// The method and percent-decoded path a request or recorded interaction is routed by; the interaction index
/// buckets the same way, so a request is only offered to cassettes that can hold its match.
struct RouteKey: Sendable, Hashable {
    let method: String
    let path: String

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
