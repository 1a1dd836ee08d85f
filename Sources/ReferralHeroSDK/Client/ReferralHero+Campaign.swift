// The async API: what the campaign shows the subscriber.
extension ReferralHero {
    /// 10. Get My Referrals, typed: the people the stored subscriber referred (`getMyReferrals`).
    public func myReferrals() async throws(RHError) -> RHReferralList {
        let connection = try connection(for: .myReferrals)
        let id = try await connection.storedSubscriberID(for: .myReferrals)
        let envelope = try await connection.call {
            try await $0.getReferralsData(path: .init(uuid: connection.campaign, subscriberId: id)).ok.body.json
        }
        return RHReferralList(envelope.data)
    }

    /// 11. Get Leaderboard, typed: the campaign's subscribers ranked by referrals (`getLeaderboard`).
    public func leaderboard() async throws(RHError) -> RHLeaderboard {
        let connection = try connection(for: .leaderboard)
        let envelope = try await connection.call {
            try await $0.getLeaderboard(path: .init(uuid: connection.campaign)).ok.body.json
        }
        return RHLeaderboard(envelope.data)
    }

    /// 13. Get Rewards, typed: the campaign's rewards as they stand for the stored subscriber (`RewardsList`).
    public func rewards() async throws(RHError) -> RHRewardList {
        let connection = try connection(for: .rewardsList)
        let id = try await connection.storedSubscriberID(for: .rewardsList)
        let envelope = try await connection.call {
            try await $0.getRewards(path: .init(uuid: connection.campaign, subscriberId: id)).ok.body.json
        }
        return RHRewardList(envelope.data)
    }
}
