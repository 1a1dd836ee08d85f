import Foundation
import HTTPTypes
import OpenAPIRuntime

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
