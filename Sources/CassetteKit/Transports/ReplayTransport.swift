public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

/// A `ClientTransport` that answers every request from a cassette and never touches the network: a miss is a
/// ``CassetteError/noMatch(_:)`` naming the nearest recorded request.
public struct ReplayTransport: ClientTransport {
    /// The replay answering the requests, which remembers what was already replayed.
    public let session: ReplaySession

    /// Replays from `session` (share one session to replay across transports).
    public init(session: ReplaySession) {
        self.session = session
    }

    /// Replays `cassette` (loaded from a file or a store).
    public init(cassette: Cassette, name: String, options: ReplayOptions = ReplayOptions()) throws(CassetteError) {
        session = try ReplaySession(cassette: cassette, name: name, options: options)
    }

    /// The recorded response to `request`.
    /// - Throws: ``CassetteError/noMatch(_:)`` naming the nearest recorded request, or
    /// ``CassetteError/exhausted(cassette:request:replayed:hint:)`` when every matching response was replayed.
    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let recorded = try session.response(for: try await CassetteRequest(request, body: body, baseURL: baseURL))
        return (recorded.httpResponse, recorded.httpBody)
    }
}
