import CassetteKit
import JSONCore

/// A refusal of the ReferralHero simulator: one of the contract's error codes, answered as the documented envelope
/// `{"status":"error","message":…,"code":…}` with the status `ReferralHeroErrorCode` gives it (vendors.md §1.5).
struct ReferralHeroFailure: Error {
    var code: ReferralHeroErrorCode
    var message: String

    init(_ code: ReferralHeroErrorCode, message: String? = nil) {
        self.code = code
        self.message = message ?? code.message
    }

    var response: CassetteResponse {
        .json(
            status: code.status,
            ["status": "error", "message": .string(message), "code": .string(code.rawValue)])
    }
}

/// The success envelope: `{"status":"ok","data":…,"calls_left":null,"timestamp":<unix s>}`. `calls_left` is always
/// `null`, because the iOS SDK decodes it as a string and loses the whole answer on a number (§1.5).
enum ReferralHeroEnvelope {
    static func ok(_ data: JSONValue, now: Int) -> CassetteResponse {
        .json(status: 200, ["status": "ok", "data": data, "calls_left": .null, "timestamp": .number(JSONNumber(now))])
    }

    /// An answer outside the contract (no such endpoint or method); the envelope's shape, a plain HTTP status.
    static func outside(status: Int, code: String, message: String) -> CassetteResponse {
        .json(status: status, ["status": "error", "message": .string(message), "code": .string(code)])
    }
}
