import CassetteKit
import JSONCore

/// An error answer of the Adapty backend, in one of the three body forms the SDK reads:
/// `{"error_code":"X"}`, `{"detail":[{"type":"X",…}]}`, `{"errors":[{"code":"X"}]}`.
struct AdaptySimulatorFailure: Error {
    enum Form {
        case errorCode
        case detail(message: String)
        case errors
    }

    var status: Int
    var code: String
    var form: Form

    var response: CassetteResponse {
        switch form {
        case .errorCode:
            return .json(status: status, ["error_code": .string(code)])
        case .detail(let message):
            return .json(status: status, ["detail": [["type": .string(code), "msg": .string(message)]]])
        case .errors:
            return .json(status: status, ["errors": [["code": .string(code)]]])
        }
    }

    /// No or a wrong SDK key (401, `error_code` form).
    static let unauthorized = AdaptySimulatorFailure(status: 401, code: "UNAUTHORIZED", form: .errorCode)
    static let placementNotFound = AdaptySimulatorFailure(status: 404, code: "PLACEMENT_NOT_FOUND", form: .errors)
    static let variationNotFound = AdaptySimulatorFailure(status: 404, code: "VARIATION_NOT_FOUND", form: .errors)
    static let profileNotFound = AdaptySimulatorFailure(status: 404, code: "PROFILE_NOT_FOUND", form: .errors)
    static let notFound = AdaptySimulatorFailure(status: 404, code: "NOT_FOUND", form: .errors)
    static let methodNotAllowed = AdaptySimulatorFailure(status: 405, code: "METHOD_NOT_ALLOWED", form: .errors)

    /// A body that is not what the endpoint takes (400, `detail` form).
    static func invalid(_ message: String) -> AdaptySimulatorFailure {
        AdaptySimulatorFailure(status: 400, code: "value_error", form: .detail(message: message))
    }
}
