import JSONCore

/// A campaign's ranking, most confirmed referrals first and earlier sign-ups first on a tie, worked out without
/// reading the whole campaign: only the subscribers with a confirmed referral are read (through the index on
/// `referral_status`), and everyone else's place follows from their sign-up number (`signup`, dense per campaign)
/// less the earlier sign-ups who left (`referralhero_departures`). A position or a leaderboard page costs the
/// same with 1,000 subscribers as with 100,000 while few of them have confirmed referrals.
struct ReferralHeroRanking {
    /// A subscriber with at least one confirmed referral.
    struct Referrer {
        var id: String
        var seq: Int64
        var confirmed: Int
    }

    let campaign: String
    /// The subscribers with confirmed referrals, in ranking order.
    let referrers: [Referrer]

    init(campaign: String, _ db: StateDB) throws {
        self.campaign = campaign
        referrers = try StateRow.fetchAll(db.cachedStatement(sql: Self.referrersSQL), arguments: [campaign]).map {
            row in
            Referrer(id: row["id"], seq: row["seq"], confirmed: row["confirmed"])
        }
    }

    /// The subscribers with confirmed referrals and their counts, in ranking order. The counts are taken first, from
    /// the index on `referral_status` alone, and only then joined to their referrers: joined first and grouped after
    /// (`GROUP BY s.id, s.seq`, which PostgreSQL needs), SQLite starts from the campaign's subscribers and reads every
    /// one of them per call (`QueryPlanTests` holds the plan).
    static let referrersSQL = """
        SELECT s.id AS id, s.seq AS seq, c.confirmed AS confirmed
        FROM (
            SELECT referrer_id, COUNT(*) AS confirmed FROM referralhero_subscribers
            WHERE referral_status = 'confirmed' GROUP BY referrer_id
        ) c JOIN referralhero_subscribers s ON s.id = c.referrer_id
        WHERE s.campaign = ? ORDER BY c.confirmed DESC, s.seq
        """

    /// The subscriber's place, 1 first.
    func position(of subscriber: ReferralHeroSubscriber, _ db: StateDB) throws -> Int {
        let seq = subscriber.seq
        if let index = referrers.firstIndex(where: { $0.id == subscriber.id }) { return index + 1 }
        // Without a confirmed referral: behind every referrer, and behind the earlier sign-ups still here.
        let signup = subscriber.signup
        let departed =
            try Int64.fetchOne(
                db.cachedStatement(
                    sql: "SELECT COUNT(*) FROM referralhero_departures WHERE campaign = ? AND signup < ?"),
                arguments: [campaign, signup]) ?? 0
        let earlier = Int(max(0, signup - 1 - departed))
        let earlierReferrers = referrers.filter { $0.seq < seq }.count
        return referrers.count + earlier - earlierReferrers + 1
    }

    /// The first `limit` subscribers of the ranking with their places.
    func top(_ limit: Int, _ db: StateDB) throws -> [(ReferralHeroSubscriber, Int)] {
        var entries: [(ReferralHeroSubscriber, Int)] = []
        for referrer in referrers.prefix(limit) {
            guard let subscriber = try ReferralHeroSubscriber.find(id: referrer.id, campaign: campaign, db) else {
                continue
            }
            entries.append((subscriber, entries.count + 1))
        }
        guard entries.count < limit else { return entries }
        let ranked = Set(referrers.map(\.id))
        // At most `limit` more rows are needed, and the referrers already placed may stand among them.
        let rows = try StateRow.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(ReferralHeroSubscriber.selection) FROM referralhero_subscribers
                    WHERE campaign = ? ORDER BY seq LIMIT ?
                    """),
            arguments: [campaign, limit - entries.count + ranked.count])
        for row in rows where entries.count < limit {
            let subscriber = ReferralHeroSubscriber(row: row)
            if ranked.contains(subscriber.id) { continue }
            entries.append((subscriber, entries.count + 1))
        }
        return entries
    }

    /// Every subscriber of the campaign in ranking order (the admin listing, which shows them all).
    func all(_ db: StateDB) throws -> [(ReferralHeroSubscriber, Int)] {
        let count =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT COUNT(*) FROM referralhero_subscribers WHERE campaign = ?"),
                arguments: [campaign]) ?? 0
        return try top(count, db)
    }
}
