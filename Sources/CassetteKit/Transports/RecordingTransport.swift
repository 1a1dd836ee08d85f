public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

/// A `ClientTransport` that wraps a real one (URLSession's, AsyncHTTPClient's): requests the cassette holds
/// are replayed, the others are sent upstream and recorded, as the recorder's mode says.
public struct RecordingTransport: ClientTransport {
    public let upstream: any ClientTransport
    public let recorder: CassetteRecorder

    public init(upstream: any ClientTransport, recorder: CassetteRecorder) {
        self.upstream = upstream
        self.recorder = recorder
    }

    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let sent = try await CassetteRequest(request, body: body, baseURL: baseURL)
        let response = try await recorder.response(for: sent) { sent in
            let (response, body) = try await upstream.send(
                request, body: sent.body.isEmpty ? nil : HTTPBody(sent.body), baseURL: baseURL, operationID: operationID
            )
            return try await CassetteResponse(response, body: body)
        }
        return (response.httpResponse, response.httpBody)
    }
}

/// The same as ``RecordingTransport``, as a `ClientMiddleware`: a replayed request never reaches the rest of
/// the chain; a recorded one goes on to `next` and its response is recorded.
public struct CassetteMiddleware: ClientMiddleware {
    public let recorder: CassetteRecorder

    public init(recorder: CassetteRecorder) {
        self.recorder = recorder
    }

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let sent = try await CassetteRequest(request, body: body, baseURL: baseURL)
        let response = try await recorder.response(for: sent) { sent in
            let (response, body) = try await next(request, sent.body.isEmpty ? nil : HTTPBody(sent.body), baseURL)
            return try await CassetteResponse(response, body: body)
        }
        return (response.httpResponse, response.httpBody)
    }
}
