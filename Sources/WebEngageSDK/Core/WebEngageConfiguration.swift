public import Foundation

/// What the core SDK needs to talk to WebEngage: the account's license code, where its API is, and the device
/// user's id (`luid`).
public struct WebEngageConfiguration: Sendable, Hashable {
    /// The account's license code, as shown on the dashboard (`~10a5cb78d`).
    public var licenseCode: String
    /// The API's base URL; every path (`/users/{licenseCode}/{luid}/…`) is relative to it.
    public var baseURL: URL
    /// The anonymous id of this device's user, kept across launches by the app.
    public var luid: String

    /// The account's `licenseCode`, the API at `baseURL`, the device user `luid`.
    public init(licenseCode: String, baseURL: URL = WebEngageConfiguration.defaultBaseURL, luid: String) {
        self.licenseCode = licenseCode
        self.baseURL = baseURL
        self.luid = luid
    }

    /// Where the in-line content API is assumed to live (the iOS host is not public; see the module docs).
    public static let defaultBaseURL = URL(string: "https://c.webengage.com")!
}
