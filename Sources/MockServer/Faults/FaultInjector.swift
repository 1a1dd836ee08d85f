import Foundation
import HTTPTypes
import Hummingbird
import JSONCore
import NIOCore
import ServiceLifecycle

/// Carries out a ``FaultDecision``: waits, acts on the connection, or alters the response.
struct FaultInjector: Sendable {
    let clock: any Clock<Duration>

    /// Waits for the decided latency.
    func delay(_ decision: FaultDecision) async throws {
        guard decision.latency > .zero else { return }
        try await clock.sleep(for: decision.latency, tolerance: nil)
    }

    /// Ends the connection instead of answering: a TCP reset, a plain close, or no answer at all until the client
    /// gives up, the limit passes or the server shuts down.
    func breakConnection(_ fault: FaultPlan.ConnectionFault, channel: any Channel) async {
        switch fault {
        case .reset:
            // SO_LINGER with a zero timeout makes close() send RST instead of FIN.
            if let provider = channel as? any SocketOptionProvider {
                try? await provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
            }
            try? await channel.close().get()
        case .empty:
            try? await channel.close().get()
        case .timeout(let limit):
            let clock = self.clock
            await cancelWhenGracefulShutdownIgnoringErrors {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { try? await channel.closeFuture.get() }
                    group.addTask { try? await clock.sleep(for: limit ?? .seconds(3600), tolerance: nil) }
                    await group.next()
                    group.cancelAll()
                    channel.close(promise: nil)
                }
            }
            try? await channel.close().get()
        }
    }

    /// The response with the decided status, body and pacing faults applied.
    func alter(_ response: Response, _ decision: FaultDecision) async throws -> Response {
        var response = response
        if let status = decision.status { response.status = HTTPResponse.Status(code: status) }
        guard decision.garbage || decision.truncate != nil || decision.dribble != nil else { return response }
        var body = try await Self.collect(response.body)
        if decision.garbage {
            var generator = SeededGenerator(seed: decision.seed)
            body = ByteBuffer(bytes: generator.bytes(max(body.readableBytes, 32)))
        }
        if let truncate = decision.truncate, truncate < body.readableBytes {
            response.headers[TruncationHandler.marker] = String(truncate)
        }
        if let dribble = decision.dribble {
            let clock = self.clock
            let chunks = Self.split(body, size: dribble.chunkSize)
            response.body = ResponseBody(contentLength: body.readableBytes) { writer in
                for (index, chunk) in chunks.enumerated() {
                    if index > 0 { try await clock.sleep(for: dribble.interval, tolerance: nil) }
                    try await writer.write(chunk)
                }
                try await writer.finish(nil)
            }
        } else {
            response.body = ResponseBody(byteBuffer: body)
        }
        // The body's length may have changed while its declared length did not: state it.
        response.headers[.contentLength] = String(body.readableBytes)
        return response
    }

    static func split(_ buffer: ByteBuffer, size: Int) -> [ByteBuffer] {
        var rest = buffer
        var chunks: [ByteBuffer] = []
        while let chunk = rest.readSlice(length: min(size, rest.readableBytes)), chunk.readableBytes > 0 {
            chunks.append(chunk)
        }
        return chunks
    }

    /// The bytes of a response body (the server's own bodies are small and in memory).
    static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await body.write(collector)
        return collector.buffer
    }
}

private func cancelWhenGracefulShutdownIgnoringErrors(_ operation: @escaping @Sendable () async -> Void) async {
    await cancelWhenGracefulShutdown { await operation() }
}

/// Gathers a response body in memory.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ part: ByteBuffer) async throws {
        buffer.writeImmutableBuffer(part)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
