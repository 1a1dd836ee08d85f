import CassetteKit
import Foundation
import JSONCore

/// `/oauth/token` (§1): the refresh-token grant, and the bearer check the other endpoints share.
///
/// Errors follow RFC 6749 (§1.3): `401 {"error":"invalid_client"}` for an unknown client id or secret,
/// `400 {"error":"invalid_grant"}` for an unknown refresh token, `400 {"error":"unsupported_grant_type"}` for
/// another grant, `400 {"error":"invalid_request"}` for a body that is not a form with the four fields, and
/// `429 {"error":"rate_limit_exceeded"}` once `tokensPerHour` tokens were issued in the last hour.
///
/// Cassette replay: recorded requests carry redaction placeholders (`<redacted:client_secret:1>`) instead of
/// secrets. A placeholder is accepted as the configured client secret or refresh token (the client id is never
/// redacted, so a wrong client is still refused), and a bearer placeholder stands for the most recent token issued
/// that no other placeholder stands for, so a replayed cassette uses the tokens the simulator issued in order.
enum EngageOAuth {
    static func respond(to request: CassetteRequest, db: StateDB, now: Date) throws -> CassetteResponse {
        let settings = try EngageSettings.load(db)
        guard MediaType(contentType: request.headers["Content-Type"]) == .form,
            let fields = FormCoding.decode(validating: request.decodedBody)?.lastValues
        else {
            return error(400, "invalid_request", "The body must be application/x-www-form-urlencoded.")
        }
        for name in ["grant_type", "client_id", "client_secret"] where (fields[name] ?? "").isEmpty {
            return error(400, "invalid_request", "Missing parameter: \(name)")
        }
        guard fields["client_id"] == settings.clientID, fields["client_secret"] == settings.clientSecret
        else {
            return error(401, "invalid_client", "Client authentication failed.")
        }
        guard fields["grant_type"] == "refresh_token" else {
            return error(400, "unsupported_grant_type", "Only the refresh_token grant is supported.")
        }
        guard let refreshToken = fields["refresh_token"], refreshToken == settings.refreshToken else {
            return error(400, "invalid_grant", "The refresh token is invalid or has been revoked.")
        }
        if settings.tokensPerHour > 0 {
            let issued =
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT COUNT(*) FROM engage_tokens WHERE issued_at > ?"),
                    arguments: [now.timeIntervalSince1970 - 3600]) ?? 0
            if issued >= settings.tokensPerHour {
                return error(
                    429, "rate_limit_exceeded",
                    "The hourly limit of \(settings.tokensPerHour) access tokens for this Engage org was reached.")
            }
        }
        let token = "sim-token-\(try EngageSchema.next(db, counter: "token"))"
        try db.execute(
            sql: "INSERT INTO engage_tokens(token, issued_at, expires_at) VALUES (?, ?, ?)",
            arguments: [
                token, now.timeIntervalSince1970, now.timeIntervalSince1970 + Double(settings.tokenLifetime),
            ])
        return .json(
            status: 200,
            [
                "access_token": .string(token), "token_type": "bearer", "refresh_token": .string(refreshToken),
                "expires_in": .number(JSONNumber(settings.tokenLifetime)),
            ])
    }

    static func error(_ status: Int, _ code: String, _ description: String) -> CassetteResponse {
        .json(status: status, ["error": .string(code), "error_description": .string(description)])
    }

    /// Checks `Authorization: Bearer <token>` and counts the use. Returns why it is refused, or nil.
    static func refusal(_ authorization: String?, db: StateDB, now: Date) throws -> String? {
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else {
            return "no bearer token"
        }
        let token = authorization.dropFirst("bearer ".count).trimmingWhitespace()
        guard
            let row = try StateRow.fetchOne(
                db.cachedStatement(sql: "SELECT expires_at, uses, revoked FROM engage_tokens WHERE token = ?"),
                arguments: [token])
        else { return "unknown access token" }
        let settings = try EngageSettings.load(db)
        let expiresAt: Double = row["expires_at"]
        let uses: Int = row["uses"]
        let revoked: Bool = row["revoked"]
        if revoked || expiresAt <= now.timeIntervalSince1970 { return "access token expired" }
        if settings.tokenUseLimit > 0, uses >= settings.tokenUseLimit { return "access token expired" }
        try db.execute(sql: "UPDATE engage_tokens SET uses = uses + 1 WHERE token = ?", arguments: [token])
        return nil
    }
}
