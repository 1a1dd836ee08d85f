// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The page's field names ("Step 2. ReferRHSubscriber Model"), which are also the vendor SDK's: snake_case, by design.

/// The subscriber model of 1. Add Subscriber (`formSubmit(param:)`) and 6. Update Subscriber Details
/// (`UpdateSubscriber(param:)`): "various methods to set several user referral details like name, email, device,
/// etc."
///
/// The fields are those of the Public Methods page's "ReferRHSubscriber Model", under its names and, like the vendor
/// SDK's, as `String?`. Adding needs ``email`` and ``domain``; the page also asks for ``name``. ``device``,
/// ``os_type``, ``screen_size`` and ``ip_address`` left `nil` are taken from the ``RHDeviceInfoProvider`` when
/// adding; `timestamp` comes from the clock. Typed accessors (``points``' ``pointCount``, ``doubleOptin``,
/// ``conversionValue``, …) read and write the same fields.
public struct RHSubscriber: Sendable, Hashable {
    /// `transaction_id`: "The unique ID of the transaction. Useful for tracking referrals for purchases."
    public var transaction_id: String?
    /// `conversion_category`: "The type of referral. Useful for creating reports."
    public var conversion_category: String?
    /// `conversion_value`: "The monetary value of the referral", a decimal number as text (`"19.99"`).
    public var conversion_value: String?
    /// `device`: "The device used by the subscriber to sign up. Used for analytics."
    public var device: String?
    /// `email`: "The email of the subscriber."
    public var email: String?
    /// `domain`: "The URL for the referral link."
    public var domain: String?
    /// `name`: "The name of the subscriber."
    public var name: String?
    /// `referrer`: "Set a referrer for the subscriber by providing the referrer's referral code or email."
    public var referrer: String?
    /// `source`: "The source of the subscriber. Used for analytics."
    public var source: String?
    /// `crypto_wallet_address`: "The crypto wallet address".
    public var crypto_wallet_address: String?
    /// `extra_field`: "The extra field of the subscriber."
    public var extra_field: String?
    /// `extra_field2`: "The extra field 2 of the subscriber." Sent as the server's `extra_field_2`.
    public var extra_field2: String?
    /// `points`: "The number of points for the subscriber. Only applicable for "contest" campaigns." An integer as
    /// text (`"10"`).
    public var points: String?
    /// `phone_number`: "The Phone Number of subscriber".
    public var phone_number: String?
    /// `double_optin`: "If set to false, the subscriber will not receive a confirmation email." `"true"` or
    /// `"false"`.
    public var double_optin: String?
    /// `status`: "Use 'custom_event_pending' to set the referral status to pending".
    public var status: String?
    /// `ip_address`: the device's public IP address, one of the mobile parameters that identify a referral.
    public var ip_address: String?
    /// `os_type`: the operating system (`iOS`), one of the mobile parameters.
    public var os_type: String?
    /// `screen_size`: the screen in points, in any of the page's spellings (`393x852`, `393.0 x 852.0`, …), one of
    /// the mobile parameters.
    public var screen_size: String?

    /// `crypto_wallet_provider` (server field, not on the page).
    public var cryptoWalletProvider: String?
    /// `other_identifier_value`: the identity when the campaign uses a custom identifier (server field, not on the
    /// page).
    public var otherIdentifierValue: String?
    /// `option_field_value` (server field, not on the page).
    public var optionFieldValue: String?
    /// `lifetime_spend` (server field, not on the page).
    public var lifetimeSpend: Double?
    /// `subscribe_page_url` (server field, not on the page).
    public var subscribePageURL: String?
    /// `landing_page_url` (server field, not on the page).
    public var landingPageURL: String?
    /// `is_quick_add_referral` (server field, not on the page).
    public var isQuickAddReferral: Bool?
    /// `visitor_id` (server field, not on the page).
    public var visitorID: String?

    /// The vendor SDK's initializer: `email`, `domain` and `name` first, then any of the page's fields.
    public init(
        email: String, domain: String, name: String, phone_number: String? = nil, ip_address: String? = nil,
        os_type: String? = nil, screen_size: String? = nil, extra_field: String? = nil, extra_field2: String? = nil,
        status: String? = nil, referrer: String? = nil, points: String? = nil, double_optin: String? = nil,
        source: String? = nil, device: String? = nil, conversion_value: String? = nil,
        conversion_category: String? = nil, transaction_id: String? = nil, crypto_wallet_address: String? = nil
    ) {
        self.init(email: email, domain: domain, name: name, referrer: referrer, status: status)
        self.phone_number = phone_number
        self.ip_address = ip_address
        self.os_type = os_type
        self.screen_size = screen_size
        self.extra_field = extra_field
        self.extra_field2 = extra_field2
        self.points = points
        self.double_optin = double_optin
        self.source = source
        self.device = device
        self.conversion_value = conversion_value
        self.conversion_category = conversion_category
        self.transaction_id = transaction_id
        self.crypto_wallet_address = crypto_wallet_address
    }

    /// Any of the fields, typed where the value is not text, every one optional: the minimum for adding is
    /// `RHSubscriber(email:domain:)`, as the page writes it; for an update, only the fields to change.
    public init(
        email: String? = nil, domain: String? = nil, name: String? = nil, phoneNumber: String? = nil,
        cryptoWalletAddress: String? = nil, cryptoWalletProvider: String? = nil, otherIdentifierValue: String? = nil,
        extraField: String? = nil, extraField2: String? = nil, optionFieldValue: String? = nil,
        referrer: String? = nil, lifetimeSpend: Double? = nil, subscribePageURL: String? = nil,
        landingPageURL: String? = nil, isQuickAddReferral: Bool? = nil, doubleOptin: Bool? = nil,
        pointCount: Int? = nil, source: String? = nil, transactionID: String? = nil, conversionCategory: String? = nil,
        conversionValue: Double? = nil, visitorID: String? = nil, status: String? = nil
    ) {
        self.email = email
        self.domain = domain
        self.name = name
        phone_number = phoneNumber
        crypto_wallet_address = cryptoWalletAddress
        self.cryptoWalletProvider = cryptoWalletProvider
        self.otherIdentifierValue = otherIdentifierValue
        extra_field = extraField
        extra_field2 = extraField2
        self.optionFieldValue = optionFieldValue
        self.referrer = referrer
        self.lifetimeSpend = lifetimeSpend
        self.subscribePageURL = subscribePageURL
        self.landingPageURL = landingPageURL
        self.isQuickAddReferral = isQuickAddReferral
        self.doubleOptin = doubleOptin
        self.pointCount = pointCount
        self.source = source
        transaction_id = transactionID
        conversion_category = conversionCategory
        self.conversionValue = conversionValue
        self.visitorID = visitorID
        self.status = status
    }
}
