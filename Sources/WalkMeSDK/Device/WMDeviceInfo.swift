/// The device facts `WMUserData` reports, read from a ``WMDeviceInfoProvider`` at each interaction.
public struct WMDeviceInfo: Sendable, Hashable {
    /// The device's unique id (`WMUserData.deviceId`).
    public var deviceId: String
    /// The device model (`WMUserData.deviceModel`).
    public var deviceModel: String
    /// The OS version (`WMUserData.systemVersion`).
    public var systemVersion: String
    /// The device orientation at the moment of the interaction (`WMUserData.deviceOrientation`).
    public var orientation: WMDeviceOrientation
    /// The app's name (`WMUserData.appName`).
    public var appName: String
    /// The app's version (`WMUserData.appVersion`).
    public var appVersion: String
    /// The device locale (`WMUserData.locale`).
    public var locale: String
    /// The device time zone (`WMUserData.timezone`).
    public var timezone: String
    /// The network type the user is using (`WMUserData.network`).
    public var network: WMNetworkType
    /// Whether the user allowed push notifications; `false` for an app without them (`WMUserData.isPushEnabled`).
    public var isPushEnabled: Bool

    /// The facts of one device at one moment; orientation, network and push default to portrait, Wi-Fi and off.
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

/// The device orientation codes of `WMUserData.deviceOrientation`. The page's header comment names two, `PRT_REG` and
/// `LSL`; `PRT_USD` and `LSR` for the other two orientations are the project's own choice (assumed,
/// `Schemas/walkme`).
public enum WMDeviceOrientation: String, Sendable, Hashable, CaseIterable {
    /// Portrait, home button down: `PRT_REG` (the page's header comment).
    case portrait = "PRT_REG"
    /// Portrait upside down: `PRT_USD` (assumed: the page does not name it).
    case portraitUpsideDown = "PRT_USD"
    /// Landscape left: `LSL` (the page's header comment).
    case landscapeLeft = "LSL"
    /// Landscape right: `LSR` (assumed: the page does not name it).
    case landscapeRight = "LSR"
}

/// The network codes of `WMUserData.network`: "The network type the user is using: WiFi / Cellular / Offline", as
/// the page's table says. The page's header comment says "( WIFI / 3G )"; the table, the statement users read,
/// wins (assumed, `Schemas/walkme`).
public enum WMNetworkType: String, Sendable, Hashable, CaseIterable {
    /// `WiFi`.
    case wifi = "WiFi"
    /// `Cellular`.
    case cellular = "Cellular"
    /// `Offline`.
    case offline = "Offline"
}

/// Where the device facts come from: an app passes a closure reading UIDevice and friends; tests and flows pass
/// ``fixed(_:)`` or a closure over their own state (to turn the device, or go offline).
public struct WMDeviceInfoProvider: Sendable {
    /// Reads the facts, at each interaction.
    public var read: @Sendable () -> WMDeviceInfo

    /// A provider that calls `read` at each interaction.
    public init(read: @escaping @Sendable () -> WMDeviceInfo) {
        self.read = read
    }

    /// Always the same facts.
    public static func fixed(_ info: WMDeviceInfo) -> WMDeviceInfoProvider {
        WMDeviceInfoProvider { info }
    }
}
