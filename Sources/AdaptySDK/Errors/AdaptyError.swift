public import Foundation
public import JSONCore

/// Everything that can go wrong in AdaptySDK's network, profile and placement calls. Each case carries the
/// context a reader needs (endpoint, status, server code) and maps to one documented ``ErrorCode``; none carries
/// the SDK key.
public enum AdaptyError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// A call came before `Adapty.activate(with:)`, or the key was refused (HTTP 401/403).
    case notActivated(detail: String)
    /// `activate` was called twice on the shared instance.
    case activateOnce
    /// The server refused the request (any 4xx but 401, 403, 429, 444, 499): `badRequest` (2003).
    case badRequest(endpoint: String, status: Int, serverCode: String?)
    /// The server failed or asked to wait (429, 444, 499, 5xx), or the backend is blocked after such an answer:
    /// `serverError` (2004).
    case serverError(endpoint: String, status: Int, serverCode: String?, retryAfter: Date?)
    /// The request did not reach the server or timed out: `networkFailed` (2005).
    case networkFailed(endpoint: String, detail: String)
    /// The server's answer is not the JSON the contract describes: `decodingFailed` (2006).
    case decodingFailed(endpoint: String, detail: String)
    /// A request body could not be encoded: `encodingFailed` (2009).
    case encodingFailed(detail: String)
    /// Analytics are disabled for this profile, so the event was not logged: `analyticsDisabled` (3000).
    case analyticsDisabled
    /// A parameter has a value the SDK cannot use: `wrongParam` (3001).
    case wrongParam(name: String, detail: String)
    /// Data the SDK was given has a format it does not support (a fallback file of another version):
    /// `unsupportedData` (3007).
    case unsupportedData(detail: String)

    /// The documented error code of this error.
    public var adaptyErrorCode: ErrorCode {
        switch self {
        case .notActivated: .notActivated
        case .activateOnce: .activateOnceError
        case .badRequest: .badRequest
        case .serverError: .serverError
        case .networkFailed: .networkFailed
        case .decodingFailed: .decodingFailed
        case .encodingFailed: .encodingFailed
        case .analyticsDisabled: .analyticsDisabled
        case .wrongParam: .wrongParam
        case .unsupportedData: .unsupportedData
        }
    }

    /// The error domain of `AdaptyError` on Apple platforms.
    public static let errorDomain = "AdaptyErrorDomain"

    /// What went wrong and what to do next.
    public var description: String {
        let code = "AdaptyError \(adaptyErrorCode.rawValue) \(adaptyErrorCode)"
        switch self {
        case .notActivated(let detail):
            return "\(code): \(detail); activate Adapty with a valid public SDK key first"
        case .activateOnce:
            return "\(code): Adapty is already activated; call activate(with:) once per app launch"
        case .badRequest(let endpoint, let status, let serverCode):
            return "\(code): \(endpoint) was refused with HTTP \(status)" + Self.describe(serverCode)
        case .serverError(let endpoint, let status, let serverCode, let retryAfter):
            let wait = retryAfter.map { "; requests are blocked until \(Self.timestamp($0))" } ?? ""
            return "\(code): \(endpoint) failed with HTTP \(status)" + Self.describe(serverCode) + wait
        case .networkFailed(let endpoint, let detail):
            return "\(code): \(endpoint) did not reach Adapty: \(detail)"
        case .decodingFailed(let endpoint, let detail):
            return "\(code): the answer of \(endpoint) could not be decoded: \(detail)"
        case .encodingFailed(let detail):
            return "\(code): the request could not be encoded: \(detail)"
        case .analyticsDisabled:
            return "\(code): analytics are disabled for this profile (analytics_disabled); nothing was logged"
        case .wrongParam(let name, let detail):
            return "\(code): `\(name)` \(detail)"
        case .unsupportedData(let detail):
            return "\(code): \(detail)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// The cross-platform plugin form: `{"adapty_code": <int>, "message": "…", "detail": "…"}`.
    public var pluginJSON: JSONValue {
        [
            "adapty_code": .number(JSONNumber(adaptyErrorCode.rawValue)),
            "message": .string(description),
            "detail": .string("AdaptyError.\(adaptyErrorCode)"),
        ]
    }

    private static func describe(_ serverCode: String?) -> String {
        serverCode.map { " (\($0))" } ?? ""
    }

    static func timestamp(_ date: Date) -> String {
        AdaptyDateCoding.string(from: date)
    }
}
