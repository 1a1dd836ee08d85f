import CassetteKit
import JSONCore

/// The simulator's refusals, each with its HTTP status and the body `{"error": code, "message": text}` (assumed
/// shapes: WalkMe's content protocol is not public).
struct WalkMeFailure: Error {
    enum Code: String {
        case notFound = "not_found"
        case appNotFound = "app_not_found"
        case invalidCredentials = "invalid_credentials"
        case invalidToken = "invalid_token"
        case tokenExpired = "token_expired"
        case invalidRequest = "invalid_request"
        case invalidEvents = "invalid_events"
        case killSwitched = "kill_switched"

        var status: Int {
            switch self {
            case .notFound, .appNotFound: 404
            case .invalidCredentials, .invalidToken, .tokenExpired: 401
            case .invalidRequest, .invalidEvents: 400
            case .killSwitched: 403
            }
        }
    }

    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var response: CassetteResponse {
        var headers: HeaderFields = [:]
        if code.status == 401 { headers["WWW-Authenticate"] = code == .invalidCredentials ? "Basic" : "Bearer" }
        return .json(
            status: code.status, ["error": .string(code.rawValue), "message": .string(message)], headers: headers)
    }
}
