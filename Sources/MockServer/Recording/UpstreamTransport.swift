import AsyncHTTPClient
public import Foundation
public import HTTPTypes
import NIOCore
import NIOHTTP1
import OpenAPIAsyncHTTPClient
public import OpenAPIRuntime

/// The client that reaches a real server over HTTP: the simulator on its loopback port while flows are recorded,
/// a live upstream for `harness record --upstream`, `verify --against` and `fuzz --against`.
///
/// It is swift-openapi-async-http-client's transport on AsyncHTTPClient's shared client, made here so that only
/// MockServer (the network edge) deals in SwiftNIO types. That transport keeps the status code but not the reason
/// phrase, so the standard phrase for the code is filled in (`200 OK`), as the simulators send it; and it keeps the
/// last of repeated response header fields (several `Set-Cookie`), which the record proxy of `harness serve --mode
/// record` keeps whole.
public struct UpstreamTransport: ClientTransport {
    private let base: AsyncHTTPClientTransport

    /// A transport whose every request fails with a timeout error after `timeout` (sub-second values are honoured;
    /// zero or negative means one nanosecond, values beyond about 292 years are capped).
    public init(timeout: Duration = .seconds(30)) {
        base = AsyncHTTPClientTransport(
            configuration: .init(client: .shared, timeout: .nanoseconds(Self.nanoseconds(timeout))))
    }

    /// Sends `request` to `baseURL` joined with its path; see the type's description for what differs from the wire.
    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, responseBody) = try await base.send(
            request, body: body, baseURL: baseURL, operationID: operationID)
        if response.status.reasonPhrase.isEmpty {
            let code = response.status.code
            response.status = HTTPResponse.Status(
                code: code, reasonPhrase: HTTPResponseStatus(statusCode: code).reasonPhrase)
        }
        return (response, responseBody)
    }

    /// `duration` in whole nanoseconds, at least 1, at most `Int64.max`, without trapping.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        guard parts.seconds >= 0 else { return 1 }
        let (whole, overflow) = parts.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, overflowAgain) = whole.addingReportingOverflow(parts.attoseconds / 1_000_000_000)
        return overflowAgain ? .max : max(1, total)
    }
}
