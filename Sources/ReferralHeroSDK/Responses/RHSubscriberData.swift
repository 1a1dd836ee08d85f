public import Foundation

/// A subscriber as the server returns it (`data` of a single-subscriber answer, or an item of a list).
public struct RHSubscriberData: Sendable, Hashable {
    /// What a single-subscriber call did (`data.response`); `nil` on list items.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        case subscriberCreated = "subscriber_created"
        case subscriberRetrieved = "subscriber_retrieved"
        case subscriberUpdated = "subscriber_updated"
        case pendingReferralCreated = "pending_referral_created"
        /// Track Referral and Organic Track Referral converted a referral (Public Methods, 3., notes 2 and 3).
        case customEventCompleted = "custom_event_completed"
        case referralConfirmed = "referral_confirmed"
    }

    /// Where this subscriber stands as a referred person.
    public enum ReferralStatus: String, Sendable, Hashable, CaseIterable {
        /// Not referred (an organic subscriber).
        case none = ""
        case pending
        case unconfirmed
        case confirmed
        case customEventPending = "custom_event_pending"
    }

    /// The subscriber's referrer, as far as the server says.
    public struct ReferredBy: Sendable, Hashable {
        public var id: String?
        public var name: String?
        public var email: String?
        public var phoneNumber: String?
        public var peopleReferred: Int?
        public var points: Int?
    }

    public var outcome: Outcome?
    public var id: String
    public var name: String
    public var email: String
    public var phoneNumber: String
    public var cryptoWalletAddress: String
    public var cryptoWalletProvider: String
    public var otherIdentifierValue: String?
    public var extraField: String
    public var extraField2: String
    public var extraField3: String?
    public var extraField4: String?
    public var optionField: String
    public var conversionAmount: Double
    /// The referral code, the `mwr` of ``referralLink``.
    public var code: String
    public var position: Int
    public var referred: Bool
    public var referredBy: ReferredBy
    /// Confirmed referrals.
    public var peopleReferred: Int
    public var pendingReferrals: Int?
    public var unconfirmedReferrals: Int?
    public var level2ConfirmedReferrals: Int?
    public var level3ConfirmedReferrals: Int?
    public var promoted: Bool
    public var promotedAt: String?
    public var verified: Bool
    public var verifiedAt: Date?
    public var points: Int
    public var riskLevel: Int
    public var host: String
    public var source: String?
    public var device: String?
    public var osType: String?
    public var screenSize: String?
    public var ipAddress: String?
    public var status: ReferralStatus
    public var referralLink: String
    public var universalLink: String?
    public var createdAt: Date
    public var lastUpdatedAt: Date
}

extension RHSubscriberData {
    init(_ wire: Components.Schemas.Subscriber) {
        outcome = wire.response.map(Outcome.init)
        id = wire.id
        name = wire.name
        email = wire.email
        phoneNumber = wire.phoneNumber
        cryptoWalletAddress = wire.cryptoWalletAddress
        cryptoWalletProvider = wire.cryptoWalletProvider
        otherIdentifierValue = wire.otherIdentifierValue
        extraField = wire.extraField
        extraField2 = wire.extraField2
        extraField3 = wire.extraField3
        extraField4 = wire.extraField4
        optionField = wire.optionField
        conversionAmount = wire.conversionAmount
        code = wire.code
        position = wire.position
        referred = wire.referred
        referredBy = ReferredBy(
            id: wire.referredBy.id, name: wire.referredBy.name, email: wire.referredBy.email,
            phoneNumber: wire.referredBy.phoneNumber, peopleReferred: wire.referredBy.peopleReferred,
            points: wire.referredBy.points)
        peopleReferred = wire.peopleReferred
        pendingReferrals = wire.pendingReferrals
        unconfirmedReferrals = wire.unconfirmedReferrals
        level2ConfirmedReferrals = wire.level2ConfirmedReferrals
        level3ConfirmedReferrals = wire.level3ConfirmedReferrals
        promoted = wire.promoted
        promotedAt = wire.promotedAt
        verified = wire.verified
        verifiedAt = wire.verifiedAt.map(Date.init(unixSeconds:))
        points = wire.points
        riskLevel = wire.riskLevel
        host = wire.host
        source = wire.source
        device = wire.device
        osType = wire.osType
        screenSize = wire.screenSize
        ipAddress = wire.ipAddress
        status = ReferralStatus(wire.status)
        referralLink = wire.referralLink
        universalLink = wire.universalLink
        createdAt = Date(unixSeconds: wire.createdAt)
        lastUpdatedAt = Date(unixSeconds: wire.lastUpdatedAt)
    }
}

extension RHSubscriberData.Outcome {
    init(_ wire: Components.Schemas.Subscriber.ResponsePayload) {
        switch wire {
        case .subscriberCreated: self = .subscriberCreated
        case .subscriberRetrieved: self = .subscriberRetrieved
        case .subscriberUpdated: self = .subscriberUpdated
        case .pendingReferralCreated: self = .pendingReferralCreated
        case .customEventCompleted: self = .customEventCompleted
        case .referralConfirmed: self = .referralConfirmed
        }
    }
}

extension RHSubscriberData.ReferralStatus {
    init(_ wire: Components.Schemas.ReferralStatus) {
        switch wire {
        case ._empty_: self = .none
        case .pending: self = .pending
        case .unconfirmed: self = .unconfirmed
        case .confirmed: self = .confirmed
        case .customEventPending: self = .customEventPending
        }
    }
}

extension Date {
    /// The instant `seconds` after the unix epoch, as ReferralHero's timestamps count.
    init(unixSeconds seconds: Int) {
        self.init(timeIntervalSince1970: TimeInterval(seconds))
    }
}
