import JSONCore

/// A subscriber row: the person, their link (`code`, `host`), and, when referred, their referrer, their referral's
/// state (`pending`, `unconfirmed`, `confirmed`; empty when organic).
///
/// Read once from the columns of ``selection``, by position: GRDB finds a column of a fetched row by name with a
/// case-insensitive scan of every column, and the `Subscriber` object reads some twenty of them (a leaderboard page
/// a hundred times over).
struct ReferralHeroSubscriber {
    var seq: Int64
    var id: String
    var campaign: String
    var email: String
    var name: String
    var phoneNumber: String
    var cryptoWalletAddress: String
    var cryptoWalletProvider: String
    var otherIdentifierValue: String
    var extraField: String
    var extraField2: String
    var optionField: String
    var conversionAmount: Double
    var points: Int
    var code: String
    var host: String
    var source: String?
    var device: String?
    var osType: String?
    var screenSize: String?
    var ipAddress: String?
    var referrerID: String?
    var referralStatus: String
    var createdAt: Int
    var updatedAt: Int
    /// The sign-up number, dense per campaign (``ReferralHeroRanking``).
    var signup: Int64

    var referralLink: String { host + "?mwr=" + code }

    /// The columns ``init(row:)`` reads, in its order: select them as `SELECT \(selection) FROM …`.
    static let selection = """
        seq, id, campaign, email, name, phone_number, crypto_wallet_address, crypto_wallet_provider, \
        other_identifier_value, extra_field, extra_field_2, option_field, conversion_amount, points, code, host, \
        source, device, os_type, screen_size, ip_address, referrer_id, referral_status, created_at, updated_at, signup
        """

    /// The subscriber from a row of ``selection``'s columns.
    init(row: StateRow) {
        seq = row[0]
        id = row[1]
        campaign = row[2]
        email = row[3]
        name = row[4]
        phoneNumber = row[5]
        cryptoWalletAddress = row[6]
        cryptoWalletProvider = row[7]
        otherIdentifierValue = row[8]
        extraField = row[9]
        extraField2 = row[10]
        optionField = row[11]
        conversionAmount = row[12]
        points = row[13]
        code = row[14]
        host = row[15]
        source = row[16]
        device = row[17]
        osType = row[18]
        screenSize = row[19]
        ipAddress = row[20]
        referrerID = row[21]
        referralStatus = row[22]
        createdAt = row[23]
        updatedAt = row[24]
        signup = row[25]
    }

    static func find(id: String, campaign: String, _ db: StateDB) throws -> ReferralHeroSubscriber? {
        try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT \(selection) FROM referralhero_subscribers WHERE id = ? AND campaign = ?"),
            arguments: [id, campaign]
        ).map(ReferralHeroSubscriber.init)
    }

    static func find(email: String, campaign: String, _ db: StateDB) throws -> ReferralHeroSubscriber? {
        try StateRow.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT \(selection) FROM referralhero_subscribers WHERE lower(email) = lower(?) AND campaign = ?
                    """),
            arguments: [email, campaign]
        ).map(ReferralHeroSubscriber.init)
    }

    /// The subscriber a `referrer` value names: their referral code, or their email.
    static func find(referrer: String, campaign: String, _ db: StateDB) throws -> ReferralHeroSubscriber? {
        try StateRow.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT \(selection) FROM referralhero_subscribers
                    WHERE campaign = ? AND (code = ? OR lower(email) = lower(?)) ORDER BY seq LIMIT 1
                    """), arguments: [campaign, referrer, referrer]
        ).map(ReferralHeroSubscriber.init)
    }

    /// The people this subscriber referred, in sign-up order.
    func referred(_ db: StateDB) throws -> [ReferralHeroSubscriber] {
        try StateRow.fetchAll(
            db.cachedStatement(
                sql: "SELECT \(Self.selection) FROM referralhero_subscribers WHERE referrer_id = ? ORDER BY seq"),
            arguments: [id]
        ).map(ReferralHeroSubscriber.init)
    }

    /// This subscriber's referrals by state.
    func referralCounts(_ db: StateDB) throws -> [String: Int] {
        try Self.referralCounts(of: [id], db)[id] ?? [:]
    }

    /// The referrals of each of `ids` by state (an id without referrals has none), in one query: a leaderboard page
    /// asks once instead of once per subscriber.
    static func referralCounts(of ids: [String], _ db: StateDB) throws -> [String: [String: Int]] {
        guard !ids.isEmpty else { return [:] }
        var counts: [String: [String: Int]] = [:]
        let rows = try StateRow.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT referrer_id, referral_status, COUNT(*) FROM referralhero_subscribers
                    WHERE referrer_id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))
                    GROUP BY referrer_id, referral_status
                    """), arguments: StateArguments(ids))
        for row in rows {
            counts[row[0], default: [:]][row[1]] = row[2]
        }
        return counts
    }

    /// The subscriber as the contract's `Subscriber` object; `response` names what the call did. `position` and
    /// `counts` (``referralCounts(_:)``) save working them out again when the caller knows them (a leaderboard).
    func json(
        _ db: StateDB, response: String? = nil, position: Int? = nil, counts: [String: Int]? = nil
    ) throws -> JSONValue {
        let counts = try counts ?? referralCounts(db)
        let position = try position ?? ReferralHeroRanking(campaign: campaign, db).position(of: self, db)
        var referredBy: JSONValue = [:]
        if let referrerID, let referrer = try Self.find(id: referrerID, campaign: campaign, db) {
            referredBy = Self.referredBy(
                id: referrer.id, name: referrer.name, email: referrer.email, phone: referrer.phoneNumber,
                confirmed: try referrer.referralCounts(db)["confirmed"] ?? 0, points: referrer.points)
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
        // In the order the answer is written (its keys sorted), so the writer finds it sorted instead of sorting
        // forty members on every call.
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
        var members: [(String, JSONValue)] = [
            ("code", .string(code)), ("conversion_amount", .number(JSONNumber(conversionAmount))),
            ("created_at", number(createdAt)), ("crypto_wallet_address", .string(cryptoWalletAddress)),
            ("crypto_wallet_provider", .string(cryptoWalletProvider)), ("device", text(device)),
            ("email", .string(email)), ("extra_field", .string(extraField)), ("extra_field_2", .string(extraField2)),
            ("extra_field_3", .string("")), ("extra_field_4", .string("")), ("host", .string(host)),
            ("id", .string(id)), ("ip_address", text(ipAddress)), ("last_updated_at", number(updatedAt)),
            ("level_2_confirmed_referrals", number(0)), ("level_3_confirmed_referrals", number(0)),
            ("name", .string(name)), ("option_field", .string(optionField)), ("os_type", text(osType)),
            ("other_identifier_value", .string(otherIdentifierValue)), ("pending_referrals", number(pending)),
            ("people_referred", number(confirmed)), ("phone_number", .string(phoneNumber)),
            ("points", number(points)), ("position", number(position)), ("promoted", .bool(false)),
            ("promoted_at", .null), ("referral_link", .string(referralLink)), ("referred", .bool(referrerID != nil)),
            ("referred_by", referredBy),
        ]
        if let response { members.append(("response", .string(response))) }
        members += [
            ("risk_level", number(0)), ("screen_size", text(screenSize)), ("source", text(source)),
            ("status", .string(referralStatus)), ("unconfirmed_referrals", number(unconfirmed)),
            ("universal_link", .string(referralLink)), ("verified", .bool(true)), ("verified_at", number(createdAt)),
        ]
        return .object(JSONObject(members))
    }
}
