/// The fields of `trackReferral(param:)`: one conversion event of the referral of ``email``.
///
/// Needs ``email``. A ``referrer`` lets the server create the referral when it does not know it yet.
public struct RHTrackReferral: Sendable, Hashable {
    /// `email`: the referred person who converted.
    public var email: String?
    /// `name`.
    public var name: String?
    /// `referrer`: the referrer's referral code or email.
    public var referrer: String?
    /// `transaction_id`.
    public var transactionID: String?
    /// `conversion_category`.
    public var conversionCategory: String?
    /// `conversion_value`.
    public var conversionValue: Double?

    public init(
        email: String? = nil, name: String? = nil, referrer: String? = nil, transactionID: String? = nil,
        conversionCategory: String? = nil, conversionValue: Double? = nil
    ) {
        self.email = email
        self.name = name
        self.referrer = referrer
        self.transactionID = transactionID
        self.conversionCategory = conversionCategory
        self.conversionValue = conversionValue
    }
}
