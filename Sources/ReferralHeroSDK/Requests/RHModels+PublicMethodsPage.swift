// The initializers the Public Methods page writes, with its labels (`IPAddress`, `screen_size`, `os_type`). The
// four mobile parameters are required here so that the page's shorter forms (`RHReferral(email:referrer:)`,
// `RHTrackReferral(email:)`) keep resolving to the memberwise initializers.

extension RHSubscriber {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 1. Add Subscriber, as the page writes it: `email` and `domain` required by the server, the mobile parameters
    /// for automatic referral matching, `status: "custom_event_pending"` to set a referral Pending.
    public init(
        email: String, domain: String, name: String? = nil, referrer: String? = nil, IPAddress: String,
        device: String, screen_size: String, os_type: String, status: String? = nil
    ) {
        self.init(email: email, domain: domain, name: name, referrer: referrer, status: status)
        deviceInfo = RHDeviceInfo(device: device, osType: os_type, screenSize: screen_size, ipAddress: IPAddress)
    }
}

extension RHReferral {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 2. Add Pending Referral, as the page writes it.
    public init(
        email: String, domain: String? = nil, name: String? = nil, referrer: String? = nil, IPAddress: String,
        device: String, screen_size: String, os_type: String, status: String? = nil
    ) {
        self.init(
            email: email, name: name, referrer: referrer,
            deviceInfo: RHDeviceInfo(device: device, osType: os_type, screenSize: screen_size, ipAddress: IPAddress))
        self.domain = domain
        self.status = status
    }
}

extension RHTrackReferral {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 3. Track Referral, as the page writes it: the mobile parameters identify a referral the campaign does not
    /// have yet.
    public init(
        email: String, name: String? = nil, referrer: String? = nil, IPAddress: String, device: String,
        screen_size: String, os_type: String
    ) {
        self.init(
            email: email, name: name, referrer: referrer,
            deviceInfo: RHDeviceInfo(device: device, osType: os_type, screenSize: screen_size, ipAddress: IPAddress))
    }
}
