import JSONCore
import NIOCore
import NIOHTTP1

/// What the event loop found for a request it answered from the cassettes, kept per exact request as NIO decoded it
/// (method, target, every header in order, body): the vendor, and the candidate cassettes in lookup order with their
/// matching entries. A repeated request then skips building the cassette request, routing and matching, and only
/// takes its entry from the replay session, which keeps the replay order. Kept while the set of cassettes is the one
/// it was found in (``CassetteLibrary/generation``), and only for requests that match a recorded entry and take at
/// most ``largestRequest`` bytes; holds at most ``capacity`` requests and ``budget`` bytes of them and their
/// answers, and starts over when full. The capacity is for large cassettes: a load generator walking 10,000 recorded URLs, its threads sending
/// their headers in different orders (wrk's do), finds each of its requests kept the second time round instead of
/// emptying the memo every 1,024 (which made replay three times slower).
///
/// Requests read from the wire (``WireReplay``) are kept under their exact bytes too, in a second map of the same
/// bounds, so a repeated one is found without being decoded.
final class ImmediateMemo: Sendable {
    static let capacity = 65_536
    /// The bytes kept in each map: each request's own, the body of the answer its journal record copies
    /// (``Route/answerBytes``), and ``overhead``. A client whose every request differs (an id in a header) and whose
    /// answers are large fills it in fewer requests, never more memory.
    static let budget = 64 << 20
    /// What a kept request costs besides its bytes: its route, and the map's own keeping.
    static let overhead = 512
    /// The largest request kept: target, header names and values, and body.
    static let largestRequest = 16 * 1024

    /// A request as NIO decoded it, compared exactly: names and values byte for byte, in order.
    struct Key: Hashable {
        var method: HTTPMethod
        var uri: String
        var headers: HTTPHeaders
        var body: ByteBuffer

        static func == (left: Key, right: Key) -> Bool {
            guard left.method == right.method, left.uri == right.uri, left.body == right.body,
                left.headers.count == right.headers.count
            else { return false }
            return zip(left.headers, right.headers).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(method.rawValue)
            hasher.combine(uri)
            hasher.combine(headers.count)
            for (name, value) in headers {
                hasher.combine(name)
                hasher.combine(value)
            }
            hasher.combine(body)
        }

        /// The bytes of the target, header names and values, and body.
        var size: Int {
            headers.reduce(uri.utf8.count + body.readableBytes) { $0 + $1.name.utf8.count + $1.value.utf8.count }
        }
    }

    /// Where a request goes and what the journal says of it.
    struct Route: Sendable {
        var generation: UInt64
        var vendor: String
        var method: String
        var path: String
        var query: String?
        var candidates: [CandidateMatches]
        /// The request, and the journal records and verdicts of the entries it was answered with.
        var live: LiveMemo
        /// The bytes of the recorded answer body it is first answered with, which its journal record holds a
        /// redacted copy of: counted against the ``budget`` with the request.
        var answerBytes: Int

        init(
            generation: UInt64, vendor: String, method: String, path: String, query: String?,
            candidates: [CandidateMatches], live: LiveMemo
        ) {
            self.generation = generation
            self.vendor = vendor
            self.method = method
            self.path = path
            self.query = query
            self.candidates = candidates
            self.live = live
            let first = candidates.first { !$0.matching.isEmpty }
            answerBytes = first.flatMap { $0.cassette.response(at: $0.matching[0])?.bodySize } ?? 0
        }
    }

    private let routes = BoundedMemo<Key, Route>(capacity: capacity, budget: budget)
    private let routesByBytes = BoundedMemo<ByteBuffer, Route>(capacity: capacity, budget: budget)

    /// The route kept for `key`, if it was found among the cassettes of `generation`.
    func route(for key: Key, generation: UInt64) -> Route? {
        routes[key].flatMap { $0.generation == generation ? $0 : nil }
    }

    /// Keeps `route` for `key`, when it matches a recorded entry and the request is small enough.
    func keep(_ route: Route, for key: Key) {
        let size = key.size
        guard size <= Self.largestRequest, route.candidates.contains(where: { !$0.matching.isEmpty }) else {
            return
        }
        routes.keep(route, for: key, cost: size + Self.overhead + route.answerBytes)
    }

    /// The route kept for a request's exact bytes, if it was found among the cassettes of `generation`.
    func route(forBytes bytes: ByteBuffer, generation: UInt64) -> Route? {
        routesByBytes[bytes].flatMap { $0.generation == generation ? $0 : nil }
    }

    /// Keeps `route` for a request's exact bytes (copied, so the connection's buffer is not held), under the
    /// same conditions as ``keep(_:for:)``.
    func keep(_ route: Route, forBytes bytes: ByteBuffer) {
        guard bytes.readableBytes <= Self.largestRequest, route.candidates.contains(where: { !$0.matching.isEmpty })
        else { return }
        routesByBytes.keep(
            route, for: ByteBuffer(bytes: bytes.readableBytesView),
            cost: bytes.readableBytes + Self.overhead + route.answerBytes)
    }

    /// How many requests are kept (as decoded; those kept by their bytes are the same requests again).
    var count: Int { routes.count }
}
