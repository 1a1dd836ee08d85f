public import CassetteKit
import Foundation
import JSONCore

extension ReferralHeroSimulator {
    /// The simulator's admin API, under `/__harness/vendors/referralhero`:
    ///
    /// | request | effect |
    /// | --- | --- |
    /// | `GET /campaigns` | the campaigns and their settings |
    /// | `PUT /campaigns/{uuid}` `{"goal":1-3,"host":url}` | creates or changes a campaign (keys optional) |
    /// | `DELETE /campaigns/{uuid}` | removes a campaign (its calls then answer `invalid_list`) |
    /// | `PUT /campaigns/{uuid}/rewards` `{"rewards":[{"name":…,"referrals":n}]}` | replaces the rewards |
    /// | `POST /campaigns/{uuid}/clicks` `{"referrer","os_type","device","ip_address","screen_size"}` | records a link click |
    /// | `GET /campaigns/{uuid}/subscribers` | the subscribers, with their share counts per channel |
    /// | `PUT /rate-limit` `{"calls_per_hour":n or null}` | sets the hourly allowance and opens a new window |
    /// | `PUT /tokens` `{"tokens":[…]}` | replaces the accepted API tokens (a cassette's redaction placeholder is never one) |
    public func respondToAdmin(_ request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        let segments = ReferralHeroRoute.Target(url: request.url).segments
        let body = request.decodedBody
        let method = request.method
        return try await state.database.write { db in
            let response: CassetteResponse
            do {
                response = .json(status: 200, try Self.admin(method, segments, body: body, db))
            } catch let failure as AdminFailure {
                response = .json(
                    status: failure.status, ["error": .string(failure.error), "message": .string(failure.message)])
            }
            if db.changedRows { try ReferralHeroLeaderboard.changed(db) }
            return response
        }
    }

    private struct AdminFailure: Error {
        var status: Int
        var error: String
        var message: String

        static func badRequest(_ message: String) -> AdminFailure {
            AdminFailure(status: 400, error: "bad request", message: message)
        }
    }

    private static func admin(_ method: String, _ segments: [String], body: Data, _ db: StateDB) throws -> JSONValue {
        let object = { () throws -> JSONObject in
            guard let value = try? JSONValue(parsing: body), let object = value.objectValue else {
                throw AdminFailure.badRequest("the body must be a JSON object")
            }
            return object
        }
        switch (method, segments.count, segments.first) {
        case ("GET", 1, "campaigns"):
            return ["campaigns": .array(try ReferralHeroCampaign.all(db).map(\.json))]
        case ("PUT", 2, "campaigns"):
            let fields = try object()
            var campaign =
                try ReferralHeroCampaign.find(segments[1], db)
                ?? ReferralHeroCampaign(uuid: segments[1], goal: 1, host: "https://example.com")
            if let goal = fields["goal"] {
                guard let value = goal.numberValue?.integer, (1...3).contains(value) else {
                    throw AdminFailure.badRequest("`goal` must be 1, 2 or 3 conversion events")
                }
                campaign.goal = Int(value)
            }
            if fields["auto_confirm"] != nil {
                throw AdminFailure.badRequest(
                    "`auto_confirm` is not a campaign setting: a goal of three events leaves tracked referrals "
                        + "Unconfirmed until ConfirmReferral (Public Methods, 3. and 4.)")
            }
            if let host = fields["host"] {
                guard let value = host.stringValue, !value.isEmpty else {
                    throw AdminFailure.badRequest("`host` is a non-empty string")
                }
                campaign.host = value
            }
            try ReferralHeroCampaign.save(campaign, db)
            return campaign.json
        case ("DELETE", 2, "campaigns"):
            try db.execute(sql: "DELETE FROM referralhero_campaigns WHERE uuid = ?", arguments: [segments[1]])
            return ["deleted": .string(segments[1])]
        case ("PUT", 3, "campaigns") where segments[2] == "rewards":
            let campaign = try existingCampaign(segments[1], db)
            guard let items = try object()["rewards"]?.arrayValue else {
                throw AdminFailure.badRequest("`rewards` must be an array of {name, referrals}")
            }
            let rewards = try items.map { item -> (name: String, referrals: Int) in
                guard let name = item["name"]?.stringValue, let referrals = item["referrals"]?.numberValue?.integer,
                    referrals >= 0
                else { throw AdminFailure.badRequest("each reward needs a `name` and `referrals` ≥ 0") }
                return (name, Int(referrals))
            }
            try ReferralHeroCampaign.replaceRewards(of: campaign.uuid, with: rewards, db)
            return ["rewards": .number(JSONNumber(rewards.count))]
        case ("POST", 3, "campaigns") where segments[2] == "clicks":
            let campaign = try existingCampaign(segments[1], db)
            let fields = try object()
            let text = { (key: String) in fields[key]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
            guard let referrer = text("referrer"),
                let fingerprint = ReferralHeroFingerprint(
                    osType: text("os_type"), device: text("device"), ipAddress: text("ip_address"),
                    screenSize: text("screen_size"))
            else {
                throw AdminFailure.badRequest(
                    "a click needs `referrer` and `os_type`, `device`, `ip_address`, `screen_size` (WIDTH x HEIGHT)")
            }
            let click = try Int.fetchOne(
                db,
                sql: """
                    INSERT INTO referralhero_clicks (campaign, referrer, os_type, device, ip_address, screen_size)
                    VALUES (?, ?, ?, ?, ?, ?) RETURNING seq
                    """,
                arguments: [
                    campaign.uuid, referrer, fingerprint.osType, fingerprint.device, fingerprint.ipAddress,
                    fingerprint.screenSize,
                ])
            return ["click": click.map { .number(JSONNumber($0)) } ?? .null]
        case ("GET", 3, "campaigns") where segments[2] == "subscribers":
            let campaign = try existingCampaign(segments[1], db)
            let ranked = try ReferralHeroRanking(campaign: campaign.uuid, db).all(db)
            let positions = Dictionary(ranked.map { ($0.0.id, $0.1) }) { first, _ in first }
            let subscribers = ranked.map(\.0).sorted { $0.seq < $1.seq }
            let entries = try subscribers.map { subscriber -> JSONValue in
                var shares = JSONObject()
                let rows = try StateRow.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT social, count FROM referralhero_shares WHERE subscriber_id = ? ORDER BY social"),
                    arguments: [subscriber.id])
                for row in rows {
                    let count: Int = row["count"]
                    shares[row["social"]] = .number(JSONNumber(count))
                }
                let json = try subscriber.json(db, position: positions[subscriber.id])
                return ["subscriber": json, "shares": .object(shares)]
            }
            return ["subscribers": .array(entries)]
        case ("PUT", 1, "rate-limit"):
            let limit = try object()["calls_per_hour"]
            guard limit == nil || limit == .null || (limit?.numberValue?.integer ?? -1) >= 0 else {
                throw AdminFailure.badRequest("`calls_per_hour` is a count ≥ 0 or null")
            }
            let value = limit?.numberValue?.integer.map { Int($0) }
            try ReferralHeroSettings.set("calls_per_hour", value, db)
            try ReferralHeroSettings.set("window_start", nil, db)
            try ReferralHeroSettings.set("window_calls", 0, db)
            let answer: JSONValue = value.map { JSONValue.number(JSONNumber($0)) } ?? .null
            return ["calls_per_hour": answer]
        case ("PUT", 1, "tokens"):
            let fields = try object()
            guard let tokens = fields["tokens"]?.arrayValue?.compactMap(\.stringValue), !tokens.isEmpty else {
                throw AdminFailure.badRequest("`tokens` is a non-empty array of strings")
            }
            try db.execute(sql: "DELETE FROM referralhero_tokens")
            for token in tokens {
                try db.execute(
                    sql: "INSERT INTO referralhero_tokens (token) VALUES (?) ON CONFLICT DO NOTHING", arguments: [token]
                )
            }
            return ["tokens": .number(JSONNumber(tokens.count))]
        default:
            throw AdminFailure(
                status: 404, error: "not found",
                message: "referralhero has no admin endpoint \(method) /\(segments.joined(separator: "/"))")
        }
    }

    private static func existingCampaign(_ uuid: String, _ db: StateDB) throws -> ReferralHeroCampaign {
        guard let campaign = try ReferralHeroCampaign.find(uuid, db) else {
            throw AdminFailure(
                status: 404, error: "not found", message: "no campaign \(uuid); PUT /campaigns/\(uuid) first")
        }
        return campaign
    }
}
