/// The fields of `CreatePendingReferral(param:)`: "Carrying the referral data" (Public Methods, 2. Add Pending
/// Referral).
///
/// Needs ``email``, and either a ``referrer`` or all four device parameters; device parameters left `nil` are taken
/// from the ``RHDeviceInfoProvider``.
public struct RHReferral: Sendable, Hashable {
    /// `email`: the referred person.
    public var email: String?
    /// `name`.
    public var name: String?
    /// `referrer`: the referrer's referral code or email.
    public var referrer: String?
    /// `hosting_url`: the URL the referral link is built on.
    public var hostingURL: String?
    /// `domain`: the URL of the referral link, as the Public Methods page passes it.
    public var domain: String?
    /// `status`: `custom_event_pending` sets the referral Pending (Public Methods, 2.).
    public var status: String?
    /// `device`, `os_type`, `screen_size`, `ip_address`, for matching against a link click when there is no referrer.
    public var deviceInfo: RHDeviceInfo

    /// A pending referral of `email`; the page's minimum is `RHReferral(email:referrer:)` or the mobile parameters.
    public init(
        email: String? = nil, name: String? = nil, referrer: String? = nil, hostingURL: String? = nil,
        deviceInfo: RHDeviceInfo = RHDeviceInfo()
    ) {
        self.email = email
        self.name = name
        self.referrer = referrer
        self.hostingURL = hostingURL
        self.deviceInfo = deviceInfo
    }
}

extension RHReferral {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// `hosting_url`, the vendor SDK's name of ``hostingURL``.
    public var hosting_url: String? {
        get { hostingURL }
        set { hostingURL = newValue }
    }
}
