import GRDB
import JSONCore

/// A campaign (list): how many conversion events a referral needs (`goal`, one to three), whether a referral that
/// reached its goal is confirmed at once or waits Unconfirmed for `confirm`, and the default link host.
struct ReferralHeroCampaign: Equatable {
    var uuid: String
    var goal: Int
    var autoConfirm: Bool
    var host: String

    static func find(_ uuid: String, _ db: Database) throws -> ReferralHeroCampaign? {
        try Row.fetchOne(db, sql: "SELECT * FROM referralhero_campaigns WHERE uuid = ?", arguments: [uuid]).map {
            ReferralHeroCampaign(uuid: $0["uuid"], goal: $0["goal"], autoConfirm: $0["auto_confirm"], host: $0["host"])
        }
    }

    static func all(_ db: Database) throws -> [ReferralHeroCampaign] {
        try String.fetchAll(db, sql: "SELECT uuid FROM referralhero_campaigns ORDER BY uuid").compactMap {
            try find($0, db)
        }
    }

    static func save(_ campaign: ReferralHeroCampaign, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO referralhero_campaigns (uuid, goal, auto_confirm, host) VALUES (?, ?, ?, ?)
                ON CONFLICT(uuid) DO UPDATE SET goal = excluded.goal, auto_confirm = excluded.auto_confirm,
                    host = excluded.host
                """, arguments: [campaign.uuid, campaign.goal, campaign.autoConfirm, campaign.host])
    }

    static func replaceRewards(of uuid: String, with rewards: [(name: String, referrals: Int)], _ db: Database) throws {
        try db.execute(sql: "DELETE FROM referralhero_rewards WHERE campaign = ?", arguments: [uuid])
        for (index, reward) in rewards.enumerated() {
            try db.execute(
                sql: "INSERT INTO referralhero_rewards (campaign, id, name, referrals) VALUES (?, ?, ?, ?)",
                arguments: [uuid, index + 1, reward.name, reward.referrals])
        }
    }

    /// Where a referral stands after `events` conversion events: Pending until the goal, then Confirmed, or
    /// Unconfirmed when confirmation is manual.
    func status(afterEvents events: Int) -> String {
        events < goal ? "pending" : (autoConfirm ? "confirmed" : "unconfirmed")
    }

    var json: JSONValue {
        [
            "uuid": .string(uuid), "goal": .number(JSONNumber(goal)), "auto_confirm": .bool(autoConfirm),
            "host": .string(host),
        ]
    }
}
