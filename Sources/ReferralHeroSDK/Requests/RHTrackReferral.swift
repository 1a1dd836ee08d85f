/// The fields of `trackReferral(param:)`: one conversion event of the referral of ``email`` ("You can pass email and
/// name", Public Methods, 3. Track Referral).
///
/// Needs ``email``. A ``referrer``, or the four mobile parameters in ``deviceInfo``, let the server identify and create
/// the referral when it does not know it yet (Public Methods, 3. Track Referral); device parameters are sent only
/// when given here, never filled in from the device.
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
    /// `device`, `os_type`, `screen_size`, `ip_address`: only for a referral the campaign does not have yet.
    public var deviceInfo: RHDeviceInfo

    /// A conversion of `email`'s referral; the page's minimum for a referral already in the campaign is
    /// `RHTrackReferral(email:)`.
    public init(
        email: String? = nil, name: String? = nil, referrer: String? = nil, transactionID: String? = nil,
        conversionCategory: String? = nil, conversionValue: Double? = nil, deviceInfo: RHDeviceInfo = RHDeviceInfo()
    ) {
        self.deviceInfo = deviceInfo
        self.email = email
        self.name = name
        self.referrer = referrer
        self.transactionID = transactionID
        self.conversionCategory = conversionCategory
        self.conversionValue = conversionValue
    }
}
