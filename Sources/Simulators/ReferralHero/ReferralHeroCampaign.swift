import JSONCore

/// A campaign (list): its goal of one, two or three conversion events, which decides the referral states of the
/// Public Methods page, and the default link host.
struct ReferralHeroCampaign: Equatable {
    var uuid: String
    var goal: Int
    var host: String

    static func find(_ uuid: String, _ db: StateDB) throws -> ReferralHeroCampaign? {
        try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM referralhero_campaigns WHERE uuid = ?"), arguments: [uuid]
        ).map {
            ReferralHeroCampaign(uuid: $0["uuid"], goal: $0["goal"], host: $0["host"])
        }
    }

    static func all(_ db: StateDB) throws -> [ReferralHeroCampaign] {
        try String.fetchAll(db.cachedStatement(sql: "SELECT uuid FROM referralhero_campaigns ORDER BY uuid")).compactMap
        {
            try find($0, db)
        }
    }

    static func save(_ campaign: ReferralHeroCampaign, _ db: StateDB) throws {
        try db.execute(
            sql: """
                INSERT INTO referralhero_campaigns (uuid, goal, auto_confirm, host) VALUES (?, ?, ?, ?)
                ON CONFLICT(uuid) DO UPDATE SET goal = excluded.goal, auto_confirm = excluded.auto_confirm,
                    host = excluded.host
                """, arguments: [campaign.uuid, campaign.goal, campaign.goal != 3, campaign.host])
    }

    static func replaceRewards(of uuid: String, with rewards: [(name: String, referrals: Int)], _ db: StateDB) throws {
        try db.execute(sql: "DELETE FROM referralhero_rewards WHERE campaign = ?", arguments: [uuid])
        for (index, reward) in rewards.enumerated() {
            try db.execute(
                sql: "INSERT INTO referralhero_rewards (campaign, id, name, referrals) VALUES (?, ?, ?, ?)",
                arguments: [uuid, index + 1, reward.name, reward.referrals])
        }
    }

    /// A referral's state when it signs up ("1. Add Subscriber"): Confirmed with a goal of one event, else
    /// Pending.
    var signUpStatus: String { goal == 1 ? "confirmed" : "pending" }

    /// A referral's state after its tracked conversion ("3. Track Referral"): Confirmed with a goal of two events
    /// (and one), Unconfirmed with three, until "4. Confirm Referral".
    var convertedStatus: String { goal == 3 ? "unconfirmed" : "confirmed" }

    var json: JSONValue {
        [
            "uuid": .string(uuid), "goal": .number(JSONNumber(goal)), "host": .string(host),
        ]
    }
}
