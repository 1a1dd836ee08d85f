// The async API: what the campaign shows the subscriber.
extension RH {
    /// The people the stored subscriber referred (`getMyReferrals`).
    public func myReferrals() async throws(RHError) -> RHReferralList {
        let id = try await storedSubscriberID(for: .myReferrals)
        let envelope = try await call {
            try await $0.getReferralsData(path: .init(uuid: campaign, subscriberId: id)).ok.body.json
        }
        return RHReferralList(envelope.data)
    }

    /// The campaign's subscribers ranked by referrals (`getLeaderboard`).
    public func leaderboard() async throws(RHError) -> RHLeaderboard {
        try checkConfiguration(for: .leaderboard)
        let envelope = try await call { try await $0.getLeaderboard(path: .init(uuid: campaign)).ok.body.json }
        return RHLeaderboard(envelope.data)
    }

    /// The campaign's rewards as they stand for the stored subscriber (`RewardsList`).
    public func rewards() async throws(RHError) -> RHRewardList {
        let id = try await storedSubscriberID(for: .rewardsList)
        let envelope = try await call {
            try await $0.getRewards(path: .init(uuid: campaign, subscriberId: id)).ok.body.json
        }
        return RHRewardList(envelope.data)
    }
}
