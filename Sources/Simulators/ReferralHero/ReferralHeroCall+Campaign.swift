import JSONCore

extension ReferralHeroCall {
    /// `getLeaderboard`: the campaign's first 100 subscribers, most confirmed referrals first (the REST API's
    /// leaderboard takes `count` from 10 to 100; the SDK sends none, and the simulator answers the largest page,
    /// `count` in the query choosing fewer).
    func leaderboard(count: Int = 100) throws -> JSONValue {
        let ranking = try ReferralHeroRanking(campaign: campaign.uuid, db)
        let top = try ranking.top(count, db)
        let counts = try ReferralHeroSubscriber.referralCounts(of: top.map(\.0.id), db)
        let entries = try top.map { subscriber, position in
            try subscriber.json(db, position: position, counts: counts[subscriber.id] ?? [:])
        }
        return ["ranking": .array(entries), "count": .number(JSONNumber(entries.count))]
    }

    /// `getMyReferrals`: the people the subscriber referred, one page.
    func referrals(of id: String) throws -> JSONValue {
        let referred = try subscriber(id).referred(db)
        let count = JSONValue.number(JSONNumber(referred.count))
        let ranking = try ReferralHeroRanking(campaign: campaign.uuid, db)
        let entries = try referred.map { try $0.json(db, position: ranking.position(of: $0, db)) }
        return [
            "response": "subscribers_retrieved", "subscribers": .array(entries),
            "pagination": [
                "total_pages": referred.isEmpty ? 0 : 1, "current_page": 1, "per_page": 50, "total_objects": count,
            ],
        ]
    }

    /// `RewardsList`: the campaign's rewards, each `unlocked` once the subscriber has its number of confirmed
    /// referrals.
    func rewards(of id: String) throws -> JSONValue {
        let confirmed = try subscriber(id).referralCounts(db)["confirmed"] ?? 0
        let rows = try StateRow.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM referralhero_rewards WHERE campaign = ? ORDER BY id"),
            arguments: [campaign.uuid])
        let rewards: [JSONValue] = rows.map { row in
            let referrals: Int = row["referrals"]
            return [
                "id": .number(JSONNumber(row["id"] as Int)), "name": .string(row["name"]),
                "status": confirmed >= referrals ? "unlocked" : "locked", "image_url": .null,
                "referrals": .number(JSONNumber(referrals)),
                "created_at": .number(JSONNumber(ReferralHeroSchema.campaignCreatedAt)), "signup_type": "referral",
                "referrals_type": "confirmed", "recurring_count": 0,
            ]
        }
        return ["response": "rewards_retrieved", "rewards": .array(rewards)]
    }

    /// `GetReferrer`: the referrer whose link this device clicked, matched on the four query parameters;
    /// no match is `404 referrer_not_identified`.
    func referrer(query: [String: String]) throws -> JSONValue {
        let blankless = { (key: String) in query[key].flatMap { $0.isEmpty ? nil : $0 } }
        guard
            let fingerprint = ReferralHeroFingerprint(
                osType: blankless("os_type"), device: blankless("device"), ipAddress: blankless("ip_address"),
                screenSize: blankless("screen_size")),
            let referrer = try clickedReferrer(fingerprint)
        else { throw ReferralHeroFailure(.referrerNotIdentified) }
        return [
            "response": "referrer_found",
            "referrer": [
                "id": .string(referrer.id), "name": .string(referrer.name), "email": .string(referrer.email),
                "code": .string(referrer.code), "referral_link": .string(referrer.referralLink),
            ],
        ]
    }

    /// `clickCapture(social:)`: counts one share of the subscriber's link on the channel.
    func captureShare(_ id: String, _ body: ReferralHeroBody) throws -> JSONValue {
        let subscriber = try subscriber(id)
        guard let social = body.text("social") else {
            throw ReferralHeroFailure(.invalidRequestBody, message: "The request body is not valid: `social` is blank")
        }
        try db.execute(
            sql: """
                INSERT INTO referralhero_shares (subscriber_id, social, count) VALUES (?, ?, 1)
                ON CONFLICT(subscriber_id, social) DO UPDATE SET count = referralhero_shares.count + 1
                """, arguments: [subscriber.id, social])
        return ["response": "share_captured", "social": .string(social)]
    }
}
