import Foundation
import JSONCore

/// The in-line content SDK: properties (placeholders) on tagged screens receive campaigns through
/// ``WEPlaceholderCallback`` and ``WECampaignCallback``; Banner and Text campaigns are rendered into
/// ``WEInlineView``s, Custom ones are left to the app.
///
/// ```swift
/// WEPersonalization.shared.initialise()
/// WebEngage.sharedInstance().analytics.navigatingToScreen(withName: "home")
/// WEPersonalization.shared.registerWEPlaceholderCallback(1002, self)
/// ```
///
/// Work (fetches, callbacks, uploads) runs one job at a time in the order it was asked for; in
/// ``WEWorkMode/manual`` mode only when ``waitUntilIdle()`` is awaited.
public final class WEPersonalization: Sendable {
    /// The instance the vendor's samples use, on ``WebEngage/sharedInstance()``.
    public static let shared = WEPersonalization(webEngage: .sharedInstance())

    /// The core SDK this one runs on.
    public let webEngage: WebEngage
    let queue: WEWorkQueue
    let state = Locked(State())

    struct State {
        var initialised = false
        var listening = false
        var placeholders: [Int: WeakPlaceholder] = [:]
        var campaignCallbacks: [WeakCampaignCallback] = []
        var views: [ObjectIdentifier: WeakView] = [:]
        var autoTrack = true
        var opener = WELinkOpener.none
        var visits = 0
        var visit: Visit?
    }

    /// One visit of a screen: its properties once loaded, what was processed and shown.
    struct Visit {
        var number: Int
        var screen: String
        var properties: [WEPropertyDetail]?
        var processed: Set<Int> = []
        var cache: [Int: WECampaignData] = [:]
    }

    /// The personalization SDK on `webEngage`, opening links with `linkOpener`, its work run as `mode` says.
    public init(webEngage: WebEngage, linkOpener: WELinkOpener = .none, mode: WEWorkMode = .automatic) {
        self.webEngage = webEngage
        queue = WEWorkQueue(mode: mode)
        state.withLock { $0.opener = linkOpener }
    }

    /// Starts the SDK: from now on every tagged screen loads its properties. Refused (returns `false`) until the
    /// core SDK is configured; calling it again changes nothing.
    @discardableResult
    public func initialise() -> Bool {
        guard webEngage.isConfigured else { return false }
        let listen = state.withLock { state -> Bool in
            state.initialised = true
            defer { state.listening = true }
            return !state.listening
        }
        if listen { webEngage.addScreenListener { [weak self] screen in self?.screenChanged(screen) } }
        return true
    }

    /// Whether ``initialise()`` succeeded.
    public var isInitialised: Bool { state.withLock { $0.initialised } }

    /// Whether the SDK counts an impression when it renders a Banner or Text campaign (on by default).
    public var shouldAutoTrackImpressions: Bool {
        get { state.withLock { $0.autoTrack } }
        set { state.withLock { $0.autoTrack = newValue } }
    }

    /// Opens deep links the app leaves to the SDK.
    public var linkOpener: WELinkOpener {
        get { state.withLock { $0.opener } }
        set { state.withLock { $0.opener = newValue } }
    }

    /// When queued work runs.
    public var workMode: WEWorkMode {
        get { queue.mode }
        set { queue.mode = newValue }
    }

    /// Runs (or waits for) all queued work: property loads, template fetches, callbacks and event uploads.
    public func waitUntilIdle() async {
        await queue.drain()
    }

    /// Registers `callback` for the property with iOS id `propertyId` (replacing an earlier one).
    public func registerWEPlaceholderCallback(_ propertyId: Int, _ callback: any WEPlaceholderCallback) {
        state.withLock { $0.placeholders[propertyId] = WeakPlaceholder(value: callback) }
        queue.enqueue { [weak self] in await self?.processTag(propertyId, reshow: false) }
    }

    /// Forgets the property's callback: it receives nothing more, and a campaign still arriving for a property
    /// with neither callback nor view raises `missingTargetView`.
    public func unregisterWEPlaceholderCallback(_ propertyId: Int) {
        state.withLock { $0.placeholders[propertyId] = nil }
    }

    /// Registers `callback` for every campaign (once, however often it is registered).
    public func registerWECampaignCallback(_ callback: any WECampaignCallback) {
        state.withLock { state in
            state.campaignCallbacks.removeAll { $0.value == nil || $0.value === callback }
            state.campaignCallbacks.append(WeakCampaignCallback(value: callback))
        }
    }

    /// Forgets `callback`.
    public func unregisterWECampaignCallback(_ callback: any WECampaignCallback) {
        state.withLock { $0.campaignCallbacks.removeAll { $0.value == nil || $0.value === callback } }
    }

    // MARK: Views

    func attach(_ view: WEInlineView) {
        let tag = view.tag
        let shown = state.withLock { state in
            state.views[ObjectIdentifier(view)] = WeakView(value: view)
            return state.visit?.processed.contains(tag) ?? false
        }
        queue.enqueue { [weak self] in await self?.processTag(tag, reshow: shown) }
    }

    func detach(_ view: WEInlineView) {
        state.withLock { $0.views[ObjectIdentifier(view)] = nil }
    }

    func load(_ view: WEInlineView, tag: Int, previousTag: Int, callbacks: any WEPlaceholderCallback) {
        let shown = state.withLock { state in
            state.views[ObjectIdentifier(view)] = WeakView(value: view)
            if previousTag != tag, state.placeholders[previousTag]?.value === callbacks {
                state.placeholders[previousTag] = nil
            }
            state.placeholders[tag] = WeakPlaceholder(value: callbacks)
            return state.visit?.processed.contains(tag) ?? false
        }
        queue.enqueue { [weak self] in await self?.processTag(tag, reshow: shown) }
    }

    // MARK: Lookups

    func placeholder(_ tag: Int) -> (any WEPlaceholderCallback)? {
        state.withLock { $0.placeholders[tag]?.value }
    }

    var campaignCallbacks: [any WECampaignCallback] {
        state.withLock { $0.campaignCallbacks.compactMap(\.value) }
    }

    func views(_ tag: Int) -> [WEInlineView] {
        state.withLock { state in
            state.views.values.compactMap(\.value).filter { $0.isAttached && $0.tag == tag }
        }
    }

    /// Whether the property has a callback or a view on the screen.
    func isPresent(_ tag: Int) -> Bool {
        placeholder(tag) != nil || !views(tag).isEmpty
    }
}

struct WeakPlaceholder {
    weak var value: (any WEPlaceholderCallback)?
}

struct WeakCampaignCallback {
    weak var value: (any WECampaignCallback)?
}

struct WeakView {
    weak var value: WEInlineView?
}
