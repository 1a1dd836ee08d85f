public import Foundation

/// `getMyReferrals()`: the people the stored subscriber referred, one page.
public struct RHReferralList: Sendable, Hashable {
    /// The referred subscribers of this page.
    public var subscribers: [RHSubscriberData]
    /// Where this page sits.
    public var pagination: RHPagination
}

/// Where a page sits in a list.
public struct RHPagination: Sendable, Hashable {
    /// How many pages there are.
    public var totalPages: Int
    /// This page's number, from 1.
    public var currentPage: Int
    /// Subscribers per page.
    public var perPage: Int
    /// Subscribers in all pages.
    public var totalObjects: Int

    /// A page position.
    public init(totalPages: Int, currentPage: Int, perPage: Int, totalObjects: Int) {
        self.totalPages = totalPages
        self.currentPage = currentPage
        self.perPage = perPage
        self.totalObjects = totalObjects
    }
}

/// `getLeaderboard()`: subscribers ranked by referrals, most first.
public struct RHLeaderboard: Sendable, Hashable {
    /// The subscribers, most confirmed referrals first.
    public var ranking: [RHSubscriberData]
    /// How many subscribers are ranked.
    public var count: Int
}

/// `RewardsList()`: the campaign's rewards as they stand for the stored subscriber.
public struct RHRewardList: Sendable, Hashable {
    /// The rewards, in the campaign's order.
    public var rewards: [RHReward]
}

/// One reward of the campaign.
public struct RHReward: Sendable, Hashable {
    /// Whether the subscriber has unlocked a reward.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Not reached yet.
        case locked
        /// Reached.
        case unlocked
    }

    /// The reward's id.
    public var id: Int
    /// The reward's name.
    public var name: String
    /// Locked or unlocked for the stored subscriber.
    public var status: Status
    /// The reward's image, when it has one.
    public var imageURL: String?
    /// Referrals needed to unlock it.
    public var referrals: Int
    /// When the reward was created.
    public var createdAt: Date
    /// Which sign-ups count (the server's `signup_type`).
    public var signupType: String
    /// Which referrals count (the server's `referrals_type`).
    public var referralsType: String
    /// How often the reward recurs (the server's `recurring_count`).
    public var recurringCount: Int
}

/// `GetReferrer()`: the referrer whose link this device clicked.
public struct RHReferrerMatch: Sendable, Hashable {
    /// The referrer's subscriber id.
    public var id: String
    /// The referrer's name.
    public var name: String
    /// The referrer's email.
    public var email: String
    /// The referrer's referral code.
    public var code: String
    /// The referrer's referral link.
    public var referralLink: String

    /// A match of the referrer with these details.
    public init(id: String, name: String, email: String, code: String, referralLink: String) {
        self.id = id
        self.name = name
        self.email = email
        self.code = code
        self.referralLink = referralLink
    }
}

/// `clickCapture(social:)`: the share that was counted.
public struct RHShareCapture: Sendable, Hashable {
    /// The channel, as sent.
    public var social: String

    /// A counted share on `social`.
    public init(social: String) {
        self.social = social
    }
}

/// `DeleteSubscriber()`: the subscriber that was deleted.
public struct RHDeletion: Sendable, Hashable {
    /// The deleted subscriber's id.
    public var id: String

    /// The deletion of subscriber `id`.
    public init(id: String) {
        self.id = id
    }
}

extension RHReferralList {
    init(_ wire: Components.Schemas.ReferralList) {
        subscribers = wire.subscribers.map(RHSubscriberData.init)
        pagination = RHPagination(
            totalPages: wire.pagination.totalPages, currentPage: wire.pagination.currentPage,
            perPage: wire.pagination.perPage, totalObjects: wire.pagination.totalObjects)
    }
}

extension RHLeaderboard {
    init(_ wire: Components.Schemas.Leaderboard) {
        ranking = wire.ranking.map(RHSubscriberData.init)
        count = wire.count
    }
}

extension RHRewardList {
    init(_ wire: Components.Schemas.RewardList) {
        rewards = wire.rewards.map { reward in
            RHReward(
                id: reward.id, name: reward.name, status: reward.status == .unlocked ? .unlocked : .locked,
                imageURL: reward.imageUrl, referrals: reward.referrals, createdAt: Date(unixSeconds: reward.createdAt),
                signupType: reward.signupType, referralsType: reward.referralsType,
                recurringCount: reward.recurringCount)
        }
    }
}

extension RHReferrerMatch {
    init(_ wire: Components.Schemas.Referrer) {
        id = wire.id
        name = wire.name
        email = wire.email
        code = wire.code
        referralLink = wire.referralLink
    }
}
