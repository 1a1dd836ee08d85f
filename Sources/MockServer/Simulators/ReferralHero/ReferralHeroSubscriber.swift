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

    /// The campaign's leaderboard in one query: each subscriber in ranking order with their referral counts and
    /// their referrer, as the contract's `Subscriber` objects (what ``json(_:response:positions:)`` gives for
    /// each, without a query per subscriber).
    static func leaderboard(campaign: String, _ db: Database) throws -> [JSONValue] {
        // A cursor, not fetchAll: its rows find columns by name through the statement's index, where a copied
        // row lower-cases every column name at each lookup (most of the call's time with 40 columns).
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    WITH counts AS (
                        SELECT referrer_id AS id,
                            SUM(referral_status = 'confirmed') AS confirmed,
                            SUM(referral_status = 'pending') AS pending,
                            SUM(referral_status = 'unconfirmed') AS unconfirmed
                        FROM referralhero_subscribers WHERE referrer_id IS NOT NULL GROUP BY referrer_id)
                    SELECT s.*,
                        COALESCE(c.confirmed, 0) AS rank_confirmed, COALESCE(c.pending, 0) AS rank_pending,
                        COALESCE(c.unconfirmed, 0) AS rank_unconfirmed,
                        r.id AS referrer_row_id, r.name AS referrer_name, r.email AS referrer_email,
                        r.phone_number AS referrer_phone, r.points AS referrer_points,
                        COALESCE(rc.confirmed, 0) AS referrer_confirmed
                    FROM referralhero_subscribers s
                    LEFT JOIN counts c ON c.id = s.id
                    LEFT JOIN referralhero_subscribers r ON r.id = s.referrer_id AND r.campaign = s.campaign
                    LEFT JOIN counts rc ON rc.id = r.id
                    WHERE s.campaign = ?
                    ORDER BY rank_confirmed DESC, s.seq
                    """), arguments: [campaign])
        var entries: [JSONValue] = []
        while let row = try rows.next() {
            var referredBy: JSONValue = [:]
            if let referrerID: String = row["referrer_row_id"] {
                referredBy = Self.referredBy(
                    id: referrerID, name: row["referrer_name"], email: row["referrer_email"],
                    phone: row["referrer_phone"], confirmed: row["referrer_confirmed"], points: row["referrer_points"])
            }
            entries.append(
                ReferralHeroSubscriber(row: row).json(
                    counts: row["rank_confirmed"], row["rank_pending"], row["rank_unconfirmed"],
                    position: entries.count + 1, referredBy: referredBy, response: nil))
        }
        return entries
    }

    /// The `Subscriber` object from this row and what other rows say about it.
    private func json(
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
