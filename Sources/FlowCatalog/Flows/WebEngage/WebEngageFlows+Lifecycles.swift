import JSONCore
import Synchronization
import WebEngageSDK

/// Each template through the callback lifecycle, stopping the render, and clicks.
extension WebEngageFlows {
    static let lifecycles: [Flow] = [
        .webEngage(
            "banner-lifecycle", "Callbacks (WECampaignCallback, WEPlaceholderCallback); Configuring property",
            summary: "A Banner on a WEInlineView: onCampaignPrepared, onDataReceived, image loaded, render, "
                + "onRendered, onCampaignShown, one automatic impression"
        ) { session in
            let home = session.screen("home")
            session.sdk.registerWECampaignCallback(home)
            session.navigate("home")
            _ = session.view(1001)
            session.sdk.registerWEPlaceholderCallback(1001, home)
            await session.settle()
        },
        .webEngage(
            "text-lifecycle", "Callbacks (WECampaignCallback, WEPlaceholderCallback); Configuring property",
            summary: "A Text campaign with a child button, personalised for the anonymous user, through the whole "
                + "lifecycle"
        ) { session in
            let news = session.screen("news")
            session.sdk.registerWECampaignCallback(news)
            session.navigate("news")
            _ = session.view(1002)
            session.sdk.registerWEPlaceholderCallback(1002, news)
            await session.settle()
        },
        .webEngage(
            "custom-lifecycle", "Advance ways to configure Inline Properties, 2. Custom views",
            summary: "A Custom template: onCampaignPrepared and onDataReceived with the custom data; the SDK renders "
                + "nothing and tracks nothing"
        ) { session in
            let deals = session.screen("deals")
            session.sdk.registerWECampaignCallback(deals)
            session.navigate("deals")
            session.sdk.registerWEPlaceholderCallback(1003, deals)
            await session.settle()
        },
        .webEngage(
            "stop-rendering", "WECampaignCallback, onCampaignPrepared (stopRendering)",
            summary: "onCampaignPrepared calls stopRendering on a Banner: onDataReceived only, no render, no "
                + "onRendered or onCampaignShown; the app renders it and tracks the impression itself"
        ) { session in
            let home = session.screen("home", stopsRendering: true)
            home.onCustomData.withLock { $0 = { data in data.trackImpression(attributes: nil) } }
            session.sdk.registerWECampaignCallback(home)
            session.navigate("home")
            _ = session.view(1001)
            session.sdk.registerWEPlaceholderCallback(1001, home)
            await session.settle()
        },
        .webEngage(
            "click-handled-by-app", "WECampaignCallback, onCampaignClicked",
            summary: "A tap on the rendered Banner: app_personalization_click with actionId, onCampaignClicked "
                + "returns true, the SDK opens nothing"
        ) { session in
            let home = session.screen("home", handlesClicks: true)
            session.sdk.registerWECampaignCallback(home)
            session.navigate("home")
            let banner = session.view(1001)
            session.sdk.registerWEPlaceholderCallback(1001, home)
            await session.settle()
            banner.click()
        },
        .webEngage(
            "click-opened-by-sdk", "WECampaignCallback, onCampaignClicked",
            summary: "A tap on the Text campaign's button: onCampaignClicked returns false, so the SDK opens its "
                + "deep link"
        ) { session in
            let news = session.screen("news", handlesClicks: false)
            session.sdk.registerWECampaignCallback(news)
            session.navigate("news")
            let text = session.view(1002)
            session.sdk.registerWEPlaceholderCallback(1002, news)
            await session.settle()
            text.click(actionId: "learn")
        },
    ]
}

/// Impressions and clicks: the app's own for Custom views, and the SDK's automatic ones per screen visit.
extension WebEngageFlows {
    static let tracking: [Flow] = [
        .webEngage(
            "custom-impression-and-click",
            "Record Campaign Viewed and Clicked Event for Custom Views (trackImpression, trackClick)",
            summary: "The app renders a Custom campaign and reports trackImpression and trackClick with its own "
                + "attributes, merged over the custom data"
        ) { session in
            let deals = session.screen("deals")
            deals.onCustomData.withLock {
                $0 = { data in
                    data.trackImpression(attributes: ["placement": "hero"])
                    data.trackClick(attributes: ["placement": "hero", "title": "Hello there"])
                }
            }
            session.sdk.registerWECampaignCallback(deals)
            session.navigate("deals")
            session.sdk.registerWEPlaceholderCallback(1003, deals)
            await session.settle()
        },
        .webEngage(
            "auto-impression-per-visit", "Record Viewed Impression (two visits, two impressions)",
            summary: "The SDK counts an impression each time it shows a campaign: the Banner shown twice on one "
                + "visit counts twice, a second visit of the screen counts again"
        ) { session in
            let home = session.screen("home")
            session.navigate("home")
            let banner = session.view(1001)
            session.sdk.registerWEPlaceholderCallback(1001, home)
            await session.settle()
            banner.attach()
            await session.settle()
            session.navigate("home")
            await session.settle()
        },
        .webEngage(
            "auto-impression-off", "Record Viewed Impression",
            summary: "With automatic impressions turned off (as the React Native and Flutter bridges do), the SDK "
                + "renders the Banner and calls back but tracks no impression; the app tracks none either"
        ) { session in
            session.sdk.shouldAutoTrackImpressions = false
            let home = session.screen("home")
            session.navigate("home")
            _ = session.view(1001)
            session.sdk.registerWEPlaceholderCallback(1001, home)
        },
    ]
}
