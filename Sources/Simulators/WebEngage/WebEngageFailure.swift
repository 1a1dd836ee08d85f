import CassetteKit
import JSONCore

/// A refusal of the WebEngage simulator, answered as `{"error":{"code":…,"message":…}}` (the envelope is assumed:
/// the vendor publishes none for these calls).
struct WebEngageFailure: Error {
    var status: Int
    var code: String
    var message: String

    var response: CassetteResponse {
        .json(status: status, ["error": ["code": .string(code), "message": .string(message)]])
    }

    static func invalidLicense(_ license: String) -> WebEngageFailure {
        WebEngageFailure(status: 401, code: "invalid_license", message: "no account has the license code \(license)")
    }

    static func badRequest(_ code: String, _ message: String) -> WebEngageFailure {
        WebEngageFailure(status: 400, code: code, message: message)
    }

    static func notFound(_ code: String, _ message: String) -> WebEngageFailure {
        WebEngageFailure(status: 404, code: code, message: message)
    }

    static func unavailable(_ code: String, _ message: String) -> WebEngageFailure {
        WebEngageFailure(status: 503, code: code, message: message)
    }
}
