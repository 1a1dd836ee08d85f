public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

/// A `ClientTransport` that wraps a real one (URLSession's, AsyncHTTPClient's): requests the cassette holds
/// are replayed, the others are sent upstream and recorded, as the recorder's mode says.
public struct RecordingTransport: ClientTransport {
    /// The real transport misses go to when the record mode allows.
    public let upstream: any ClientTransport
    /// The recorder deciding, per request, between replay and recording.
    public let recorder: CassetteRecorder

    /// Records through `upstream` into `recorder`'s cassette.
    public init(upstream: any ClientTransport, recorder: CassetteRecorder) {
        self.upstream = upstream
        self.recorder = recorder
    }

    /// Replays `request` when the cassette holds it; otherwise, as the mode allows, sends it upstream and records the
    /// exchange (redacted).
    /// - Throws: ``CassetteError/noMatch(_:)`` when the mode forbids recording a miss, or what `upstream` throws.
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
    /// The recorder deciding, per request, between replay and recording.
    public let recorder: CassetteRecorder

    /// A middleware replaying and recording through `recorder`.
    public init(recorder: CassetteRecorder) {
        self.recorder = recorder
    }

    /// Replays `request` without calling `next` when the cassette holds it; otherwise, as the mode allows, calls `next`
    /// and records the exchange (redacted).
    /// - Throws: ``CassetteError/noMatch(_:)`` when the mode forbids recording a miss, or what `next` throws.
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
