import Foundation

/// Sends requests with `Authorization: Bearer <token>`; when the server rejects the token (HTTP 401, or an
/// XMLAPI fault 145 the caller detects) it refreshes the token once and retries once.
struct AuthorizedExchange: Sendable {
    /// What one attempt found.
    enum Outcome<Value: Sendable>: Sendable {
        /// Done: return this.
        case done(Value)
        /// The server rejected the token; return `fallback` if the retry is rejected too (nil: throw
        /// ``EngageError/unauthorized(operationID:)``).
        case tokenRejected(fallback: Value?)
    }

    var exchange: HTTPExchange
    var tokens: TokenProvider

    /// POSTs with a bearer token; `interpret` reads each response and may report the token rejected.
    func post<Value: Sendable>(
        path: String, contentType: String, accept: String, body: Data, operationID: String,
        interpret: (HTTPExchangeResponse) throws -> Outcome<Value>
    ) async throws -> Value {
        var fallback: Value?
        for _ in 0..<2 {
            let token = try await tokens.token()
            let response = try await exchange.post(
                path: path, contentType: contentType, accept: accept, authorization: token.authorization,
                body: body, operationID: operationID)
            let outcome: Outcome<Value> =
                response.status == 401 ? .tokenRejected(fallback: nil) : try interpret(response)
            switch outcome {
            case .done(let value):
                return value
            case .tokenRejected(let rejected):
                fallback = rejected
                await tokens.invalidate(token)
            }
        }
        if let fallback { return fallback }
        throw EngageError.unauthorized(operationID: operationID)
    }
}
