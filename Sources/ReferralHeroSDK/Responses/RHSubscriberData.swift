public import Foundation

/// A subscriber as the server returns it (`data` of a single-subscriber answer, or an item of a list).
public struct RHSubscriberData: Sendable, Hashable {
    /// What a single-subscriber call did (`data.response`); `nil` on list items.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// `subscriber_created`: a new subscriber.
        case subscriberCreated = "subscriber_created"
        /// `subscriber_retrieved`: an existing subscriber, identified (data not overwritten).
        case subscriberRetrieved = "subscriber_retrieved"
        /// `subscriber_updated`.
        case subscriberUpdated = "subscriber_updated"
        /// `pending_referral_created`: a referral created Pending.
        case pendingReferralCreated = "pending_referral_created"
        /// Track Referral and Organic Track Referral converted a referral (Public Methods, 3., notes 2 and 3).
        case customEventCompleted = "custom_event_completed"
        /// `referral_confirmed`: an Unconfirmed referral confirmed.
        case referralConfirmed = "referral_confirmed"
    }

    /// Where this subscriber stands as a referred person.
    public enum ReferralStatus: String, Sendable, Hashable, CaseIterable {
        /// Not referred (an organic subscriber).
        case none = ""
        /// Pending: the first step of a multi-step goal.
        case pending
        /// Unconfirmed: tracked, with a goal of three conversion events, until Confirm Referral.
        case unconfirmed
        /// Confirmed.
        case confirmed
        /// `custom_event_pending`, as the server may spell a Pending request.
        case customEventPending = "custom_event_pending"
    }

    /// The subscriber's referrer, as far as the server says.
    public struct ReferredBy: Sendable, Hashable {
        /// The referrer's id.
        public var id: String?
        /// The referrer's name.
        public var name: String?
        /// The referrer's email.
        public var email: String?
        /// The referrer's phone number.
        public var phoneNumber: String?
        /// How many people the referrer referred.
        public var peopleReferred: Int?
        /// The referrer's points.
        public var points: Int?
    }

    /// What the call did (`response`); `nil` on list items.
    public var outcome: Outcome?
    /// The subscriber's id, stored for the methods that work on the stored subscriber.
    public var id: String
    /// `name`.
    public var name: String
    /// `email`.
    public var email: String
    /// `phone_number`.
    public var phoneNumber: String
    /// `crypto_wallet_address`.
    public var cryptoWalletAddress: String
    /// `crypto_wallet_provider`.
    public var cryptoWalletProvider: String
    /// `other_identifier_value`.
    public var otherIdentifierValue: String?
    /// `extra_field`.
    public var extraField: String
    /// `extra_field_2` (the page's `extra_field2`).
    public var extraField2: String
    /// `extra_field_3`.
    public var extraField3: String?
    /// `extra_field_4`.
    public var extraField4: String?
    /// `option_field`.
    public var optionField: String
    /// `conversion_amount`: the monetary value of the subscriber's conversions.
    public var conversionAmount: Double
    /// The referral code, the `mwr` of ``referralLink``.
    public var code: String
    /// The subscriber's place on the leaderboard, from 1.
    public var position: Int
    /// Whether the subscriber was referred.
    public var referred: Bool
    /// Who referred the subscriber (empty when organic).
    public var referredBy: ReferredBy
    /// Confirmed referrals.
    public var peopleReferred: Int
    /// Referrals of this subscriber still Pending.
    public var pendingReferrals: Int?
    /// Referrals of this subscriber Unconfirmed.
    public var unconfirmedReferrals: Int?
    /// Confirmed referrals at the second level.
    public var level2ConfirmedReferrals: Int?
    /// Confirmed referrals at the third level.
    public var level3ConfirmedReferrals: Int?
    /// Whether the subscriber was promoted.
    public var promoted: Bool
    /// When the subscriber was promoted, as the server spells it.
    public var promotedAt: String?
    /// Whether the subscriber is verified.
    public var verified: Bool
    /// When the subscriber was verified.
    public var verifiedAt: Date?
    /// The subscriber's points (contest campaigns).
    public var points: Int
    /// The server's fraud risk level.
    public var riskLevel: Int
    /// The URL the referral link is built on.
    public var host: String
    /// `source`: where the subscriber came from.
    public var source: String?
    /// `device`.
    public var device: String?
    /// `os_type`.
    public var osType: String?
    /// `screen_size`.
    public var screenSize: String?
    /// `ip_address`.
    public var ipAddress: String?
    /// The subscriber's state as a referred person.
    public var status: ReferralStatus
    /// The subscriber's referral link.
    public var referralLink: String
    /// The subscriber's universal link, when the server sends one.
    public var universalLink: String?
    /// When the subscriber was created.
    public var createdAt: Date
    /// When the subscriber last changed.
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
