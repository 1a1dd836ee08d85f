import GRDB
import JSONCore

/// A subscriber row: the person, their link (`code`, `host`), and, when referred, their referrer, their referral's
/// state (`pending`, `unconfirmed`, `confirmed`; empty when organic).
struct ReferralHeroSubscriber {
    var row: Row

    var id: String { row["id"] }
    var campaign: String { row["campaign"] }
    var email: String { row["email"] }
    var name: String { row["name"] }
    var code: String { row["code"] }
    var host: String { row["host"] }
    var referrerID: String? { row["referrer_id"] }
    var referralStatus: String { row["referral_status"] }
    var referralLink: String { host + "?mwr=" + code }

    static func find(id: String, campaign: String, _ db: Database) throws -> ReferralHeroSubscriber? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM referralhero_subscribers WHERE id = ? AND campaign = ?"),
            arguments: [id, campaign]
        ).map(ReferralHeroSubscriber.init)
    }

    static func find(email: String, campaign: String, _ db: Database) throws -> ReferralHeroSubscriber? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT * FROM referralhero_subscribers WHERE lower(email) = lower(?) AND campaign = ?"),
            arguments: [email, campaign]
        ).map(ReferralHeroSubscriber.init)
    }

    /// The subscriber a `referrer` value names: their referral code, or their email.
    static func find(referrer: String, campaign: String, _ db: Database) throws -> ReferralHeroSubscriber? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT * FROM referralhero_subscribers
                    WHERE campaign = ? AND (code = ? OR lower(email) = lower(?)) ORDER BY seq LIMIT 1
                    """), arguments: [campaign, referrer, referrer]
        ).map(ReferralHeroSubscriber.init)
    }

    /// The campaign's subscribers, most confirmed referrals first, earlier sign-ups first on a tie.
    static func ranking(campaign: String, _ db: Database) throws -> [ReferralHeroSubscriber] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT s.* FROM referralhero_subscribers s WHERE s.campaign = ?
                    ORDER BY (SELECT COUNT(*) FROM referralhero_subscribers r
                              WHERE r.referrer_id = s.id AND r.referral_status = 'confirmed') DESC, s.seq
                    """), arguments: [campaign]
        ).map(ReferralHeroSubscriber.init)
    }

    /// The people this subscriber referred, in sign-up order.
    func referred(_ db: Database) throws -> [ReferralHeroSubscriber] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM referralhero_subscribers WHERE referrer_id = ? ORDER BY seq"),
            arguments: [id]
        ).map(ReferralHeroSubscriber.init)
    }

    /// This subscriber's referrals by state.
    func referralCounts(_ db: Database) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT referral_status, COUNT(*) AS n FROM referralhero_subscribers
                    WHERE referrer_id = ? GROUP BY referral_status
                    """), arguments: [id])
        {
            counts[row["referral_status"]] = row["n"]
        }
        return counts
    }

    /// Each subscriber's leaderboard position (1 first) in `campaign`, by id: one ranking for a whole list.
    static func positions(campaign: String, _ db: Database) throws -> [String: Int] {
        var positions: [String: Int] = [:]
        for (index, subscriber) in try ranking(campaign: campaign, db).enumerated() {
            positions[subscriber.id] = index + 1
        }
        return positions
    }

    /// The subscriber as the contract's `Subscriber` object; `response` names what the call did. `positions`
    /// (from ``positions(campaign:_:)``) saves ranking the campaign again for each subscriber of a list.
    func json(_ db: Database, response: String? = nil, positions: [String: Int]? = nil) throws -> JSONValue {
        let counts = try referralCounts(db)
        let position = try (positions ?? Self.positions(campaign: campaign, db))[id] ?? 0
        var referredBy: JSONValue = [:]
        if let referrerID, let referrer = try Self.find(id: referrerID, campaign: campaign, db) {
            let referred = try referrer.referralCounts(db)["confirmed"] ?? 0
            let phone: String = referrer.row["phone_number"]
            let points: Int = referrer.row["points"]
            referredBy = [
                "id": .string(referrer.id), "name": .string(referrer.name), "email": .string(referrer.email),
                "phone_number": .string(phone), "people_referred": .number(JSONNumber(referred)),
                "points": .number(JSONNumber(points)),
            ]
        }
        var object = JSONObject()
        for key in [
            "phone_number", "crypto_wallet_address", "crypto_wallet_provider", "other_identifier_value", "extra_field",
            "extra_field_2", "option_field",
        ] {
            object[key] = .string(row[key])
        }
        for key in ["source", "device", "os_type", "screen_size", "ip_address"] {
            object[key] = (row[key] as String?).map(JSONValue.string) ?? .null
        }
        for (key, value) in [
            ("position", position), ("people_referred", counts["confirmed"] ?? 0),
            ("pending_referrals", counts["pending"] ?? 0), ("unconfirmed_referrals", counts["unconfirmed"] ?? 0),
            ("level_2_confirmed_referrals", 0), ("level_3_confirmed_referrals", 0), ("points", row["points"]),
            ("risk_level", 0), ("verified_at", row["created_at"]), ("created_at", row["created_at"]),
            ("last_updated_at", row["updated_at"]),
        ] as [(String, Int)] {
            object[key] = .number(JSONNumber(value))
        }
        object["id"] = .string(id)
        object["name"] = .string(name)
        object["email"] = .string(email)
        object["extra_field_3"] = .string("")
        object["extra_field_4"] = .string("")
        object["conversion_amount"] = .number(JSONNumber(row["conversion_amount"] as Double))
        object["code"] = .string(code)
        object["referred"] = .bool(referrerID != nil)
        object["referred_by"] = referredBy
        object["promoted"] = .bool(false)
        object["promoted_at"] = .null
        object["verified"] = .bool(true)
        object["host"] = .string(host)
        object["status"] = .string(referralStatus)
        object["referral_link"] = .string(referralLink)
        object["universal_link"] = .string(referralLink)
        if let response { object["response"] = .string(response) }
        return .object(object)
    }
}
