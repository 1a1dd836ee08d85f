import Foundation
import HTTPTypes
import JSONCore
import Synchronization

/// Exceptions, impressions, clicks and their system events.
extension WEPersonalization {
    /// Reports `error` to the campaign callbacks and the property's callback, tracks `app_personalization_failed`
    /// and shows the property's default content when it has a view to show it in.
    func raise(_ error: WebEngageError, _ property: WEPropertyDetail) {
        let campaignId: String? =
            switch error {
            case .timeout(let id, _, _, _), .campaignFetchingFailed(let id, _, _),
                .resourceFetchingFailed(let id, _, _, _):
                id
            case .missingTargetView(let id, _): id
            default: nil
            }
        let campaigns = campaignCallbacks
        for callback in campaigns { callback.onCampaignException(campaignId, property.targetView, error) }
        let callback: (any WEPlaceholderCallback)? = property.tag.flatMap { self.placeholder($0) }
        callback?.onPlaceholderException(campaignId, property.targetView, error)
        let targets = property.tag.map { views($0) } ?? []
        var defaultContent = property.defaultContent
        if case .missingTargetView = error { defaultContent = nil }
        if targets.isEmpty { defaultContent = nil }
        let callbacks = !campaigns.isEmpty || callback != nil
        let suffix =
            switch (defaultContent != nil, callbacks) {
            case (true, true): " Default and Callback triggered"
            case (false, true): " Callback triggered"
            case (true, false): " Default triggered"
            case (false, false): " Error occurred"
            }
        var system = JSONObject()
        system["experiment_id"] = .string(campaignId ?? "")
        system["p_id"] = .string(property.propertyId)
        system["targetView"] = .string(property.targetView)
        system["id"] = .string(property.variationId)
        if let journey = property.journeyId { system["journeyId"] = .string(journey) }
        webEngage.analytics.trackSystemEvent(
            name: "app_personalization_failed", systemData: system,
            eventData: JSONObject([("reason", .string(error.message + suffix))]))
        if let defaultContent {
            for view in targets { view.show(.defaultContent(defaultContent)) }
        }
    }

    /// A property whose campaign holds the user in its control group: no fetch, no callback, and
    /// `app_personalization_control_group` with `p_id`, `id` and `experiment_id`.
    func controlGroupAttempt(_ property: WEPropertyDetail) {
        var system = JSONObject()
        system["p_id"] = .string(property.propertyId)
        system["id"] = .string(property.variationId)
        system["experiment_id"] = .string(property.experimentId ?? "")
        webEngage.analytics.trackSystemEvent(
            name: "app_personalization_control_group", systemData: system, eventData: JSONObject())
    }

    /// The SDK's own impression of a campaign it rendered: one each time it shows the campaign in a view. The page
    /// counts impressions as the views a campaign gets (a second visit showing the same campaign counts again) and
    /// de-duplicates nothing, so showing it again within a visit counts too.
    func autoImpression(_ data: WECampaignData, tag: Int, visit: Int) {
        guard shouldAutoTrackImpressions, data.tracking != nil, isCurrent(visit) else { return }
        webEngage.analytics.trackSystemEvent(
            name: "app_personalization_view", systemData: data.systemAttributes(JSONObject()),
            eventData: data.eventAttributes(nil))
    }

    /// A tap on a campaign the SDK rendered: `app_personalization_click`, `onCampaignClicked` on every campaign
    /// callback, and the deep link opened unless one of them returned `true`.
    func click(_ data: WECampaignData, actionId: String?) {
        queue.enqueue { [weak self] in
            guard let self else { return }
            let actions = data.content.actions
            // The named action, or the campaign's first one when the tap names none.
            let action = actionId.map { id in actions.first { $0.actionId == id } } ?? actions.first
            let id = action?.actionId ?? actionId ?? ""
            let link = action?.deepLink ?? ""
            webEngage.analytics.trackSystemEvent(
                name: "app_personalization_click",
                systemData: data.systemAttributes(JSONObject([("actionId", .string(id))])),
                eventData: data.eventAttributes(nil))
            var handled = false
            for callback in campaignCallbacks where callback.onCampaignClicked(actionId: id, deepLink: link, data: data)
            {
                handled = true
            }
            if !handled, !link.isEmpty, let url = URL(string: link) { linkOpener.open(url) }
            await upload()
        }
    }

    /// An impression or click the app reported for a campaign it renders.
    func trackFromApp(_ name: String, _ system: JSONObject, _ attributes: JSONObject) {
        webEngage.analytics.trackSystemEvent(name: name, systemData: system, eventData: attributes)
        queue.enqueue { [weak self] in await self?.upload() }
    }

    /// Uploads the queued events; a failed upload leaves them queued for the next one.
    func upload() async {
        try? await webEngage.analytics.flush()
    }
}
