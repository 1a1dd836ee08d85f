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

    /// The subscriber as the contract's `Subscriber` object; `response` names what the call did. `position` saves
    /// working it out again when the caller knows it (a leaderboard).
    func json(_ db: Database, response: String? = nil, position: Int? = nil) throws -> JSONValue {
        let counts = try referralCounts(db)
        let position = try position ?? ReferralHeroRanking(campaign: campaign, db).position(of: self, db)
        var referredBy: JSONValue = [:]
        if let referrerID, let referrer = try Self.find(id: referrerID, campaign: campaign, db) {
            let phone: String = referrer.row["phone_number"]
            referredBy = Self.referredBy(
                id: referrer.id, name: referrer.name, email: referrer.email, phone: phone,
                confirmed: try referrer.referralCounts(db)["confirmed"] ?? 0, points: referrer.row["points"])
        }
        return json(
            counts: counts["confirmed"] ?? 0, counts["pending"] ?? 0, counts["unconfirmed"] ?? 0, position: position,
            referredBy: referredBy, response: response)
    }

    /// The `referred_by` object of a referred subscriber.
    static func referredBy(
        id: String, name: String, email: String, phone: String, confirmed: Int, points: Int
    ) -> JSONValue {
        [
            "id": .string(id), "name": .string(name), "email": .string(email), "phone_number": .string(phone),
            "people_referred": .number(JSONNumber(confirmed)), "points": .number(JSONNumber(points)),
        ]
    }

    /// The `Subscriber` object from this row and what other rows say about it.
    func json(
        counts confirmed: Int, _ pending: Int, _ unconfirmed: Int, position: Int, referredBy: JSONValue,
        response: String?
    ) -> JSONValue {
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
            ("position", position), ("people_referred", confirmed), ("pending_referrals", pending),
            ("unconfirmed_referrals", unconfirmed),
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
