/// Callbacks for one property (placeholder), registered by its iOS property id with
/// ``WEPersonalization/registerWEPlaceholderCallback(_:_:)`` or ``WEInlineView/load(tag:callbacks:)``: the page
/// recommends them for properties registered in code and for property-wise updates. Every method has a default that
/// does nothing. The SDK holds callbacks weakly.
public protocol WEPlaceholderCallback: AnyObject, Sendable {
    /// Campaign data arrived for the property, for every template (Banner, Text and Custom). For Custom templates
    /// the app builds its own UI from `data`, and tracks the impression and configures the click itself.
    func onDataReceived(_ data: WECampaignData)
    /// The SDK displayed the campaign in the property's view: Banner and Text templates only, never Custom ones
    /// (the app renders those), and not when `stopRendering()` was called in `onCampaignPrepared`.
    func onRendered(data: WECampaignData)
    /// Showing a campaign on this property failed; an app whose property is already visible hides it or shows a
    /// default UI here. `exception` is a ``WebEngageError`` whose ``WebEngageError/key`` is the page's error key.
    func onPlaceholderException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error)
}

extension WEPlaceholderCallback {
    /// Does nothing.
    public func onDataReceived(_ data: WECampaignData) {}
    /// Does nothing.
    public func onRendered(data: WECampaignData) {}
    /// Does nothing.
    public func onPlaceholderException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error) {}
}

/// Callbacks for every campaign's lifecycle, registered with ``WEPersonalization/registerWECampaignCallback(_:)``
/// (globally in the app delegate or locally in a controller). Every method has a default (prepared data passed on
/// unchanged, clicks left to the SDK). Held weakly.
public protocol WECampaignCallback: AnyObject, Sendable {
    /// The first callback, for every template (Banner, Text and Custom), once a qualified campaign's data is
    /// retrieved; return the data. Call ``WECampaignData/stopRendering()`` on it to keep the SDK from rendering a
    /// Banner or Text campaign and render it yourself.
    func onCampaignPrepared(_ data: WECampaignData) -> WECampaignData
    /// The SDK displayed the campaign: Banner and Text templates only, not Custom ones, nor after `stopRendering()`.
    func onCampaignShown(data: WECampaignData)
    /// The user clicked a campaign view the SDK rendered (Banner and Text only; Custom views are the app's). Handle
    /// deep links here. Returning `false` lets the SDK open `deepLink` (through the ``WELinkOpener``); returning
    /// `true` tells the SDK not to redirect because the app handles it.
    ///
    /// The page contradicts itself: its prose says the above, while its sample's comment says to write your
    /// redirection code and return `false`. The SDK follows the prose (recorded as `x-source: assumed` in
    /// `Schemas/webengage`): an app that redirects itself returns `true`, or the link is opened twice.
    func onCampaignClicked(actionId: String, deepLink: String, data: WECampaignData) -> Bool
    /// Retrieving or showing a campaign failed. `exception` is a ``WebEngageError`` whose ``WebEngageError/key``
    /// is the page's error key (`timeout`, `missingTargetView`, `campaignFetchingFailed`, `resourceFetchingFailed`).
    func onCampaignException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error)
}

extension WECampaignCallback {
    /// Returns `data` unchanged.
    public func onCampaignPrepared(_ data: WECampaignData) -> WECampaignData { data }
    /// Does nothing.
    public func onCampaignShown(data: WECampaignData) {}
    /// Returns `false`: the SDK opens the deep link.
    public func onCampaignClicked(actionId: String, deepLink: String, data: WECampaignData) -> Bool { false }
    /// Does nothing.
    public func onCampaignException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error) {}
}
