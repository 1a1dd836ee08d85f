import Foundation
import JSONCore

extension WalkMe {
    /// The campaign on screen, if any.
    public var presentedCampaign: WMPresentedCampaign? { state.presented?.view }

    /// The user taps a CTA of the campaign on screen: a `PromoClk` event, the CTA's effect (`never` keeps the
    /// campaign from showing again, a custom CTA is handed to the delegate as a `custom` action), then the campaign
    /// is dismissed and `campaignDidDismiss(_:)` receives the info, which is also returned.
    @discardableResult
    public func tapCTA(_ ctaId: String) async throws(WalkMeError) -> WMCampaignInfo {
        guard let presented = state.presented else { throw .presenter("no campaign is on screen") }
        guard let cta = presented.campaign.ctas.first(where: { $0.id == ctaId }) else {
            throw .presenter("campaign \(presented.campaign.id) has no CTA \(ctaId)")
        }
        guard cta.action != .submit else {
            throw .presenter("CTA \(ctaId) submits the survey; call submitSurvey(_:) with the answers")
        }
        return await finish(presented, cta: cta.reported, ctaId: cta.id, action: cta, answers: nil)
    }

    /// The user submits the survey on screen with answers by question id: its submit CTA is reported and the
    /// answers land in `campaignData["answers"]`.
    @discardableResult
    public func submitSurvey(_ answers: [String: String]) async throws(WalkMeError) -> WMCampaignInfo {
        guard let presented = state.presented else { throw .presenter("no campaign is on screen") }
        guard presented.campaign.kind == .survey else {
            throw .presenter("campaign \(presented.campaign.id) is a shout-out, not a survey")
        }
        let known = Set(presented.campaign.questions.map(\.id))
        guard !answers.isEmpty else { throw .presenter("a survey submission needs at least one answer") }
        if let unknown = answers.keys.sorted().first(where: { !known.contains($0) }) {
            throw .presenter("survey \(presented.campaign.id) has no question \(unknown)")
        }
        guard let submit = presented.campaign.ctas.first(where: { $0.action == .submit }) else {
            throw .presenter("survey \(presented.campaign.id) has no submit CTA")
        }
        return await finish(presented, cta: submit.reported, ctaId: submit.id, action: submit, answers: answers)
    }

    /// The user closes the campaign without a CTA of its own: reported as `abbi://close`.
    @discardableResult
    public func dismiss() async throws(WalkMeError) -> WMCampaignInfo {
        guard let presented = state.presented else { throw .presenter("no campaign is on screen") }
        let close = presented.campaign.ctas.first { $0.action == .close }
        return await finish(presented, cta: "abbi://close", ctaId: close?.id ?? "", action: close, answers: nil)
    }

    private func finish(
        _ presented: WalkMeState.Presented, cta: String, ctaId: String, action: WMCTA?, answers: [String: String]?
    ) async -> WMCampaignInfo {
        var data = presented.campaign.data
        if let answers {
            data["answers"] = .object(
                JSONObject(answers.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
        }
        let info = campaignInfo(presented.campaign.id, cta: cta, ctaId: ctaId, data: data)
        var payload: [String: JSONValue] = [
            "campaignId": .string(presented.campaign.id), "cta": .string(cta), "ctaId": .string(ctaId),
        ]
        if let answers = data["answers"] { payload["answers"] = answers }
        record(.promoClk, payload)
        if action?.action == .never {
            try? updateStore { $0.neverShow.insert(presented.campaign.id) }
        }
        state.presented = nil
        let delegate = campaignDelegate
        if let action, action.action == .custom, let value = action.value {
            await perform(delegate, info, "custom", ["value": .string(value)])
        }
        delegate?.campaignDidDismiss(info)
        if let deepLink = presented.deepLink {
            await perform(delegate, info, "deeplink", ["deeplink": .string(deepLink)])
        }
        await flushIfFull()
        return info
    }

    private func perform(
        _ delegate: (any WMCampaignInfoDelegate)?, _ info: WMCampaignInfo, _ action: String, _ args: [String: JSONValue]
    ) async {
        guard let delegate else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            delegate.campaign(info, didPerformAction: action, withArgs: args) { continuation.resume() }
        }
    }

    /// A `WMCampaignInfo` for campaign `id` now: the user data from the device provider and the session.
    func campaignInfo(_ id: String, cta: String, ctaId: String, data: [String: JSONValue]) -> WMCampaignInfo {
        let now = environment.now()
        let userData = WMUserData(
            userAttributes: state.userAttributes, privateUserAttributes: state.privateUserAttributes,
            sessionDuration: sessionAge, device: environment.device.read(), sessionId: state.session?.id ?? "",
            now: now)
        return WMCampaignInfo(
            campaginCta: cta, campaignCtaId: ctaId, campaignId: id, userData: userData, campaignData: data)
    }
}
