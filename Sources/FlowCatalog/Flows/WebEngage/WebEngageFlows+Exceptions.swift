import CassetteKit
import WebEngageSDK

/// The four exceptions of the page, each with and without default content, and unregistering before data.
extension WebEngageFlows {
    static let exceptions: [Flow] = [
        bannerFailure(
            "timeout", "the render takes 3000 ms, more than failureTimeout 2000 + 500 ms",
            setup: [WebEngageSetup.variation("v-banner-1", #"{"render_delay_ms":3000}"#)]),
        offersFailure(
            "timeout-default-content", "the render takes 2500 ms, more than failureTimeout 1500 + 500 ms",
            setup: [WebEngageSetup.variation("v-offers-1", #"{"render_delay_ms":2500}"#)]),
        bannerFailure(
            "campaign-fetching-failed", "the template fetch answers 503",
            setup: [WebEngageSetup.variation("v-banner-1", #"{"fault":"unavailable"}"#)]),
        offersFailure(
            "campaign-fetching-failed-default-content", "the template fetch answers 204 without a template",
            setup: [WebEngageSetup.variation("v-offers-1", #"{"fault":"no-content"}"#)]),
        bannerFailure(
            "campaign-fetching-failed-null-data", "the template fetch answers 200 with templateData null",
            setup: [WebEngageSetup.variation("v-banner-1", #"{"fault":"null-data"}"#)]),
        bannerFailure(
            "campaign-fetching-failed-unknown-layout",
            "the template's layout is none of Banner, Text or Custom (its unknown keys alone are ignored)",
            setup: [
                WebEngageSetup.variation(
                    "v-banner-1", #"{"template":{"pt":"static","extra":1,"config":{"ctnt":{"lt":"9x9x9x9x"}}}}"#)
            ]),
        bannerFailure(
            "resource-fetching-failed", "the Banner's image answers 503",
            setup: [WebEngageSetup.failingResource("summer-sale.png")]),
        offersFailure(
            "resource-fetching-failed-default-content", "the Banner's image answers 503",
            setup: [WebEngageSetup.failingResource("offers.png")]),
        .webEngage(
            "missing-target-view", "Exceptions (missingTargetView)", kind: .errorCase,
            summary: "The home screen's Banner property has no view and no placeholder callback: "
                + "missingTargetView reaches the campaign callback, no template is fetched, "
                + "app_personalization_failed is tracked"
        ) { session in
            let home = session.screen("home")
            session.sdk.registerWECampaignCallback(home)
            session.navigate("home")
        },
        .webEngage(
            "missing-target-view-default-content", "Exceptions (missingTargetView)", kind: .errorCase,
            summary: "The offers Banner has default content but no view on the screen: missingTargetView, and the "
                + "default cannot be shown (reason '… Callback triggered')"
        ) { session in
            let offers = session.screen("offers")
            session.sdk.registerWECampaignCallback(offers)
            session.navigate("offers")
            _ = session.view(2002)
        },
        .webEngage(
            "unregister-before-data", "Unregister the callbacks (mandatory); Exceptions (missingTargetView)",
            kind: .errorCase,
            summary: "The app unregisters the Text property while its template is being fetched: the placeholder "
                + "callback receives nothing, the campaign callback gets missingTargetView"
        ) { session in
            let news = session.screen("news")
            session.sdk.registerWECampaignCallback(news)
            session.navigate("news")
            session.sdk.registerWEPlaceholderCallback(1002, news)
            let sdk = session.sdk
            session.transport.onTemplateAnswer.set { sdk.unregisterWEPlaceholderCallback(1002) }
            await session.settle()
        },
    ]

    /// The home Banner (no default content) failing as `cause` says.
    private static func bannerFailure(_ name: String, _ cause: String, setup: [CassetteRequest]) -> Flow {
        .webEngage(
            name, "Exceptions (\(key(name)))", kind: .errorCase,
            summary: "\(key(name)) when \(cause): both exception callbacks, app_personalization_failed with its "
                + "reason, nothing rendered",
            setup: setup
        ) { session in
            let home = session.screen("home")
            session.sdk.registerWECampaignCallback(home)
            session.navigate("home")
            _ = session.view(1001)
            session.sdk.registerWEPlaceholderCallback(1001, home)
        }
    }

    /// The offers Banner, which has default content, failing as `cause` says; the default-only property beside it.
    private static func offersFailure(_ name: String, _ cause: String, setup: [CassetteRequest]) -> Flow {
        .webEngage(
            name, "Exceptions (\(key(name)))", kind: .errorCase,
            summary: "\(key(name)) when \(cause): both exception callbacks, app_personalization_failed "
                + "('… Default and Callback triggered') and the property's default content shown",
            setup: setup
        ) { session in
            let offers = session.screen("offers")
            session.sdk.registerWECampaignCallback(offers)
            session.navigate("offers")
            _ = session.view(2001)
            _ = session.view(2002)
            session.sdk.registerWEPlaceholderCallback(2001, offers)
        }
    }

    private static func key(_ name: String) -> String {
        if name.hasPrefix("timeout") { return "timeout" }
        if name.hasPrefix("campaign-fetching-failed") { return "campaignFetchingFailed" }
        if name.hasPrefix("resource-fetching-failed") { return "resourceFetchingFailed" }
        return "missingTargetView"
    }
}
