public import Foundation
public import JSONCore

/// Receives campaign events. `campaignDidDismiss(_:)` is the documented callback (SDK 1.6.0+); the others came
/// later and have empty default implementations.
public protocol WMCampaignInfoDelegate: NSObjectProtocol, Sendable {
    /// Called after a campaign was dismissed, with the CTA that dismissed it.
    func campaignDidDismiss(_ campaignInfo: WMCampaignInfo)
    /// Called before a campaign is shown (`campaginCta` and `campaignCtaId` are empty).
    func campaignWillShow(_ campaignInfo: WMCampaignInfo)
    /// Called when a CTA performs an action the app handles: `custom` (args `value`) or `deeplink` (args
    /// `deeplink`); call `completion` when done.
    func campaign(
        _ campaignInfo: WMCampaignInfo, didPerformAction actionType: String, withArgs args: [String: JSONValue],
        andCompletion completion: @escaping @Sendable () -> Void)
}

extension WMCampaignInfoDelegate {
    /// Does nothing by default.
    public func campaignWillShow(_ campaignInfo: WMCampaignInfo) {}

    /// Calls `completion` at once by default.
    public func campaign(
        _ campaignInfo: WMCampaignInfo, didPerformAction actionType: String, withArgs args: [String: JSONValue],
        andCompletion completion: @escaping @Sendable () -> Void
    ) {
        completion()
    }
}

/// Receives every analytics event the SDK records (those of the events filter, when one is set).
public protocol WMAnalyticsDelegate: AnyObject, Sendable {
    /// Called for every analytics event the SDK records (of the start options' `events`, when set), with its type and
    /// payload.
    func didSendAnalyticsEvent(ofType type: WMStatsEventType, withPayload payload: [String: JSONValue])
}
