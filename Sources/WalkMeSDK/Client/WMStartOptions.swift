public import Foundation
public import OpenAPIRuntime

/// How `WalkMe.start(options:)` starts: the app's key and secret from the WalkMe console, and optionally a proxy
/// gateway (all calls go there instead of WalkMe), a self-hosted data file, the analytics events the analytics
/// delegate receives, the application type and the campaign delegate.
public struct WMStartOptions: Sendable {
    /// The app key from the WalkMe console.
    public var key: String
    /// The app secret from the WalkMe console.
    public var secret: String
    /// A proxy gateway that receives every call instead of WalkMe.
    public var proxyGatewayURL: URL?
    /// Where the self-hosted data file is served.
    public var selfHostedURL: URL?
    /// The event types the analytics delegate receives; `nil` for all.
    public var events: [WMStatsEventType]?
    /// The application type, sent with the settings request.
    public var type: WMApplicationType
    /// The campaign delegate of this start.
    public var campaignInfoDelegate: (any WMCampaignInfoDelegate)?

    /// Start options: the key and secret, the rest optional.
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
    /// `ABBI_APP_NATIVE`.
    case native = 10
    /// `ABBI_APP_HYBRID`.
    case hybrid = 11
    /// `ABBI_APP_COCOS2D`.
    case cocos2d = 12
    /// `ABBI_APP_UNITY`.
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
    /// The new session's id (`WMUserData.sessionId`).
    public var sessionId: String
    /// Where the data file came from.
    public var contentSource: WMContentSource
    /// The data file's version.
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
    /// How requests reach WalkMe (URLSession, a cassette, a simulator, …).
    public var transport: any ClientTransport
    /// WalkMe's base URL, or a simulator's.
    public var baseURL: URL
    /// The clock behind timestamps and session durations.
    public var now: @Sendable () -> Date
    /// Makes session ids.
    public var makeIdentifier: @Sendable () -> String
    /// Where settings, data file, token and capping counters are kept between launches.
    public var store: any WMContentStore
    /// The device facts `WMUserData` reports.
    public var device: WMDeviceInfoProvider

    /// An environment; the clock, the ids and the store default to the system clock, random UUIDs and memory.
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
