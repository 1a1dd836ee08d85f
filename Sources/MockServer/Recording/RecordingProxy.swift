import AsyncHTTPClient
import CassetteKit
import Foundation
import JSONCore
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// The reverse proxy of record and spy modes: forwards a request to the upstream through AsyncHTTPClient,
/// streams the response back as it arrives, and hands the complete exchange to the recorder.
final class RecordingProxy: Sendable {
    let client: HTTPClient
    let upstream: URL
    let timeout: Duration
    let recorder: ExchangeRecorder
    let logger: Logger

    init(upstream: URL, timeout: Duration, recorder: ExchangeRecorder, logger: Logger) {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .disabled)
        configuration.timeout = .init(connect: .seconds(10))
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.upstream = upstream
        self.timeout = timeout
        self.recorder = recorder
        self.logger = logger
    }

    /// Stops the client once every exchange in flight is recorded.
    func shutdown() async {
        await recorder.flush()
        try? await client.shutdown()
    }

    /// Forwards `request` (its URL relative to the vendor's mount) and returns the upstream's response as it
    /// streams in; the exchange is recorded into `cassette` once the body is complete. A failed upstream gives
    /// 502 and records nothing.
    func forward(
        _ request: CassetteRequest, cassette: CassetteName, library: CassetteLibrary
    ) async throws -> (response: Response, recorded: Bool) {
        var outgoing = request
        outgoing.url = upstream.absoluteString.trimmingSuffix("/") + request.url
        var upstreamRequest = HTTPClientRequest(url: outgoing.url)
        upstreamRequest.method = .init(rawValue: request.method)
        let connection = request.headers.values(for: "Connection")
        for field in request.headers where !HopByHop.drops(field.name, connection: connection) {
            guard field.name.lowercased() != "host" else { continue }
            upstreamRequest.headers.add(name: field.name, value: field.value)
        }
        if !request.body.isEmpty { upstreamRequest.body = .bytes(ByteBuffer(bytes: request.body)) }
        let reservation = await recorder.reserve(cassette)

        let upstreamResponse: HTTPClientResponse
        do {
            upstreamResponse = try await client.execute(upstreamRequest, timeout: .nanoseconds(timeout.nanoseconds))
        } catch {
            await recorder.cancel(reservation)
            logger.error("upstream failed", metadata: ["url": "\(outgoing.url)", "error": "\(error)"])
            return (
                .json(
                    status: 502,
                    [
                        "error": "upstream failed",
                        "message": .string("\(outgoing.summary) failed: \(error); check --upstream and the network"),
                    ]), false
            )
        }

        var responseHeaders = HeaderFields()
        for header in upstreamResponse.headers { responseHeaders.append(header.name, header.value) }
        let recordedResponse = CassetteResponse(
            status: Int(upstreamResponse.status.code), statusText: upstreamResponse.status.reasonPhrase,
            headers: responseHeaders)
        let status =
            (100...599).contains(recordedResponse.status)
            ? HTTPResponse.Status(code: recordedResponse.status, reasonPhrase: recordedResponse.statusText) : .badGateway
        let length = upstreamResponse.headers.first(name: "content-length").flatMap(Int.init)
        let recorder = self.recorder
        let body = upstreamResponse.body
        let sent = outgoing
        let responseBody = ResponseBody(contentLength: length) { writer in
            var collected = ByteBuffer()
            do {
                for try await chunk in body {
                    collected.writeImmutableBuffer(chunk)
                    try await writer.write(chunk)
                }
                try await writer.finish(nil)
            } catch {
                await recorder.cancel(reservation)
                throw error
            }
            var complete = recordedResponse
            complete.body = Data(collected.readableBytesView)
            await recorder.record(sent, complete, into: reservation, library: library)
        }
        return (Response(status: status, headers: responseHeaders.endToEndFields, body: responseBody), true)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

extension Duration {
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
