/// Callbacks for one property (placeholder), registered by its iOS property id with
/// ``WEPersonalization/registerWEPlaceholderCallback(_:_:)`` or ``WEInlineView/load(tag:callbacks:)``.
/// Every method has a default that does nothing. The SDK holds callbacks weakly.
public protocol WEPlaceholderCallback: AnyObject, Sendable {
    /// A campaign (Banner, Text or Custom) arrived for the property; for Custom, render it from `data`.
    func onDataReceived(_ data: WECampaignData)
    /// The SDK rendered the Banner or Text campaign in the property's view.
    func onRendered(data: WECampaignData)
    /// The campaign for this property failed (`exception` is a ``WebEngageError``: its `key` is the page's).
    func onPlaceholderException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error)
}

extension WEPlaceholderCallback {
    public func onDataReceived(_ data: WECampaignData) {}
    public func onRendered(data: WECampaignData) {}
    public func onPlaceholderException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error) {}
}

/// Callbacks for every campaign's lifecycle, registered with ``WEPersonalization/registerWECampaignCallback(_:)``.
/// Every method has a default (prepared data passed on unchanged, clicks left to the SDK). Held weakly.
public protocol WECampaignCallback: AnyObject, Sendable {
    /// First callback for every campaign; return the data (call ``WECampaignData/stopRendering()`` to render it
    /// yourself).
    func onCampaignPrepared(_ data: WECampaignData) -> WECampaignData
    /// The SDK showed the Banner or Text campaign.
    func onCampaignShown(data: WECampaignData)
    /// The user tapped the campaign the SDK rendered. Return `true` when the app handles `deepLink`; `false` lets
    /// the SDK open it.
    func onCampaignClicked(actionId: String, deepLink: String, data: WECampaignData) -> Bool
    /// A campaign failed (`exception` is a ``WebEngageError``).
    func onCampaignException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error)
}

extension WECampaignCallback {
    public func onCampaignPrepared(_ data: WECampaignData) -> WECampaignData { data }
    public func onCampaignShown(data: WECampaignData) {}
    public func onCampaignClicked(actionId: String, deepLink: String, data: WECampaignData) -> Bool { false }
    public func onCampaignException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error) {}
}
