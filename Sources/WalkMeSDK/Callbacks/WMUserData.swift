public import Foundation
public import JSONCore

/// Who interacted with a campaign, and on what, at the moment of the interaction: every field of the "iOS
/// Campaign Callbacks" page, under the page's names. Filled from the device provider and the session.
public final class WMUserData: NSObject, Sendable {
    /// The public user attributes set by then, e.g. `{"lead_id": "12345", "account_type": "family"}`.
    public let userAttributes: [String: JSONValue]
    /// The private user attributes set by then.
    public let privateUserAttributes: [String: JSONValue]
    /// How long the session had lasted, in seconds.
    public let sessionDuration: NSNumber
    /// The OS version.
    public let systemVersion: String
    /// The device's unique id.
    public let deviceId: String
    /// The device model.
    public let deviceModel: String
    /// `PRT_REG`, `PRT_USD`, `LSL` or `LSR`.
    public let deviceOrientation: String
    /// The app's version.
    public let appVersion: String
    /// The app's name.
    public let appName: String
    /// The device locale.
    public let locale: String
    /// The WalkMe SDK version.
    public let sdkVer: String
    /// The session's unique id.
    public let sessionId: String
    /// `"true"` when the user allowed push notifications, else `"false"` (also for apps without push).
    public let isPushEnabled: String
    /// The device time zone.
    public let timezone: String
    /// `WIFI`, `CELLULAR` or `OFFLINE`.
    public let network: String
    /// Always `iOS`.
    public let systemName: String
    /// The user's current time, in milliseconds since 1970, as text.
    public let timestamp: String

    init(
        userAttributes: [String: JSONValue], privateUserAttributes: [String: JSONValue], sessionDuration: Int,
        device: WMDeviceInfo, sessionId: String, now: Date
    ) {
        self.userAttributes = userAttributes
        self.privateUserAttributes = privateUserAttributes
        self.sessionDuration = NSNumber(value: sessionDuration)
        systemVersion = device.systemVersion
        deviceId = device.deviceId
        deviceModel = device.deviceModel
        deviceOrientation = device.orientation.rawValue
        appVersion = device.appVersion
        appName = device.appName
        locale = device.locale
        sdkVer = WalkMe.sdkVersion
        self.sessionId = sessionId
        isPushEnabled = device.isPushEnabled ? "true" : "false"
        timezone = device.timezone
        network = device.network.rawValue
        systemName = "iOS"
        timestamp = String(Int64((now.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Every field as JSON, under the page's names.
    public var json: JSONValue {
        [
            "userAttributes": .object(JSONObject(userAttributes.sorted { $0.key < $1.key })),
            "privateUserAttributes": .object(JSONObject(privateUserAttributes.sorted { $0.key < $1.key })),
            "sessionDuration": .number(JSONNumber(sessionDuration.intValue)),
            "systemVersion": .string(systemVersion), "deviceId": .string(deviceId),
            "deviceModel": .string(deviceModel), "deviceOrientation": .string(deviceOrientation),
            "appVersion": .string(appVersion), "appName": .string(appName), "locale": .string(locale),
            "sdkVer": .string(sdkVer), "sessionId": .string(sessionId), "isPushEnabled": .string(isPushEnabled),
            "timezone": .string(timezone), "network": .string(network), "systemName": .string(systemName),
            "timestamp": .string(timestamp),
        ]
    }
}
