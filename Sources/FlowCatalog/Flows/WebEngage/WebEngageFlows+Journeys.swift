import ContractKit
import JSONCore
import Synchronization
import WebEngageSDK

/// Cells, users and screens.
extension WebEngageFlows {
    static let journeys: [Flow] = [
        .webEngage(
            "reused-cell", "Advance ways to configure Inline Properties, 1. TableView (load(tag:callbacks:))",
            summary: "Two table cells load properties 5001 and 5002 with load(tag:callbacks:) (two fetches, two "
                + "impressions); scrolled, each cell is reused for the other row and shows its campaign from the "
                + "visit's cache: no fetch, and an impression each, since each showing is a view",
            setup: [
                WebEngageSetup.property(
                    "feed", "5001", #"{"variation_id":"v-banner-1","campaign_id":"c-banner-1","failure_timeout":2000}"#),
                WebEngageSetup.property(
                    "feed", "5002", #"{"variation_id":"v-text-1","campaign_id":"c-text-1","failure_timeout":2000}"#),
            ]
        ) { session in
            let first = session.screen("cell-1")
            let second = session.screen("cell-2")
            session.navigate("feed")
            let firstView = session.cellView()
            let secondView = session.cellView()
            firstView.load(tag: 5001, callbacks: first)
            secondView.load(tag: 5002, callbacks: second)
            await session.settle()
            firstView.load(tag: 5002, callbacks: first)
            secondView.load(tag: 5001, callbacks: second)
        },
        .webEngage(
            "logged-in-user", "Callbacks (WEPlaceholderCallback); Tag your screen",
            summary: "After login the cuid goes with the property configuration, the template fetch (?cuid=) and "
                + "the event upload; the Text template greets the user"
        ) { session in
            session.core.user.login("ada@example.com")
            let news = session.screen("news")
            session.navigate("news")
            _ = session.view(1002)
            session.sdk.registerWEPlaceholderCallback(1002, news)
        },
        .webEngage(
            "screen-change", "Tag your screen; Unregister the callbacks (mandatory)",
            summary: "Navigating from home to news forgets home's properties: the home Banner's view gets nothing "
                + "on news, the news Text is fetched and shown"
        ) { session in
            let home = session.screen("home")
            session.navigate("home")
            _ = session.view(1001)
            session.sdk.registerWEPlaceholderCallback(1001, home)
            await session.settle()
            session.sdk.unregisterWEPlaceholderCallback(1001)
            let news = session.screen("news")
            session.navigate("news")
            _ = session.view(1002)
            session.sdk.registerWEPlaceholderCallback(1002, news)
        },
        .webEngage(
            "control-group", "Callbacks (WEPlaceholderCallback, WECampaignCallback)",
            summary: "The cart property's campaign holds the user in its control group: no template fetch, no "
                + "callback, nothing shown, and app_personalization_control_group is tracked",
            facts: [
                .assumed(
                    "the cart property's campaign holds the user in its control group (control groups are not on the "
                        + "page; protocol notes §3.1, §3.4)")
            ]
        ) { session in
            let cart = session.screen("cart")
            session.sdk.registerWECampaignCallback(cart)
            session.navigate("cart")
            _ = session.view(3001)
            session.sdk.registerWEPlaceholderCallback(3001, cart)
        },
        .webEngage(
            "full-journey", "Initialization; Tag your screen; Callbacks; Record Viewed Impression; onCampaignClicked",
            summary: "Home Banner shown and tapped (the app handles the link); the user logs in; the deals Custom "
                + "view is rendered by the app with impression and click; back home, a second impression"
        ) { session in
            let home = session.screen("home", handlesClicks: true)
            session.sdk.registerWECampaignCallback(home)
            session.navigate("home")
            let banner = session.view(1001)
            session.sdk.registerWEPlaceholderCallback(1001, home)
            await session.settle()
            banner.click(actionId: "shop")
            await session.settle()
            session.sdk.unregisterWEPlaceholderCallback(1001)
            banner.removeFromSuperview()
            session.core.user.login("ada@example.com")
            let deals = session.screen("deals")
            deals.onCustomData.withLock {
                $0 = { data in
                    data.trackImpression(attributes: nil)
                    data.trackClick(attributes: ["button": "cta"])
                }
            }
            session.navigate("deals")
            session.sdk.registerWEPlaceholderCallback(1003, deals)
            await session.settle()
            session.sdk.unregisterWEPlaceholderCallback(1003)
            session.navigate("home")
            banner.attach()
            session.sdk.registerWEPlaceholderCallback(1001, home)
        },
    ]
}
