public import Foundation

/// Everything that can go wrong in ReferralHeroSDK. Each case says what to do next; none carries the API token.
public enum RHError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// A parameter the method needs is missing or blank; nothing was sent.
    case missingParameter(String, endpoint: RHEndpoint)
    /// A parameter has a value the SDK cannot send; nothing was sent.
    case invalidParameter(String, value: String, expected: String, endpoint: RHEndpoint)
    /// The method works on the stored subscriber, and none is stored; nothing was sent.
    case noStoredSubscriber(endpoint: RHEndpoint)
    /// The server answered with its error envelope.
    case server(RHServerError)
    /// The server answered with something the contract does not describe.
    case unexpectedResponse(status: Int, detail: String)
    /// The request did not reach the server, or its answer did not come back.
    case transport(String)
    /// The subscriber store could not be read or written.
    case subscriberStore(String)
    /// A method of an instance not configured yet (``RH`` before ``RHApiKey/configure(withAPIKey:withuuID:)``); nothing
    /// was sent.
    case notConfigured(endpoint: RHEndpoint)

    /// What went wrong and what to do next; never the API token.
    public var description: String {
        switch self {
        case .missingParameter(let name, let endpoint):
            return "\(endpoint.rawValue): `\(name)` is required; set it and call again (nothing was sent)"
        case .invalidParameter(let name, let value, let expected, let endpoint):
            return "\(endpoint.rawValue): `\(name)` is '\(value)', expected \(expected) (nothing was sent)"
        case .noStoredSubscriber(let endpoint):
            return "\(endpoint.rawValue): no subscriber is stored; call formSubmit(param:) first (nothing was sent)"
        case .server(let error):
            return error.description
        case .unexpectedResponse(let status, let detail):
            return "ReferralHero answered HTTP \(status) outside its contract: \(detail)"
        case .transport(let detail):
            return "ReferralHero could not be reached: \(detail)"
        case .subscriberStore(let detail):
            return "the stored subscriber id could not be used: \(detail)"
        case .notConfigured(let endpoint):
            return "\(endpoint.rawValue): RH is not configured; call RHApiKey.configure(withAPIKey:withuuID:) at launch"
                + " (nothing was sent)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

/// An error envelope the server sent: `{"status":"error","message":…,"code":…}` and its HTTP status.
public struct RHServerError: Sendable, Hashable, CustomStringConvertible {
    /// The server's `code`.
    public var code: RHErrorCode
    /// The server's `message`.
    public var message: String
    /// The HTTP status of the answer.
    public var httpStatus: Int

    /// An error envelope of `code` and `message` answered with `httpStatus`.
    public init(code: RHErrorCode, message: String, httpStatus: Int) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
    }

    /// The refusal with its status, code and message.
    public var description: String {
        "ReferralHero refused the call: HTTP \(httpStatus) \(code.rawValue): \(message)"
    }
}
