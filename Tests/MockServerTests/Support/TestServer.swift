import AsyncHTTPClient
import CassetteKit
import Foundation
import JSONCore
import Logging
import MockServer
import NIOCore
import NIOHTTP1
import NIOPosix

/// A response as a test reads it.
struct Fetched: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: JSONValue? { try? JSONValue(parsing: body) }
}

/// Starts a mock server on an ephemeral loopback port, runs `body`, and stops the server whatever happens.
func withServer<Result>(
    _ configuration: MockServerConfiguration = MockServerConfiguration(),
    simulators: [any Simulator] = [CounterSimulator()],
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = { Date() },
    logger: Logger? = nil,
    _ body: (MockServer, MockServerEndpoints) async throws -> Result
) async throws -> Result {
    var configuration = configuration
    configuration.port = 0
    let logger =
        logger
        ?? {
            var logger = Logger(label: "mockserver.tests")
            logger.logLevel = .critical
            return logger
        }()
    let server = try await MockServer.open(
        configuration: configuration, simulators: simulators, logger: logger, clock: clock, now: now)
    let endpoints = try await server.start()
    do {
        let result = try await body(server, endpoints)
        try await server.stop()
        return result
    } catch {
        try? await server.stop()
        throw error
    }
}

/// HTTP through AsyncHTTPClient, as an SDK would talk to the server.
enum TestHTTP {
    static func fetch(
        _ url: URL, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: Data? = nil,
        timeout: TimeAmount = .seconds(120)
    ) async throws -> Fetched {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let bytes = try await response.body.collect(upTo: 64 << 20)
        return Fetched(
            status: Int(response.status.code), headers: response.headers, body: Data(bytes.readableBytesView))
    }

    /// `fetch` with a JSON body.
    static func send(
        _ url: URL, method: HTTPMethod, json: JSONValue, headers: [(String, String)] = []
    ) async throws -> Fetched {
        try await fetch(
            url, method: method, headers: headers + [("Content-Type", "application/json")], body: json.data())
    }
}

/// Raw bytes over TCP, for what HTTP clients hide: invalid requests, resets, empty replies, truncation.
enum RawTCP {
    struct Outcome {
        var bytes: [UInt8]
        /// The error that ended reading, or nil for a clean end of stream.
        var error: (any Error)?

        var text: String { String(decoding: bytes, as: UTF8.self) }
        var wasReset: Bool {
            guard let error = error as? IOError else { return false }
            return error.errnoCode == ECONNRESET
        }
    }

    /// Sends `text` and reads until the server closes the connection; with `halfClose`, the client's side of
    /// the connection is shut after sending (a keep-alive server then ends too).
    static func exchange(port: Int, _ text: String, halfClose: Bool = false) async throws -> Outcome {
        try await exchange(port: port, pieces: [Array(text.utf8)], halfClose: halfClose)
    }

    /// `exchange(port:_:halfClose:)` sending `pieces` one by one, a few milliseconds apart, so the server reads
    /// them separately.
    static func exchange(port: Int, pieces: [[UInt8]], halfClose: Bool = false) async throws -> Outcome {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(
                        wrappingChannelSynchronously: channel,
                        configuration: .init(isOutboundHalfClosureEnabled: halfClose))
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            for (index, piece) in pieces.enumerated() {
                if index > 0 { try await Task.sleep(for: .milliseconds(3)) }
                try await outbound.write(ByteBuffer(bytes: piece))
            }
            if halfClose { outbound.finish() }
            var received: [UInt8] = []
            do {
                for try await chunk in inbound { received += chunk.readableBytesView }
                return Outcome(bytes: received, error: nil)
            } catch {
                return Outcome(bytes: received, error: error)
            }
        }
    }
}

/// Writes cassettes for replay tests.
enum CassetteFixture {
    /// Writes `<directory>/<name>.har` holding the given interactions.
    static func write(
        _ name: String, in directory: URL, _ interactions: [(CassetteRequest, CassetteResponse)]
    ) throws {
        let parts = name.split(separator: "/").map(String.init)
        var cassette = Cassette(flow: parts[1], vendor: parts[0])
        cassette.entries = interactions.map { request, response in
            HAR.Entry(
                request: request, response: response, startedAt: Date(timeIntervalSince1970: 1_700_000_000),
                duration: .milliseconds(12))
        }
        let folder = directory.appendingPathComponent(parts[0])
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try cassette.encoded().write(to: folder.appendingPathComponent(parts[1] + ".har"))
    }

    /// A JSON interaction recorded against `https://api.example.com`.
    static func json(
        _ method: String, _ path: String, body: JSONValue? = nil, status: Int = 200, answer: JSONValue
    ) -> (CassetteRequest, CassetteResponse) {
        var headers: HeaderFields = [:]
        if body != nil { headers["Content-Type"] = "application/json" }
        return (
            CassetteRequest(
                method: method, url: "https://api.example.com" + path, headers: headers, body: body?.data() ?? Data()),
            CassetteResponse.json(status: status, answer)
        )
    }
}
