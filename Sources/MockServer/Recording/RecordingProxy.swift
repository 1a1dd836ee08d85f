import AsyncHTTPClient
import CassetteKit
import Foundation
import HTTPTypes
import Hummingbird
import JSONCore
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// The reverse proxy of record and spy modes: forwards a request to the upstream through AsyncHTTPClient and
/// streams the response back as it arrives, while CassetteKit's recorder writes the complete exchange,
/// redacted, into the cassette.
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

    /// Waits for the exchanges in flight, flushes their recordings and closes the client.
    func shutdown() async {
        await recorder.flush()
        try? await client.shutdown()
    }

    /// Forwards `request` (its URL relative to the vendor's mount) and answers with the upstream's response as
    /// it streams in. Once the body is complete the exchange is recorded into `cassette` (and, with `reload`,
    /// the library replays it from then on). A failed upstream gives 502 and records nothing.
    func forward(
        _ request: CassetteRequest, cassette: CassetteName, library: CassetteLibrary, reload: Bool
    ) async -> (response: Response, recorded: Bool) {
        let outgoing = upstreamRequest(for: request)
        let cassetteRecorder: CassetteRecorder
        do {
            cassetteRecorder = try await recorder.recorder(for: cassette)
        } catch {
            logger.error("cassette not recordable", metadata: ["cassette": "\(cassette)", "error": "\(error)"])
            // A cassette leading out of the folder is refused like a forbidden path; anything else is ours.
            let status = if case .outsideFolder = error { 403 } else { 500 }
            return (
                .json(status: status, ["error": "cassette not recordable", "message": .string(error.description)]),
                false
            )
        }
        let head = OneShot<(HTTPResponse.Status, HeaderFields)>()
        let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        let exchange = UpstreamExchange(client: client, timeout: timeout, head: head, body: continuation)
        if reload {
            // Spy: answer once the exchange is on disk and replayable, so the next identical request is a hit.
            let response: CassetteResponse
            do {
                response = try await cassetteRecorder.response(for: outgoing, upstream: exchange.run)
            } catch {
                return (upstreamFailure(outgoing, error), false)
            }
            do {
                try await cassetteRecorder.finish()
                _ = try library.load(cassette)
                return (response.hummingbirdResponse, true)
            } catch {
                // The vendor did answer: the client gets that answer; the cassette is written with the next one.
                Self.notWritten(cassette, error, logger: logger)
                return (response.hummingbirdResponse, false)
            }
        }
        let logger = self.logger
        await recorder.track {
            do {
                _ = try await cassetteRecorder.response(for: outgoing, upstream: exchange.run)
            } catch {
                head.resolve(.failure(error))
                continuation.finish(throwing: error)
                logger.error(
                    "upstream exchange failed", metadata: ["request": "\(outgoing.summary)", "error": "\(error)"])
                return
            }
            // The client already has the upstream's answer; a cassette that cannot be written (a full disk) is
            // reported here, as soon as it happens, and written again, whole, with the next exchange or at shutdown.
            do {
                try await cassetteRecorder.finish()
                logger.debug(
                    "exchange recorded", metadata: ["cassette": "\(cassette)", "request": "\(outgoing.summary)"])
            } catch {
                Self.notWritten(cassette, error, logger: logger)
            }
        }
        let status: HTTPResponse.Status
        let headers: HeaderFields
        do {
            (status, headers) = try await head.value()
        } catch {
            return (upstreamFailure(outgoing, error), false)
        }
        let length = headers["Content-Length"].flatMap(Int.init)
        let body = ResponseBody(contentLength: length) { writer in
            for try await chunk in stream { try await writer.write(chunk) }
            try await writer.finish(nil)
        }
        return (Response(status: status, headers: headers.endToEndFields, body: body), true)
    }

    /// Logs a recorded exchange that could not be written: the error names the file and why (ENOSPC…).
    static func notWritten(_ cassette: CassetteName, _ error: any Error, logger: Logger) {
        logger.error(
            "cassette not written", metadata: ["cassette": "\(cassette)", "error": "\(error)"])
    }

    private func upstreamFailure(_ request: CassetteRequest, _ error: any Error) -> Response {
        logger.error("upstream failed", metadata: ["request": "\(request.summary)", "error": "\(error)"])
        return .json(
            status: 502,
            [
                "error": "upstream failed",
                "message": .string("\(request.summary) failed: \(error); check --upstream and the network"),
            ])
    }

    /// The request as sent upstream and recorded: the upstream's absolute URL, its `Host`, and neither
    /// hop-by-hop nor `X-Harness-*` headers.
    func upstreamRequest(for request: CassetteRequest) -> CassetteRequest {
        var origin = upstream.absoluteString
        if origin.hasSuffix("/") { origin.removeLast() }
        let connection = request.headers.values(for: "Connection")
        var headers = HeaderFields()
        for field in request.headers where !HopByHop.drops(field.name, connection: connection) {
            headers.append(field.name, field.value)
        }
        if headers["Host"] != nil {
            headers["Host"] = upstream.port.map { "\(upstream.host ?? ""):\($0)" } ?? upstream.host
        }
        return CassetteRequest(method: request.method, url: origin + request.url, headers: headers, body: request.body)
    }
}

/// One upstream call: resolves the response head as soon as it arrives, relays body chunks to the client's
/// stream, and returns the complete response for the cassette.
private struct UpstreamExchange: Sendable {
    let client: HTTPClient
    let timeout: Duration
    let head: OneShot<(HTTPResponse.Status, HeaderFields)>
    let body: AsyncThrowingStream<ByteBuffer, any Error>.Continuation

    func run(_ request: CassetteRequest) async throws -> CassetteResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        let (seconds, attoseconds) = timeout.components
        let response = try await client.execute(
            outgoing, timeout: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        var headers = HeaderFields()
        for header in response.headers { headers.append(header.name, header.value) }
        let code = Int(response.status.code)
        let status = HTTPResponse.Status(recorded: code, reasonPhrase: response.status.reasonPhrase)
        head.resolve(.success((status, headers)))
        var collected = ByteBuffer()
        do {
            for try await chunk in response.body {
                collected.writeImmutableBuffer(chunk)
                body.yield(chunk)
            }
            body.finish()
        } catch {
            body.finish(throwing: error)
            throw error
        }
        return CassetteResponse(
            status: code, statusText: response.status.reasonPhrase, headers: headers,
            body: Data(collected.readableBytesView))
    }
}
