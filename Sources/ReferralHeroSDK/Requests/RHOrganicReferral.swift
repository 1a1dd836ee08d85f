/// The fields of `OrganicTrackReferral(param:)`: track a referral, or add an organic subscriber, on the conversion
/// page. The page's input parameters: `email`, `name`, `referrer`, `hosting_url` (``hostingURL``).
///
/// Needs ``email``. A ``referrer``, or the four mobile parameters in ``deviceInfo``, identify a referral the campaign
/// does not have yet (Public Methods, 5. Organic Track Referral); device parameters are sent only when given here.
public struct RHOrganicReferral: Sendable, Hashable {
    /// `email`.
    public var email: String?
    /// `name`.
    public var name: String?
    /// `referrer`: the referrer's referral code or email, when known.
    public var referrer: String?
    /// `hosting_url`: the URL the referral link is built on.
    public var hostingURL: String?
    /// `device`, `os_type`, `screen_size`, `ip_address`: only for a referral the campaign does not have yet.
    public var deviceInfo: RHDeviceInfo

    /// The page's form is `RHOrganicReferral(email:name:)`; a `referrer` or `deviceInfo` identify a referral the
    /// campaign does not have yet.
    public init(
        email: String? = nil, name: String? = nil, referrer: String? = nil, hostingURL: String? = nil,
        deviceInfo: RHDeviceInfo = RHDeviceInfo()
    ) {
        self.deviceInfo = deviceInfo
        self.email = email
        self.name = name
        self.referrer = referrer
        self.hostingURL = hostingURL
    }
}

extension RHOrganicReferral {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// `hosting_url`, the page's and the vendor SDK's name of ``hostingURL``.
    public var hosting_url: String? {
        get { hostingURL }
        set { hostingURL = newValue }
    }
}
