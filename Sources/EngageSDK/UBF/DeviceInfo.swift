import Foundation

/// The device half of every event's core attributes (§3.3 of the Engage notes).
public struct DeviceInfo: Sendable, Hashable {
    /// The device's name. Not sent: the README's list of the attributes every event carries has no device name.
    public var deviceName: String
    /// `Device Version` (the hardware model, such as `iPhone17,1`).
    public var deviceVersion: String
    /// `OS Name`.
    public var osName: String
    /// `OS Version`.
    public var osVersion: String
    /// `App Name`.
    public var appName: String
    /// `App Version`.
    public var appVersion: String

    /// Device attributes as given; ``current`` reads them from this machine.
    public init(
        deviceName: String, deviceVersion: String, osName: String, osVersion: String, appName: String,
        appVersion: String
    ) {
        self.deviceName = deviceName
        self.deviceVersion = deviceVersion
        self.osName = osName
        self.osVersion = osVersion
        self.appName = appName
        self.appVersion = appVersion
    }

    /// This machine and process: host name, CPU architecture, OS, and the main bundle's display name and
    /// version (`__UNKNOWN__` when absent, as the iOS SDK writes it).
    public static var current: DeviceInfo {
        let process = ProcessInfo.processInfo
        let version = process.operatingSystemVersion
        let info = Bundle.main.infoDictionary ?? [:]
        #if os(Linux)
        let osName = "Linux"
        #elseif os(iOS)
        let osName = "iOS"
        #elseif os(macOS)
        let osName = "macOS"
        #else
        let osName = "unknown"
        #endif
        #if arch(arm64)
        let machine = "arm64"
        #elseif arch(x86_64)
        let machine = "x86_64"
        #else
        let machine = "unknown"
        #endif
        return DeviceInfo(
            deviceName: process.hostName,
            deviceVersion: machine,
            osName: osName,
            osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)",
            appName: (info["CFBundleDisplayName"] as? String) ?? "__UNKNOWN__",
            appVersion: (info["CFBundleVersion"] as? String) ?? "__UNKNOWN__"
        )
    }
}

/// The identity half of every event's core attributes.
public struct UBFIdentity: Sendable, Hashable {
    /// `Device Id`: the identifier of this installation.
    public var deviceID: String
    /// `Primary User Id`: the mobile user id, or `""`.
    public var mobileUserID: String
    /// `Anonymous Id`: the deprecated anonymous recipient's id, or `""`.
    public var anonymousID: String
    /// `Recipient Id`: the Engage recipient id, or `""`.
    public var recipientID: String

    /// The identity attributes, each `""` unless given.
    public init(deviceID: String, mobileUserID: String = "", anonymousID: String = "", recipientID: String = "") {
        self.deviceID = deviceID
        self.mobileUserID = mobileUserID
        self.anonymousID = anonymousID
        self.recipientID = recipientID
    }
}
