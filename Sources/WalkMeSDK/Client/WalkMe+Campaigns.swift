public import Foundation
import JSONCore

extension WalkMe {
    /// Shows the campaign with API trigger key `key`, whatever its segment and screen (capping still applies).
    /// Returns whether it was shown; `deepLink` is handed to the delegate as a `deeplink` action after dismissal.
    @discardableResult
    public func trigger(_ key: String, withDeepLink deepLink: String? = nil) async throws(WalkMeError) -> Bool {
        guard state.session != nil, let file = state.dataFile else { throw .notStarted("trigger") }
        guard let campaign = file.campaigns.first(where: { $0.triggerKey == key }) else {
            throw .unknownTriggerKey(key)
        }
        if let presented = state.presented { throw .campaignAlreadyShowing(presented.campaign.id) }
        guard try isUnderCapping(campaign) else { return false }
        await show(campaign, deepLink: deepLink)
        return true
    }

    /// Follows a WalkMe permalink, `com.walkme.<app_key>://1.0/trigger_campaign/<trigger_key>[?deeplink=…]`, by
    /// triggering its campaign. Returns `false` for a URL that is not this app's WalkMe permalink (the app handles
    /// it), and whether the campaign was shown otherwise.
    ///
    /// - Throws: ``WalkMeError/invalidPermalink(_:reason:)`` for a WalkMe URL without a trigger key or with an
    ///   unknown version or action, and the errors of ``trigger(_:withDeepLink:)``.
    public func openURL(_ url: URL) async throws(WalkMeError) -> Bool {
        guard let key = state.options?.key else { throw .notStarted("openURL") }
        let permalink = try WMPermalink(url: url, appKey: key)
        guard let permalink else { return false }
        return try await trigger(permalink.triggerKey, withDeepLink: permalink.deepLink)
    }

    /// Shows the first auto campaign whose segment, screen and capping allow it, unless one is on screen.
    func showEligibleCampaign() async {
        guard state.presented == nil, state.session != nil, let file = state.dataFile else { return }
        for campaign in file.campaigns where campaign.display == .auto {
            guard campaign.screenId == nil || campaign.screenId == state.screenId else { continue }
            if let segment = campaign.segment,
                !segment.matches(public: state.userAttributes, private: state.privateUserAttributes)
            {
                continue
            }
            guard (try? isUnderCapping(campaign)) == true else { continue }
            await show(campaign, deepLink: nil)
            return
        }
    }

    /// Whether the campaign may show: not dismissed with `never`, under its impression limit and under the app's
    /// campaigns-per-session limit.
    func isUnderCapping(_ campaign: WMCampaign) throws(WalkMeError) -> Bool {
        let stored = try loadStore()
        if stored.neverShow.contains(campaign.id) { return false }
        if let limit = campaign.maxImpressions, stored.impressions[campaign.id, default: 0] >= limit { return false }
        if let perSession = state.settings?.maxCampaignsPerSession, (state.session?.shown ?? 0) >= perSession {
            return false
        }
        return true
    }

    private func show(_ campaign: WMCampaign, deepLink: String?) async {
        let content = campaign.content(for: state.language, fallbacks: state.settings?.languages ?? [])
        let view = WMPresentedCampaign(
            campaignId: campaign.id, type: campaign.kind.rawValue, title: content?.title ?? "",
            body: content?.body ?? "", ctas: campaign.ctas, questions: campaign.questions)
        state.presented = WalkMeState.Presented(campaign: campaign, view: view, deepLink: deepLink)
        state.session?.shown += 1
        try? updateStore { $0.impressions[campaign.id, default: 0] += 1 }
        record(.promoImp, ["campaignId": .string(campaign.id)])
        campaignDelegate?.campaignWillShow(campaignInfo(campaign.id, cta: "", ctaId: "", data: campaign.data))
        await flushIfFull()
    }
}
