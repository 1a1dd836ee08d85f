public import Foundation

/// `getMyReferrals()`: the people the stored subscriber referred, one page.
public struct RHReferralList: Sendable, Hashable {
    public var subscribers: [RHSubscriberData]
    public var pagination: RHPagination
}

/// Where a page sits in a list.
public struct RHPagination: Sendable, Hashable {
    public var totalPages: Int
    public var currentPage: Int
    public var perPage: Int
    public var totalObjects: Int

    public init(totalPages: Int, currentPage: Int, perPage: Int, totalObjects: Int) {
        self.totalPages = totalPages
        self.currentPage = currentPage
        self.perPage = perPage
        self.totalObjects = totalObjects
    }
}

/// `getLeaderboard()`: subscribers ranked by referrals, most first.
public struct RHLeaderboard: Sendable, Hashable {
    public var ranking: [RHSubscriberData]
    public var count: Int
}

/// `RewardsList()`: the campaign's rewards as they stand for the stored subscriber.
public struct RHRewardList: Sendable, Hashable {
    public var rewards: [RHReward]
}

/// One reward of the campaign.
public struct RHReward: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case locked
        case unlocked
    }

    public var id: Int
    public var name: String
    public var status: Status
    public var imageURL: String?
    /// Referrals needed to unlock it.
    public var referrals: Int
    public var createdAt: Date
    public var signupType: String
    public var referralsType: String
    public var recurringCount: Int
}

/// `GetReferrer()`: the referrer whose link this device clicked.
public struct RHReferrerMatch: Sendable, Hashable {
    public var id: String
    public var name: String
    public var email: String
    public var code: String
    public var referralLink: String

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

    public init(social: String) {
        self.social = social
    }
}

/// `DeleteSubscriber()`: the subscriber that was deleted.
public struct RHDeletion: Sendable, Hashable {
    public var id: String

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
