import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Answers replay hits (and, in simulate mode, kept reads) from a connection's bytes, first in the pipeline: a
/// request in the plain form ``WireRequest`` reads, whose answer ``ImmediateReplay`` would write, is answered here
/// without NIO's HTTP/1.1 decoder and encoder. A request seen before is found by its exact bytes
/// (``ImmediateMemo/route(forBytes:generation:)``); a new one is decoded into the head NIO would make and asked
/// the same questions as on the event loop's other path.
///
/// The first request not answered here (outside the plain form, a miss, the admin API, a fault, a client not
/// reading its answers, ...) passes on to NIO's decoder with every byte after it, and so does the rest of the
/// connection: from then on its requests take the decoder's path, where ``ImmediateReplay`` still answers hits,
/// and its answers keep their order. The bytes of a request cut short when the connection ends pass on too, so the
/// decoder reports them as before.
final class WireReplay: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let core: ServerCore
    /// The start of a request not all here yet.
    private var held: ByteBuffer?
    /// Set once a request has passed on: every later byte goes to the decoder.
    private var passing = false
    private var needsFlush = false
    /// `Date: …` CR LF CR LF for the second in `dateSecond`, so the header is formatted once a second.
    private var dateLine = ByteBuffer()
    private var dateSecond = Int64.min

    init(core: ServerCore) {
        self.core = core
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !passing else { return context.fireChannelRead(data) }
        var bytes = unwrapInboundIn(data)
        if var start = held {
            held = nil
            start.writeImmutableBuffer(bytes)
            bytes = start
        }
        while bytes.readableBytes > 0 {
            switch WireRequest.read(bytes, largestBody: ImmediateReplay.largestBody) {
            case .incomplete:
                held = bytes
                return
            case .declined:
                return passOn(bytes, context: context)
            case .complete(let request):
                // A client that sends without reading fills the outbound buffer; once it is past its high-water
                // mark the connection takes the decoder's path, which waits for the client.
                guard context.channel.isWritable, let answer = core.wireAnswer(request, in: bytes) else {
                    return passOn(bytes, context: context)
                }
                write(answer, context: context)
                bytes.moveReaderIndex(forwardBy: request.length)
            }
        }
    }

    /// Sends `bytes` and everything after them to the decoder.
    private func passOn(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        passing = true
        context.fireChannelRead(wrapInboundOut(bytes))
    }

    /// Writes the answer: the recorded status line and headers, `Date`, and the body, in one buffer.
    private func write(_ answer: TakenAnswer, context: ChannelHandlerContext) {
        let second = HTTPDate.second(of: answer.time.timeIntervalSince1970)
        if second != dateSecond {
            dateSecond = second
            dateLine.clear()
            dateLine.writeString("Date: \(core.dates.text(for: answer.time))\r\n\r\n")
        }
        let response = answer.response
        var out = context.channel.allocator.buffer(
            capacity: response.wirePrefix.readableBytes + dateLine.readableBytes + response.body.count)
        out.writeImmutableBuffer(response.wirePrefix)
        if let contract = answer.contract {
            out.writeStaticString("X-Harness-Contract: ")
            out.writeString(contract)
            out.writeStaticString("\r\n")
        }
        out.writeImmutableBuffer(dateLine)
        _ = response.body.withUnsafeBytes { out.writeBytes($0) }
        context.write(wrapOutboundOut(.byteBuffer(out)), promise: nil)
        needsFlush = true
        if !answer.computed { core.wireHits.add(1, ordering: .relaxed) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if needsFlush {
            needsFlush = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { passHeld(context: context) }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        passHeld(context: context)
        context.fireChannelInactive()
    }

    /// Gives the decoder the start of a request that will not be completed.
    private func passHeld(context: ChannelHandlerContext) {
        guard let bytes = held else { return }
        held = nil
        passOn(bytes, context: context)
    }
}

@available(*, unavailable)
extension WireReplay: Sendable {}

extension ServerCore {
    /// The answer to `request`, the plain request at the start of `bytes`, journaled; nil when it is left to NIO's
    /// decoder. A request whose exact bytes were answered before takes the route kept for them while the mode
    /// replays, no fault rule is set and the cassettes are the same; any other is decoded into the head NIO would
    /// make and asked ``mayAnswerImmediately(_:largestBody:)`` and ``takenAnswer(head:body:bytes:)``.
    func wireAnswer(_ request: WireRequest, in bytes: ByteBuffer) -> TakenAnswer? {
        guard let exact = bytes.getSlice(at: bytes.readerIndex, length: request.length) else { return nil }
        if mode.replays, let route = replayMemo.route(forBytes: exact, generation: library.generation) {
            return faultRules.isEmpty ? take(route) : nil
        }
        guard let head = request.head(in: bytes), mayAnswerImmediately(head, largestBody: ImmediateReplay.largestBody)
        else { return nil }
        return takenAnswer(head: head, body: request.body(in: bytes), bytes: exact)
    }
}
