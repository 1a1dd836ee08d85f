/// The fields of `formSubmit(param:)` (add subscriber) and `UpdateSubscriber(param:)`, sent under the server's keys.
///
/// Adding needs ``email`` and ``domain``. `device`, `os_type`, `screen_size` and `ip_address` are added from the
/// ``RHDeviceInfoProvider``; `timestamp` from the clock.
public struct RHSubscriber: Sendable, Hashable {
    /// `email`: the subscriber's email, their identity unless the campaign uses another unique identifier.
    public var email: String?
    /// `domain`: the URL the referral link is built on.
    public var domain: String?
    /// `name`.
    public var name: String?
    /// `phone_number`.
    public var phoneNumber: String?
    /// `crypto_wallet_address`.
    public var cryptoWalletAddress: String?
    /// `crypto_wallet_provider`.
    public var cryptoWalletProvider: String?
    /// `other_identifier_value`: the identity when the campaign uses a custom identifier.
    public var otherIdentifierValue: String?
    /// `extra_field`.
    public var extraField: String?
    /// `extra_field_2`, the server's name (the iOS subscriber model calls it `extra_field2`; the server takes both).
    public var extraField2: String?
    /// `option_field_value`.
    public var optionFieldValue: String?
    /// `referrer`: the referrer's referral code or email.
    public var referrer: String?
    /// `lifetime_spend`.
    public var lifetimeSpend: Double?
    /// `subscribe_page_url`.
    public var subscribePageURL: String?
    /// `landing_page_url`.
    public var landingPageURL: String?
    /// `is_quick_add_referral`.
    public var isQuickAddReferral: Bool?
    /// `double_optin`, sent as a JSON boolean (the iOS subscriber model types it as a string; the server takes both).
    public var doubleOptin: Bool?
    /// `points`, sent as a JSON integer (the iOS subscriber model types it as a string; the server takes both).
    public var points: Int?
    /// `source`.
    public var source: String?
    /// `transaction_id` (the shipped iOS SDK never sends it).
    public var transactionID: String?
    /// `conversion_category`.
    public var conversionCategory: String?
    /// `conversion_value`, sent as a JSON number (the iOS subscriber model types it as a string; the server takes
    /// both).
    public var conversionValue: Double?
    /// `visitor_id`.
    public var visitorID: String?
    /// `status`: a requested referral status, e.g. `custom_event_pending`.
    public var status: String?
    /// `device`, `os_type`, `screen_size`, `ip_address` given by the app; each one left `nil` is taken from the
    /// ``RHDeviceInfoProvider`` when adding.
    public var deviceInfo = RHDeviceInfo()

    public init(
        email: String? = nil, domain: String? = nil, name: String? = nil, phoneNumber: String? = nil,
        cryptoWalletAddress: String? = nil, cryptoWalletProvider: String? = nil, otherIdentifierValue: String? = nil,
        extraField: String? = nil, extraField2: String? = nil, optionFieldValue: String? = nil,
        referrer: String? = nil, lifetimeSpend: Double? = nil, subscribePageURL: String? = nil,
        landingPageURL: String? = nil, isQuickAddReferral: Bool? = nil, doubleOptin: Bool? = nil,
        points: Int? = nil, source: String? = nil, transactionID: String? = nil, conversionCategory: String? = nil,
        conversionValue: Double? = nil, visitorID: String? = nil, status: String? = nil
    ) {
        self.email = email
        self.domain = domain
        self.name = name
        self.phoneNumber = phoneNumber
        self.cryptoWalletAddress = cryptoWalletAddress
        self.cryptoWalletProvider = cryptoWalletProvider
        self.otherIdentifierValue = otherIdentifierValue
        self.extraField = extraField
        self.extraField2 = extraField2
        self.optionFieldValue = optionFieldValue
        self.referrer = referrer
        self.lifetimeSpend = lifetimeSpend
        self.subscribePageURL = subscribePageURL
        self.landingPageURL = landingPageURL
        self.isQuickAddReferral = isQuickAddReferral
        self.doubleOptin = doubleOptin
        self.points = points
        self.source = source
        self.transactionID = transactionID
        self.conversionCategory = conversionCategory
        self.conversionValue = conversionValue
        self.visitorID = visitorID
        self.status = status
    }
}
