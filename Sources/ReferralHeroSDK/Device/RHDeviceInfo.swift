/// The four device parameters ReferralHero uses to match an app install to a link click.
///
/// A `nil` value is not sent.
public struct RHDeviceInfo: Sendable, Hashable {
    /// Device kind, sent as `device` (e.g. `iPhone`).
    public var device: String?
    /// Operating system, sent as `os_type` (e.g. `iOS`).
    public var osType: String?
    /// Screen size in points, sent as `screen_size`; any spelling ``RHScreenSize`` accepts.
    public var screenSize: String?
    /// The device's public IP address, sent as `ip_address`.
    public var ipAddress: String?

    /// Device parameters; each one left `nil` is not sent (or, where the method says so, taken from the provider).
    public init(device: String? = nil, osType: String? = nil, screenSize: String? = nil, ipAddress: String? = nil) {
        self.device = device
        self.osType = osType
        self.screenSize = screenSize
        self.ipAddress = ipAddress
    }

    /// This value with each missing parameter taken from `fallback`.
    public func filled(from fallback: RHDeviceInfo) -> RHDeviceInfo {
        RHDeviceInfo(
            device: device ?? fallback.device,
            osType: osType ?? fallback.osType,
            screenSize: screenSize ?? fallback.screenSize,
            ipAddress: ipAddress ?? fallback.ipAddress
        )
    }

    /// Whether all four parameters are present and not blank.
    public var isComplete: Bool {
        [device, osType, screenSize, ipAddress].allSatisfy { !($0 ?? "").isBlank }
    }
}

extension String {
    /// Empty or only whitespace.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
