/// The device facts `WMUserData` reports, read from a ``WMDeviceInfoProvider`` at each interaction.
public struct WMDeviceInfo: Sendable, Hashable {
    public var deviceId: String
    public var deviceModel: String
    public var systemVersion: String
    public var orientation: WMDeviceOrientation
    public var appName: String
    public var appVersion: String
    public var locale: String
    public var timezone: String
    public var network: WMNetworkType
    public var isPushEnabled: Bool

    public init(
        deviceId: String, deviceModel: String, systemVersion: String, orientation: WMDeviceOrientation = .portrait,
        appName: String, appVersion: String, locale: String, timezone: String, network: WMNetworkType = .wifi,
        isPushEnabled: Bool = false
    ) {
        self.deviceId = deviceId
        self.deviceModel = deviceModel
        self.systemVersion = systemVersion
        self.orientation = orientation
        self.appName = appName
        self.appVersion = appVersion
        self.locale = locale
        self.timezone = timezone
        self.network = network
        self.isPushEnabled = isPushEnabled
    }
}

/// The device orientation codes of `WMUserData.deviceOrientation`.
public enum WMDeviceOrientation: String, Sendable, Hashable, CaseIterable {
    case portrait = "PRT_REG"
    case portraitUpsideDown = "PRT_USD"
    case landscapeLeft = "LSL"
    case landscapeRight = "LSR"
}

/// The network codes of `WMUserData.network`.
public enum WMNetworkType: String, Sendable, Hashable, CaseIterable {
    case wifi = "WIFI"
    case cellular = "CELLULAR"
    case offline = "OFFLINE"
}

/// Where the device facts come from: an app passes a closure reading UIDevice and friends; tests and flows pass
/// ``fixed(_:)`` or a closure over their own state (to turn the device, or go offline).
public struct WMDeviceInfoProvider: Sendable {
    public var read: @Sendable () -> WMDeviceInfo

    public init(read: @escaping @Sendable () -> WMDeviceInfo) {
        self.read = read
    }

    /// Always the same facts.
    public static func fixed(_ info: WMDeviceInfo) -> WMDeviceInfoProvider {
        WMDeviceInfoProvider { info }
    }
}
