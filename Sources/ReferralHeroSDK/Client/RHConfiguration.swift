public import Foundation

/// Where `RH` sends its calls and with which credentials.
public struct RHConfiguration: Sendable, Hashable {
    /// The production SDK API: `https://app.referralhero.com/api/sdk/v1`.
    public static let productionServerURL = URL(string: "https://app.referralhero.com/api/sdk/v1")!

    /// The campaign owner's API token, sent raw in `Authorization`.
    public var apiToken: String
    /// The campaign (list) id, e.g. `MF83c9616aa3`.
    public var campaignUUID: String
    /// The base the contract's paths (`/lists/{uuid}/…`) are appended to; a simulator's base URL in tests.
    public var serverURL: URL

    /// A configuration for the campaign `campaignUUID` with the token `apiToken`, on the production server unless
    /// `serverURL` says otherwise.
    public init(apiToken: String, campaignUUID: String, serverURL: URL = Self.productionServerURL) {
        self.apiToken = apiToken
        self.campaignUUID = campaignUUID
        self.serverURL = serverURL
    }
}
