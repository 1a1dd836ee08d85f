import EngageSDK
import Foundation
import JSONCore

extension EngageFlows {
    /// The README's sample `MobileDeepLinkingConfig.json`: a `defaultRoute` and the `test/:testId` and
    /// `campaign/:CurrentCampaign` routes, all handled by `postSilverpop`.
    static let readmeDeepLinkConfig = #"""
        {"logging": "true",
         "defaultRoute": {"handlers": ["postSilverpop"]},
         "routes": {
           "test/:testId": {"handlers": ["postSilverpop"], "routeParameters": {
             "testId": {"required": "true", "regex": "[0-9]"}, "CurrentCampaign": {"required": "false"},
             "utmSource": {"required": "false"}}},
           "campaign/:CurrentCampaign": {"handlers": ["postSilverpop"], "routeParameters": {
             "CurrentCampaign": {"required": "true"}, "CampaignEndTimeStamp": {"required": "false"}}}}}
        """#

    /// When `deep-link-config-examples` runs: 2014-12-01T00:00:00Z, before the first example link's
    /// `CampaignEndTimeStamp` (1419465600, Dec 25 2014), so each of the README's three links shows its documented
    /// outcome.
    static let readmeClockStart = "2014-12-01T00:00:00Z"
    static let readmeClockDate = Date(timeIntervalSince1970: 1_417_392_000)

    static let deepLinkConfigExamples = Flow(
        vendor: "engage", name: "deep-link-config-examples",
        documentation:
            "Engage iOS SDK README, DeepLink Configuration; CurrentCampaign and CampaignEndTimeStamp Deeplink Examples",
        summary: "The README's three Silverpop://campaign links through MobileDeepLinkingConfig.json: expires Dec 25 "
            + "2014, one day after opening, and Dec 25 1970 (never activated)",
        simulatorSetup: [Env.settings([("now", .string(readmeClockStart))])]
    ) { flowContext in
        // The README's examples are written for a reader in December 2014: the first link's campaign is active
        // until Dec 25 2014. At the flows' 2026 epoch it would already have expired, so this flow runs (SDK and
        // simulator alike) on the README's clock instead.
        var context = flowContext
        context.clock = FlowClock(start: readmeClockDate)
        let routes = try EngageDeepLinkRoutes(data: Data(readmeDeepLinkConfig.utf8))
        let engage = try await Env.identifiedEngage(context)
        var links: [Outcome] = []
        for link in [
            "Silverpop://campaign/TestCurrentCampaign?CampaignEndTimeStamp=1419465600",
            "Silverpop://campaign/TestCurrentCampaign",
            "Silverpop://campaign/TestCurrentCampaign?CampaignEndTimeStamp=30931200",
        ] {
            guard let url = URL(string: link), let handled = try await engage.deepLinks.handle(url: url, routes: routes)
            else {
                links.append(["link": .string(link), "route": .null])
                continue
            }
            let expiry = await engage.campaigns.expiresAt()
            links.append([
                "link": .string(link), "route": .string(handled.match.route),
                "currentCampaign": .string(await engage.campaigns.currentCampaign()),
                "expiresAt": expiry.map { .number(JSONNumber(Int($0.timeIntervalSince1970))) } ?? .null,
            ])
            context.clock.advance(by: 1)
        }
        let report = try await engage.ubf.postEventCache()
        return ["links": .array(links), "post": Env.outcome(report), "events": try await Env.storedEvents(engage)]
    }
}
