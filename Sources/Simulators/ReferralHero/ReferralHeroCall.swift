import Foundation
import JSONCore

/// One admitted call against one campaign, inside the simulator's write transaction. A handler checks everything
/// before it writes, so a refusal leaves the state as it was.
struct ReferralHeroCall {
    var campaign: ReferralHeroCampaign
    var now: Int
    var db: StateDB
    /// Set by a call whose writes leave every leaderboard page as it was (``ReferralHeroLeaderboard``).
    let pagesKept = Flag()

    final class Flag {
        var isSet = false
    }

    func answer(_ route: ReferralHeroRoute, method: String, body: Data, query: [String: String]) throws -> JSONValue {
        switch route {
        case .addSubscriber: return try addSubscriber(subscriberBody(body))
        case .pendingReferral: return try createPendingReferral(subscriberBody(body))
        case .trackReferral: return try trackReferral(subscriberBody(body))
        case .organicTrackReferral: return try organicTrackReferral(subscriberBody(body))
        case .referrer: return try referrer(query: query)
        case .leaderboard: return try leaderboard(count: Self.leaderboardCount(query["count"]))
        case .subscriber(let id):
            switch method {
            case "GET": return try subscriber(id).json(db, response: "subscriber_retrieved")
            case "PATCH": return try updateSubscriber(id, subscriberBody(body))
            default:
                _ = try ReferralHeroBody(body, fields: ReferralHeroBody.timestampFields, optional: true)
                return try deleteSubscriber(id)
            }
        case .confirm(let id):
            _ = try ReferralHeroBody(body, fields: ReferralHeroBody.timestampFields, optional: true)
            return try confirmReferral(id)
        case .clickCapture(let id):
            return try captureShare(id, ReferralHeroBody(body, fields: ReferralHeroBody.shareFields))
        case .referrals(let id): return try referrals(of: id)
        case .rewards(let id): return try rewards(of: id)
        }
    }

    /// The leaderboard page a `count` query asks for, held to the REST API's 10…100; 100 without one or for text
    /// that is not a whole number (a number too large for `Int` is not one either, so nothing can trap).
    static func leaderboardCount(_ text: String?) -> Int {
        guard let text, let value = Int(text) else { return 100 }
        return min(100, max(10, value))
    }

    private func subscriberBody(_ data: Data) throws -> ReferralHeroBody {
        try ReferralHeroBody(data, fields: ReferralHeroBody.subscriberFields, aliases: ReferralHeroBody.aliases)
    }

    /// The subscriber `id` of this campaign, or `subscriber_not_found`.
    func subscriber(_ id: String) throws -> ReferralHeroSubscriber {
        guard let subscriber = try ReferralHeroSubscriber.find(id: id, campaign: campaign.uuid, db) else {
            throw ReferralHeroFailure(.subscriberNotFound)
        }
        return subscriber
    }

    /// The body's email: present (`no_email_address`) and well-formed (`invalid_email_address`).
    func email(_ body: ReferralHeroBody) throws -> String {
        guard let email = body.text("email") else { throw ReferralHeroFailure(.noEmailAddress) }
        guard ReferralHeroEmail.isValid(email) else { throw ReferralHeroFailure(.invalidEmailAddress) }
        return email
    }

    /// The subscriber a non-blank `referrer` names, `referrer_not_found` when it names nobody, `nil` when absent.
    func namedReferrer(_ body: ReferralHeroBody) throws -> ReferralHeroSubscriber? {
        guard let referrer = body.text("referrer") else { return nil }
        guard let found = try ReferralHeroSubscriber.find(referrer: referrer, campaign: campaign.uuid, db) else {
            throw ReferralHeroFailure(.referrerNotFound)
        }
        return found
    }

    /// The referrer whose link the device with `fingerprint` clicked last (admin-recorded link clicks).
    func clickedReferrer(_ fingerprint: ReferralHeroFingerprint) throws -> ReferralHeroSubscriber? {
        let clicks = try StateRow.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT referrer FROM referralhero_clicks
                    WHERE campaign = ? AND os_type = ? AND device = ? AND ip_address = ? AND screen_size = ?
                    ORDER BY seq DESC
                    """),
            arguments: [
                campaign.uuid, fingerprint.osType, fingerprint.device, fingerprint.ipAddress, fingerprint.screenSize,
            ])
        for click in clicks {
            if let found = try ReferralHeroSubscriber.find(referrer: click["referrer"], campaign: campaign.uuid, db) {
                return found
            }
        }
        return nil
    }

    /// Stores a new subscriber, referred by `referrer` with a referral in `status`.
    func insert(
        _ body: ReferralHeroBody, email: String, referrer: ReferralHeroSubscriber?, status: String
    ) throws -> ReferralHeroSubscriber {
        let number = try ReferralHeroSchema.next("subscriber", db)
        let signup = try ReferralHeroSchema.next("signup:" + campaign.uuid, db)
        let id = "sub_" + Self.hex(UInt64(number), digits: 12)
        try db.execute(
            sql: """
                INSERT INTO referralhero_subscribers (
                    id, campaign, email, name, phone_number, crypto_wallet_address, crypto_wallet_provider,
                    other_identifier_value, extra_field, extra_field_2, option_field, conversion_amount, points,
                    code, host, source, device, os_type, screen_size, ip_address, referrer_id, referral_status,
                    created_at, updated_at, signup)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, campaign.uuid, email, body.text("name") ?? "", body.text("phone_number") ?? "",
                body.text("crypto_wallet_address") ?? "", body.text("crypto_wallet_provider") ?? "",
                body.text("other_identifier_value") ?? "", body.text("extra_field") ?? "",
                body.text("extra_field_2") ?? "", body.text("option_field_value") ?? "",
                body.values["conversion_value"]?.doubleValue ?? 0,
                body.values["points"]?.numberValue?.integer.map { Int($0) } ?? 0,
                Self.code(campaign: campaign.uuid, id: id), body.host ?? campaign.host, body.text("source"),
                body.text("device"), body.text("os_type"),
                body.text("screen_size").flatMap(ReferralHeroScreenSize.canonical),
                body.text("ip_address"), referrer?.id, status, now, now, signup,
            ])
        return try subscriber(id)
    }

    /// A subscriber's referral code: eight hex digits of an FNV-1a hash of campaign and id, the same on every run.
    static func code(campaign: String, id: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in "\(campaign)/\(id)".utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hex(UInt64(hash), digits: 8)
    }

    /// `value` in lowercase hex, zero-padded to `digits`.
    static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
