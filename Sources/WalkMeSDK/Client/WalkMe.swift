import Foundation
import JSONCore

/// The WalkMe mobile SDK core (campaign callbacks, SDK 1.6.0+): start with the app's key and secret, sync the
/// settings and the data file, run sessions, keep user attributes, show campaigns through a headless presenter and
/// report every dismissal to the ``WMCampaignInfoDelegate`` with a ``WMCampaignInfo``.
///
/// ```swift
/// let walkMe = WalkMe(environment: WalkMeEnvironment(transport: transport, baseURL: url, device: .fixed(device)))
/// walkMe.setCampaignInfoDelegate(self)
/// try await walkMe.start(options: WMStartOptions(key: "f3a9c2e47b1d4e0a", secret: secret))
/// try await walkMe.setScreenID("home")            // shows the campaigns of that screen
/// let info = try await walkMe.tapCTA("cta-ok")     // campaignDidDismiss(info): info.campaginCta == "abbi://ok"
/// ```
///
/// All network calls go through the environment's `ClientTransport`; the clock, session ids, store and device facts
/// come from it too.
public actor WalkMe {
    /// The SDK version `WMUserData.sdkVer` reports.
    public static let sdkVersion = "1.6.0"
    /// The shortest session `restart` and `stop` accept, in seconds.
    public static let minimumSessionAge = 60

    let environment: WalkMeEnvironment
    var state = WalkMeState()
    private let delegates = Locked(Delegates())

    /// The delegate registered with the class method ``setCampaignInfoDelegate(_:)-swift.type.method``: instances
    /// without their own delegate report to it.
    private static let sharedDelegate = Locked<(any WMCampaignInfoDelegate)?>(nil)

    /// A WalkMe SDK core in `environment`; call `start` before anything shows.
    public init(environment: WalkMeEnvironment) {
        self.environment = environment
    }

    /// Registers the delegate every `WalkMe` without its own delegate reports campaign events to (the documented
    /// class method); held strongly, `nil` removes it.
    public static func setCampaignInfoDelegate(_ delegate: (any WMCampaignInfoDelegate)?) {
        sharedDelegate.withLock { $0 = delegate }
    }

    /// Registers this instance's campaign delegate (held strongly; `nil` falls back to the class-wide one).
    public nonisolated func setCampaignInfoDelegate(_ delegate: (any WMCampaignInfoDelegate)?) {
        delegates.withLock { $0.campaign = delegate }
    }

    /// Registers the analytics delegate (held strongly).
    public nonisolated func setAnalyticsDelegate(_ delegate: (any WMAnalyticsDelegate)?) {
        delegates.withLock { $0.analytics = delegate }
    }

    nonisolated var campaignDelegate: (any WMCampaignInfoDelegate)? {
        delegates.withLock { $0.campaign } ?? Self.sharedDelegate.withLock { $0 }
    }

    nonisolated var analyticsDelegate: (any WMAnalyticsDelegate)? {
        delegates.withLock { $0.analytics }
    }

    /// The current session's id, if one runs.
    public var sessionId: String? { state.session?.id }

    /// Whether the last start found the kill switch on.
    public var isKillSwitched: Bool { state.killSwitched }

    /// The current session's age in whole seconds.
    var sessionAge: Int {
        guard let session = state.session else { return 0 }
        return max(0, Int(environment.now().timeIntervalSince(session.start).rounded(.down)))
    }

    func loadStore() throws(WalkMeError) -> WMStoredContent {
        do { return try environment.store.load() } catch { throw .store("\(error)") }
    }

    func updateStore(_ change: (inout WMStoredContent) -> Void) throws(WalkMeError) {
        var content = try loadStore()
        change(&content)
        do { try environment.store.save(content) } catch { throw .store("\(error)") }
    }
}

private struct Delegates {
    var campaign: (any WMCampaignInfoDelegate)?
    var analytics: (any WMAnalyticsDelegate)?
}

/// Everything a `WalkMe` remembers while the process runs.
struct WalkMeState: Sendable {
    struct Session: Sendable {
        var id: String
        var start: Date
        var shown = 0
    }

    struct Presented: Sendable {
        var campaign: WMCampaign
        var view: WMPresentedCampaign
        var deepLink: String?
    }

    var options: WMStartOptions?
    var api: WalkMeAPI?
    var settings: WMSettings?
    var dataFile: WMDataFile?
    var lastResult: WMStartResult?
    var session: WalkMeState.Session?
    var killSwitched = false
    var userAttributes: [String: JSONValue] = [:]
    var privateUserAttributes: [String: JSONValue] = [:]
    var userId: String?
    var language: String?
    var screenId: String?
    var eventsFilter: Set<WMStatsEventType>?
    var queue: [JSONValue] = []
    var presented: Presented?
    var backgroundedAt: Date?
}
