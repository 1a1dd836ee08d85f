import CassetteKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// Answers replay hits and simulator calls on the connection's event loop, in the pipeline right after NIO's
/// HTTP/1.1 decoder (ahead of the conversion to Swift HTTP Types and of Hummingbird): a complete request whose
/// recorded answer is already parsed, or (simulate mode, an embedded store) a simulator call, from the read cache
/// while its kept answer holds or else worked out by the simulator on this thread, is answered and written here,
/// without the conversions and the hops to a concurrency task and to the store's writer. Everything else passes on
/// to Hummingbird unchanged and is answered as before: misses, faults, the admin API, `HEAD`, connections not kept
/// alive, absolute-form targets, header values HTTP Types would rewrite, bodies above ``largestBody`` or the
/// server's `maxBodySize`, cassettes not parsed yet, a simulator that throws (the responder reports it), a shared
/// (PostgreSQL) store, and record mode.
///
/// Responses leave in request order: once a request has passed on, the requests after it pass on too until
/// Hummingbird has ended its response.
final class ImmediateReplay: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Bodies above this many bytes pass on to Hummingbird as they arrive rather than being held here.
    static let largestBody = 64 * 1024

    private enum State {
        /// Between requests.
        case idle
        /// Holding a request that may be answered here, until its end.
        case holding(HTTPRequestHead, ByteBuffer)
        /// Passing the current request on to Hummingbird, until its end.
        case passing
    }

    private let core: ServerCore
    private var state = State.idle
    /// Requests passed on whose response Hummingbird has not ended yet.
    private var awaitingResponses = 0
    private var needsFlush = false

    init(core: ServerCore) {
        self.core = core
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch (state, part) {
        case (.idle, .head(let head)):
            if awaitingResponses == 0, context.channel.isWritable,
                core.mayAnswerImmediately(head, largestBody: Self.largestBody)
            {
                state = .holding(head, context.channel.allocator.buffer(capacity: 0))
            } else {
                passOn(context: context, head: head, body: nil)
            }
        case (.holding(let head, var body), .body(let chunk)):
            state = .idle
            body.writeImmutableBuffer(chunk)
            if body.readableBytes > Self.largestBody {
                passOn(context: context, head: head, body: body)
            } else {
                state = .holding(head, body)
            }
        case (.holding(let head, let body), .end(let trailers)):
            state = .idle
            if trailers == nil, let answer = core.immediateAnswer(head: head, body: body) {
                context.write(wrapOutboundOut(.head(answer.head)), promise: nil)
                if answer.body.readableBytes > 0 {
                    context.write(wrapOutboundOut(.body(.byteBuffer(answer.body))), promise: nil)
                }
                context.write(wrapOutboundOut(.end(nil)), promise: nil)
                needsFlush = true
            } else {
                passOn(context: context, head: head, body: body)
                context.fireChannelRead(data)
                state = .idle
            }
        case (.passing, .end):
            state = .idle
            context.fireChannelRead(data)
        default:
            // The rest of a request being passed on (or parts out of order, which Hummingbird reports).
            context.fireChannelRead(data)
        }
    }

    /// Hands a request to Hummingbird: its head and what was held of its body.
    private func passOn(context: ChannelHandlerContext, head: HTTPRequestHead, body: ByteBuffer?) {
        awaitingResponses += 1
        state = .passing
        context.fireChannelRead(wrapInboundOut(.head(head)))
        if let body, body.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(.body(body))) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if needsFlush {
            needsFlush = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { awaitingResponses = max(0, awaitingResponses - 1) }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension ImmediateReplay: Sendable {}

/// A recorded answer ready for the wire.
struct ImmediateAnswer {
    var head: HTTPResponseHead
    var body: ByteBuffer
}

extension ServerCore {
    /// Whether a request with this head may be answered on the event loop, judged from the head alone: a
    /// replaying mode (or simulate mode on an embedded store), a kept-alive connection, an origin-form
    /// target, no fault rule or fault header, not the admin API, not `HEAD`, a declared body of at most `largestBody`
    /// bytes, and header values HTTP Types keeps as they are (so the request matched is the one the responder would
    /// see).
    func mayAnswerImmediately(_ head: HTTPRequestHead, largestBody: Int) -> Bool {
        let mode = self.mode
        // A strict server refuses contract-breaking requests before any answer: its requests take the responder's
        // path.
        guard !inspection.strict,
            mode.replays || (mode == .simulate && simulators.respondsNow),
            head.method != .HEAD, head.isKeepAlive, head.uri.hasPrefix("/"), !RequestTarget(head.uri).isAdmin
        else { return false }
        guard !head.headers.contains(name: Self.faultHeader.rawName) else { return false }
        if let length = head.headers.first(name: "Content-Length") {
            guard let bytes = Int(length), bytes <= largestBody else { return false }
        }
        guard head.headers.allSatisfy({ HTTPField.isValidValue($0.value) }) else { return false }
        return faultRules.isEmpty
    }

    /// The answer to a complete request, journaled, ready for NIO's encoder; see ``takenAnswer(head:body:bytes:)``.
    func immediateAnswer(head: HTTPRequestHead, body: ByteBuffer) -> ImmediateAnswer? {
        takenAnswer(head: head, body: body, bytes: nil).map { taken in
            var headers = taken.response.wireHeaders
            headers.add(name: "Date", value: dates.text(for: taken.time))
            if let contract = taken.contract { headers.add(name: LiveInspection.header, value: contract) }
            return ImmediateAnswer(
                head: HTTPResponseHead(version: .http1_1, status: taken.response.wireStatus, headers: headers),
                body: taken.response.bodyBuffer)
        }
    }

    /// The answer to a complete request, journaled: in replay and spy modes the recorded one (a hit), in simulate
    /// mode the simulator's (``simulatedAnswer(head:body:)``). Nil when the request is left to the responder: no
    /// vendor, a bad cassette name, a miss, a candidate cassette not parsed yet, or a simulator call not answered
    /// here. Where a replayed request goes is kept in ``ImmediateMemo`` for the next time, under the
    /// request's exact `bytes` too when they are given (a request read from the wire).
    func takenAnswer(head: HTTPRequestHead, body: ByteBuffer, bytes: ByteBuffer?) -> TakenAnswer? {
        if mode == .simulate { return simulatedAnswer(head: head, body: body) }
        let key = ImmediateMemo.Key(method: head.method, uri: head.uri, headers: head.headers, body: body)
        let generation = library.generation
        guard let route = replayMemo.route(for: key, generation: generation) ?? replayRoute(key, generation) else {
            return nil
        }
        if let bytes { replayMemo.keep(route, forBytes: bytes) }
        return take(route)
    }

    /// The next recorded answer on `route`, journaled as a hit; nil when no candidate replays one.
    func take(_ route: ImmediateMemo.Route) -> TakenAnswer? {
        guard let (cassette, entry) = CassetteLibrary.take(from: route.candidates) else { return nil }
        let name = cassette.name.description
        let response = cassette.answer(at: entry)
        let time = now()
        let record = route.live.record(cassette: name, entry: entry) {
            let (exchange, verdict) = inspection.inspect(
                vendor: route.vendor, request: route.live.request, response: response.cassetteResponse,
                checksResponse: true, startedAt: time, milliseconds: 0)
            return LiveMemo.Record(exchange: exchange, verdict: verdict)
        }
        var journalEntry = JournalEntry(
            time: time, vendor: route.vendor, method: route.method, path: route.path, query: route.query,
            outcome: .hit, status: response.status.code, cassette: name)
        journalEntry.mode = mode.rawValue
        journalEntry.exchange = record.exchange
        journalEntry.contract = record.verdict
        eventLoopHits.add(1, ordering: .relaxed)
        let sequence = journal.append(journalEntry)
        return TakenAnswer(
            response: response, time: time,
            contract: record.verdict.map { LiveInspection.headerValue($0, sequence: sequence) }, sequence: sequence)
    }

    /// Where a replayed request goes, worked out as the responder does and kept for the next time; nil when it is
    /// left to the responder (no vendor, a bad cassette name, a candidate cassette not parsed yet).
    private func replayRoute(_ key: ImmediateMemo.Key, _ generation: UInt64) -> ImmediateMemo.Route? {
        let target = RequestTarget(key.uri)
        guard let (vendor, relativePath) = vendorRoute(target.path) else { return nil }
        var named: CassetteName?
        if let text = key.headers.first(name: Self.cassetteHeader.rawName) {
            guard let name = try? CassetteName(text, vendor: vendor) else { return nil }
            named = name
        }
        let method = key.method.rawValue
        let request = Self.cassetteRequest(
            method: method, target: target, relativePath: relativePath, headers: key.headers, body: key.body)
        let routeKey = RouteKey(method: method, path: request.parts.path)
        guard
            let candidates = library.parsedMatches(vendor: vendor, request: request, route: routeKey, named: named)
        else { return nil }
        let route = ImmediateMemo.Route(
            generation: generation, vendor: vendor, method: method, path: String(target.path),
            query: target.query.map(String.init), candidates: candidates, live: LiveMemo(request: request))
        replayMemo.keep(route, for: key)
        return route
    }

    /// The simulator's answer in simulate mode: a `GET`'s kept answer while it holds, else the simulator's own,
    /// worked out on this thread (``SimulatorHost/respondNow(vendor:to:)``). Nil, leaving the request to the
    /// responder, for a body above `maxBodySize` (its 413), a simulator that cannot answer here, or one that throws:
    /// its transaction rolled back, so the responder's second try meets the same store and reports the error.
    private func simulatedAnswer(head: HTTPRequestHead, body: ByteBuffer) -> TakenAnswer? {
        let started = ContinuousClock.now
        guard body.readableBytes <= configuration.maxBodySize else { return nil }
        let target = RequestTarget(head.uri)
        guard let (vendor, relativePath) = vendorRoute(target.path) else { return nil }
        let method = head.method.rawValue
        let request = Self.cassetteRequest(
            method: method, target: target, relativePath: relativePath, headers: head.headers, body: body)
        let kept: PreparedResponse
        let computed: Bool
        if let cached = simulators.cachedAnswer(vendor: vendor, to: request).flatMap(PreparedResponse.kept) {
            kept = cached
            computed = false
        } else if let answered = try? simulators.respondNow(vendor: vendor, to: request) {
            kept = PreparedResponse(answered)
            computed = true
        } else {
            return nil
        }
        var record = liveRecord(
            vendor: vendor, request: request, response: kept.cassetteResponse, checksResponse: true)
        record.exchange.milliseconds = Self.milliseconds(since: started)
        var answer = journaled(
            kept, vendor: vendor, method: method, path: String(target.path), query: target.query.map(String.init),
            outcome: .simulated, cassette: nil, record: record, computed: computed)
        if let verdict = record.verdict {
            answer.contract = LiveInspection.headerValue(verdict, sequence: answer.sequence)
        }
        return answer
    }

    /// `response`, journaled now.
    private func journaled(
        _ response: PreparedResponse, vendor: String, method: String, path: String, query: String?,
        outcome: JournalEntry.Outcome, cassette: String?, record: LiveMemo.Record, computed: Bool
    ) -> TakenAnswer {
        let time = now()
        if computed {
            eventLoopCalls.add(1, ordering: .relaxed)
        } else {
            eventLoopHits.add(1, ordering: .relaxed)
        }
        var entry = JournalEntry(
            time: time, vendor: vendor, method: method, path: path, query: query, outcome: outcome,
            status: response.status.code, cassette: cassette)
        entry.mode = mode.rawValue
        entry.exchange = record.exchange
        entry.contract = record.verdict
        let sequence = journal.append(entry)
        return TakenAnswer(response: response, time: time, contract: nil, sequence: sequence, computed: computed)
    }
}

/// A recorded (or kept simulator) answer taken for a request, journaled at `time`.
struct TakenAnswer {
    var response: PreparedResponse
    var time: Date
    /// The `X-Harness-Contract` value, when the live check is on.
    var contract: String?
    /// The journal entry's number.
    var sequence: Int
    /// Whether a simulator worked it out just now, rather than a recording or a kept answer giving it again.
    var computed = false
}

/// Hummingbird's HTTP/1.1 child channel with ``WireReplay`` added first, ahead of NIO's response encoder, and
/// ``ImmediateReplay`` right after NIO's request decoder.
struct HarnessHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let core: ServerCore

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let core = self.core
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(ImmediateReplay(core: core), position: .after(decoder))
            let encoder = try pipeline.handler(type: HTTPResponseEncoder.self)
            try pipeline.addHandler(WireReplay(core: core), position: .before(encoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
