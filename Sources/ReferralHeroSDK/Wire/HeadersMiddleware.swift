import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sets the headers every ReferralHero call carries (§1.1): the raw token in `Authorization`, the API version in
/// `Accept`, and `Content-Type: application/json` on a call with a body.
struct HeadersMiddleware: ClientMiddleware {
    static let accept = "application/vnd.referralhero.v1"
    static let contentType = "application/json"

    let apiToken: String

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = apiToken
        request.headerFields[.accept] = Self.accept
        if body != nil { request.headerFields[.contentType] = Self.contentType }
        return try await next(request, body, baseURL)
    }
}
