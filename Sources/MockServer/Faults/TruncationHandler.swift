import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Cuts a response short on the wire: a response head carrying ``marker`` (which is removed) is followed by
/// only that many body bytes, then the connection closes, so the client sees fewer bytes than
/// `Content-Length` promised. Sits in each connection's pipeline after the HTTP codec.
final class TruncationHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The response header the responder sets to ask for truncation (never sent).
    static let marker = HTTPField.Name("X-Harness-Truncate-After")!

    private enum State {
        case passing
        case counting(remaining: Int)
        case closed
    }

    private var state = State.passing

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        switch (state, part) {
        case (.closed, _):
            promise?.fail(ChannelError.ioOnClosedChannel)
        case (.passing, .head(var head)):
            if let text = head.headerFields[Self.marker], let limit = Int(text) {
                head.headerFields[Self.marker] = nil
                state = .counting(remaining: max(0, limit))
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case (.counting(let remaining), .body(let buffer)):
            if buffer.readableBytes < remaining {
                state = .counting(remaining: remaining - buffer.readableBytes)
                context.write(data, promise: promise)
            } else {
                cut(context: context, keeping: buffer.getSlice(at: buffer.readerIndex, length: remaining), promise: promise)
            }
        case (.counting, .end):
            // The body was shorter than the limit: nothing to cut.
            state = .passing
            context.write(data, promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }

    private func cut(context: ChannelHandlerContext, keeping slice: ByteBuffer?, promise: EventLoopPromise<Void>?) {
        state = .closed
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.body(slice ?? ByteBuffer())), promise: written)
        let channel = context.channel
        written.futureResult.whenComplete { _ in
            channel.close(promise: nil)
        }
        promise?.succeed()
    }
}
