public import AsyncHTTPClient
public import Foundation
public import HTTPTypes
import NIOCore
import NIOHTTP1
public import OpenAPIRuntime

/// A `ClientTransport` over AsyncHTTPClient: real HTTP, used to record flows against the simulator on its
/// ephemeral port or a live upstream, and for `harness verify --against`.
public struct HTTPClientTransport: ClientTransport {
    public let client: HTTPClient
    public let timeout: Duration
    /// The largest response body read, in bytes.
    public let maximumBodySize: Int

    public init(client: HTTPClient = .shared, timeout: Duration = .seconds(30), maximumBodySize: Int = 50 << 20) {
        self.client = client
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }

    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var outgoing = HTTPClientRequest(url: Self.join(baseURL, request.path ?? "/"))
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headerFields { outgoing.headers.add(name: field.name.rawName, value: field.value) }
        if let body {
            let bytes = try await [UInt8](collecting: body, upTo: maximumBodySize)
            outgoing.body = .bytes(ByteBuffer(bytes: bytes))
        }
        let seconds = timeout.components.seconds
        let response = try await client.execute(outgoing, timeout: .seconds(max(1, seconds)))
        var fields = HTTPFields()
        for header in response.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        let buffer = try await response.body.collect(upTo: maximumBodySize)
        let status = HTTPResponse.Status(code: Int(response.status.code), reasonPhrase: response.status.reasonPhrase)
        return (HTTPResponse(status: status, headerFields: fields), HTTPBody(Array(buffer: buffer)))
    }

    /// `baseURL` followed by `path` (which starts with `/` and may hold a query).
    static func join(_ baseURL: URL, _ path: String) -> String {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + (path.hasPrefix("/") ? path : "/" + path)
    }
}

/// Sends every request to `target` whatever base URL the caller used: a flow is recorded with the fixed
/// placeholder base URL (so cassettes do not hold the ephemeral port) while its requests reach the real server.
struct RebasingTransport: ClientTransport {
    let target: URL
    let upstream: any ClientTransport

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await upstream.send(request, body: body, baseURL: target, operationID: operationID)
    }
}
