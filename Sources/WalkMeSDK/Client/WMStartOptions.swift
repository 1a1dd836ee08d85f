public import Foundation
public import OpenAPIRuntime

/// How `WalkMe.start(options:)` starts: the app's key and secret from the WalkMe console, and optionally a proxy
/// gateway (all calls go there instead of WalkMe), a self-hosted data file, the analytics events the analytics
/// delegate receives, the application type and the campaign delegate.
public struct WMStartOptions: Sendable {
    public var key: String
    public var secret: String
    public var proxyGatewayURL: URL?
    public var selfHostedURL: URL?
    /// The event types the analytics delegate receives; `nil` for all.
    public var events: [WMStatsEventType]?
    public var type: WMApplicationType
    public var campaignInfoDelegate: (any WMCampaignInfoDelegate)?

    public init(
        key: String, secret: String, proxyGatewayURL: URL? = nil, selfHostedURL: URL? = nil,
        events: [WMStatsEventType]? = nil, type: WMApplicationType = .native,
        campaignInfoDelegate: (any WMCampaignInfoDelegate)? = nil
    ) {
        self.key = key
        self.secret = secret
        self.proxyGatewayURL = proxyGatewayURL
        self.selfHostedURL = selfHostedURL
        self.events = events
        self.type = type
        self.campaignInfoDelegate = campaignInfoDelegate
    }
}

/// The application types of the ObjC API (`ABBI_APP_NATIVE` = 10 …), sent with the settings request.
public enum WMApplicationType: Int, Sendable, Hashable, CaseIterable {
    case native = 10
    case hybrid = 11
    case cocos2d = 12
    case unity = 13
}

/// Where the data file of a start came from.
public enum WMContentSource: String, Sendable, Hashable {
    /// Downloaded now.
    case network
    /// The stored data file, whose version the settings announce.
    case upToDateCache = "up-to-date-cache"
    /// The stored data file, because WalkMe could not be reached.
    case offlineCache = "offline-cache"
    /// Downloaded from the self-hosted URL.
    case selfHosted = "self-hosted"
}

/// What a start did.
public struct WMStartResult: Sendable, Hashable {
    public var sessionId: String
    public var contentSource: WMContentSource
    public var dataFileVersion: Int
    /// The campaign ids of the data file, in order.
    public var campaignIds: [String]
    /// The refusals of a stored access token met on the way (`invalid_token`, `token_expired`), each followed by
    /// a new token.
    public var tokenRefusals: [String]
}

/// The environment a `WalkMe` runs in: the network, WalkMe's base URL, the clock, session ids, the store and the
/// device facts. Apps pass the defaults; tests and flows pass fixed ones so runs repeat exactly.
public struct WalkMeEnvironment: Sendable {
    public var transport: any ClientTransport
    public var baseURL: URL
    public var now: @Sendable () -> Date
    public var makeIdentifier: @Sendable () -> String
    public var store: any WMContentStore
    public var device: WMDeviceInfoProvider

    public init(
        transport: any ClientTransport, baseURL: URL, now: @escaping @Sendable () -> Date = Date.init,
        makeIdentifier: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() },
        store: any WMContentStore = WMInMemoryContentStore(), device: WMDeviceInfoProvider
    ) {
        self.transport = transport
        self.baseURL = baseURL
        self.now = now
        self.makeIdentifier = makeIdentifier
        self.store = store
        self.device = device
    }
}
