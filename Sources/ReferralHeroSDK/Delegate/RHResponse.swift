/// The decoded answer of one documented `RH` method, as handed to ``RHDelegate``.
public enum RHResponse: Sendable, Hashable {
    /// Add, detail, update, track, pending, organic and confirm answer with the subscriber.
    case subscriber(RHSubscriberData)
    /// `DeleteSubscriber()`.
    case deletion(RHDeletion)
    /// `clickCapture(social:)`.
    case share(RHShareCapture)
    /// `getMyReferrals()`.
    case referrals(RHReferralList)
    /// `getLeaderboard()`.
    case leaderboard(RHLeaderboard)
    /// `GetReferrer()`.
    case referrer(RHReferrerMatch)
    /// `RewardsList()`.
    case rewards(RHRewardList)
}
