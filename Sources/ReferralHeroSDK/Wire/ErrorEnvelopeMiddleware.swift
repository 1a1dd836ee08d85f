import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Turns every answer but a 200 into a thrown ``RHError``: the contract's error envelope for its status
/// (`BadRequestError`, `UnauthorizedError`, …) becomes ``RHError/server(_:)``, anything else
/// ``RHError/unexpectedResponse(status:detail:)``.
///
/// One place for the error side of all thirteen operations; the generated client then only decodes successes.
struct ErrorEnvelopeMiddleware: ClientMiddleware {
    /// Error bodies are a few hundred bytes; anything longer is not an envelope.
    static let bodyLimit = 64 * 1024

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code != 200 else { return (response, responseBody) }
        var data = Data()
        do {
            if let responseBody { data = try await Data(collecting: responseBody, upTo: Self.bodyLimit) }
        } catch {
            throw RHError.unexpectedResponse(status: response.status.code, detail: "unreadable body (\(error))")
        }
        throw Self.error(status: response.status.code, body: data)
    }

    static func error(status: Int, body: Data) -> RHError {
        do {
            let envelope: any ErrorEnvelope
            switch status {
            case 400: envelope = try JSONDecoder().decode(Components.Schemas.BadRequestError.self, from: body)
            case 401: envelope = try JSONDecoder().decode(Components.Schemas.UnauthorizedError.self, from: body)
            case 403: envelope = try JSONDecoder().decode(Components.Schemas.ForbiddenError.self, from: body)
            case 404: envelope = try JSONDecoder().decode(Components.Schemas.NotFoundError.self, from: body)
            case 429: envelope = try JSONDecoder().decode(Components.Schemas.TooManyRequestsError.self, from: body)
            default: return .unexpectedResponse(status: status, detail: excerpt(body))
            }
            guard let code = RHErrorCode(rawValue: envelope.codeName) else {
                return .unexpectedResponse(status: status, detail: "unknown code '\(envelope.codeName)'")
            }
            return .server(RHServerError(code: code, message: envelope.message, httpStatus: status))
        } catch {
            return .unexpectedResponse(status: status, detail: "not an error envelope for \(status): \(excerpt(body))")
        }
    }

    private static func excerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        return text.isEmpty ? "empty body" : text
    }
}

/// The generated error envelopes, one per HTTP status, seen alike.
protocol ErrorEnvelope {
    var message: String { get }
    var codeName: String { get }
}

extension Components.Schemas.BadRequestError: ErrorEnvelope {
    var codeName: String { code.rawValue }
}

extension Components.Schemas.UnauthorizedError: ErrorEnvelope {
    var codeName: String { code.rawValue }
}

extension Components.Schemas.ForbiddenError: ErrorEnvelope {
    var codeName: String { code.rawValue }
}

extension Components.Schemas.NotFoundError: ErrorEnvelope {
    var codeName: String { code.rawValue }
}

extension Components.Schemas.TooManyRequestsError: ErrorEnvelope {
    var codeName: String { code.rawValue }
}
