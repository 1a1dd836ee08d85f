public import CassetteKit
import Foundation
import JSONCore

/// The ReferralHero SDK API (vendors.md §1) as a stateful simulator, mounted at `/referralhero`: campaigns with a
/// goal of one to three conversion events, subscribers, referrals moving Pending → Unconfirmed → Confirmed as the
/// Public Methods page describes, link-click matching, the leaderboard, rewards and share counts.
///
/// Paths are the contract's (`/lists/{uuid}/subscribers/…`, optionally behind `/api/sdk/v1`). Every answer is the
/// contract's envelope; ids (`sub_000000000001`…) and codes come from counters and the time from
/// ``SimulatorState/now``, so the same calls give the same bytes. Campaigns, rewards, link clicks, tokens and the
/// rate limit are set through the admin API (``respondToAdmin(_:state:)``).
public struct ReferralHeroSimulator: Simulator, WorkingSimulator {
    /// `referralhero`: mounted at `/referralhero`.
    public let vendor = "referralhero"

    /// The simulator; its state lives in the host's store, starting from the demo data.
    public init() {}

    package func registerMigrations(_ migrator: inout StateMigrator) {
        ReferralHeroSchema.register(&migrator)
    }

    /// The default API token (`Authorization`, raw or `Bearer`, or `X-API-Key`).
    public var testCredentials: [TestCredential] {
        [TestCredential(vendor: vendor, name: "token", value: ReferralHeroSchema.defaultToken)]
    }

    /// Empties the `referralhero_…` tables and restores the demo data, as if just started.
    public func reset(state: SimulatorState) async throws {
        try await state.database.write { try ReferralHeroSchema.reset($0) }
    }

    /// Answers one ReferralHero API request (URL relative to `/referralhero`); errors come back as the vendor documents
    /// them, never as a throw.
    public func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        try await work(for: request, state: state).run(on: state.database)
    }

    package func work(for request: CassetteRequest, state: SimulatorState) -> SimulatorWork {
        let now = state.epochSecond
        let target = ReferralHeroRoute.Target(url: request.url)
        guard let parsed = ReferralHeroRoute.parse(method: request.method, segments: target.segments) else {
            return .answer(
                ReferralHeroEnvelope.outside(
                    status: 404, code: "not_found",
                    message:
                        "ReferralHero has no SDK endpoint \(request.method) \(target.segments.joined(separator: "/"))"
                ))
        }
        let (uuid, route) = parsed
        let token = ReferralHeroToken.read(request.headers)
        let body = request.decodedBody
        return .write { db in
            var pagesKept = false
            let response: CassetteResponse
            do {
                try Self.admit(token: token, now: now, db)
                guard !uuid.isEmpty else { throw ReferralHeroFailure(.noListUUID) }
                guard let campaign = try ReferralHeroCampaign.find(uuid, db) else {
                    throw ReferralHeroFailure(.invalidList)
                }
                try Self.checkMediaType(of: body, contentType: request.headers["Content-Type"])
                let call = ReferralHeroCall(campaign: campaign, now: now, db: db)
                if case .leaderboard = route {
                    let count = ReferralHeroCall.leaderboardCount(target.query["count"])
                    response = ReferralHeroEnvelope.ok(
                        written: try ReferralHeroLeaderboard.page(count: count, call: call), now: now)
                } else {
                    let data = try call.answer(route, method: request.method, body: body, query: target.query)
                    response = ReferralHeroEnvelope.ok(data, now: now)
                }
                pagesKept = call.pagesKept.isSet
            } catch let failure as ReferralHeroFailure {
                response = failure.response
            }
            if db.changedRows && !pagesKept { try ReferralHeroLeaderboard.changed(db) }
            return response
        }
    }

    /// A body that is not blank must be declared `application/json` (every request body of the contract is);
    /// anything else is `invalid_request_body`.
    private static func checkMediaType(of body: Data, contentType: String?) throws(ReferralHeroFailure) {
        guard !body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return }
        let type = contentType?.split(separator: ";").first?.trimmingWhitespace().lowercased()
        guard type == "application/json" || type?.hasSuffix("+json") == true else {
            throw ReferralHeroFailure(
                .invalidRequestBody,
                message: "\(ReferralHeroErrorCode.invalidRequestBody.message): the body is not application/json")
        }
    }

    /// Checks the token and counts the call against the rate limit (which counts refused calls too, like the
    /// vendor's hourly allowance that resets 60 minutes after the window opened).
    private static func admit(token: String?, now: Int, _ db: StateDB) throws {
        guard let token else { throw ReferralHeroFailure(.noToken) }
        let known = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM referralhero_tokens WHERE token = ?)"),
            arguments: [token])
        let settings = try ReferralHeroSettings(db)
        guard known == true else {
            throw ReferralHeroFailure(.invalidToken)
        }
        guard let limit = settings.callsPerHour else { return }
        var windowStart = settings.windowStart ?? now
        var calls = settings.windowCalls
        if now - windowStart >= 3600 {
            windowStart = now
            calls = 0
        }
        calls += 1
        try ReferralHeroSettings.set("window_start", windowStart, db)
        try ReferralHeroSettings.set("window_calls", calls, db)
        guard calls <= limit else { throw ReferralHeroFailure(.tooManyCalls) }
    }
}

/// The simulator-wide settings: the hourly call allowance (none by default) and its current window.
struct ReferralHeroSettings {
    var callsPerHour: Int?
    var windowStart: Int?
    var windowCalls: Int

    init(_ db: StateDB) throws {
        var values: [String: Int?] = [:]
        for row in try StateRow.fetchAll(db.cachedStatement(sql: "SELECT key, value FROM referralhero_settings")) {
            values[row["key"]] = row["value"] as Int?
        }
        callsPerHour = values["calls_per_hour"] ?? nil
        windowStart = values["window_start"] ?? nil
        windowCalls = (values["window_calls"] ?? nil) ?? 0
    }

    static func set(_ key: String, _ value: Int?, _ db: StateDB) throws {
        try db.execute(
            sql: """
                INSERT INTO referralhero_settings (key, value) VALUES (?, ?)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, arguments: [key, value])
    }
}
