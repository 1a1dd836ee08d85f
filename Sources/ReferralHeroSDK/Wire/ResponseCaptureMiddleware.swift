import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// Keeps the JSON of a successful answer for the delegate's dictionary form
/// (`didReceiveAPIResponse(_ response: [String: Any], _ endPoint: String)`): when the calling task carries a
/// ``ResponseCapture`` (the documented methods set one), the 200 body is collected, stored there and handed on.
struct ResponseCaptureMiddleware: ClientMiddleware {
    /// Success bodies are a few kilobytes; a longer one is handed on without being kept.
    static let bodyLimit = 4 * 1024 * 1024

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard let capture = ResponseCapture.current, response.status.code == 200, let responseBody else {
            return (response, responseBody)
        }
        let data = try await Data(collecting: responseBody, upTo: Self.bodyLimit)
        capture.store(data)
        return (response, HTTPBody(data))
    }
}

/// The body of the last successful answer within one documented method call.
final class ResponseCapture: Sendable {
    @TaskLocal static var current: ResponseCapture?

    private let body = Locked<Data?>(nil)

    func store(_ data: Data) { body.withLock { $0 = data } }

    /// The answer as the dictionary the Public Methods page's delegate receives; empty when there was none or it
    /// was not a JSON object.
    func dictionary() -> [String: Any] {
        guard let data = body.withLock({ $0 }),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }
}
