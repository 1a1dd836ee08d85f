import Foundation
import HTTPTypes
import JSONCore
import Testing

@testable import WebEngageSDK

@Suite("WEPersonalization lifecycle")
struct LifecycleTests {
    @Test("A Banner goes onCampaignPrepared, onDataReceived, onRendered, onCampaignShown and is shown in its view")
    func bannerOrder() async {
        let test = TestSDK()
        test.screen("home", [(1001, "v1", "c1", 2000, nil)])
        test.template("v1", TestSDK.banner)
        test.image()
        let log = CallbackLog()
        test.sdk.registerWECampaignCallback(log)
        test.core.analytics.navigatingToScreen(withName: "home")
        let view = WEInlineView(tag: 1001, personalization: test.sdk)
        view.attach()
        test.sdk.registerWEPlaceholderCallback(1001, log)
        await test.sdk.waitUntilIdle()
        #expect(
            log.calls == [
                "onCampaignPrepared 1001", "onDataReceived 1001", "onRendered 1001", "onCampaignShown 1001",
            ])
        guard case .campaign(let data) = view.displayed else {
            Issue.record("the view shows \(view.displayed)")
            return
        }
        #expect(data.campaignId == "c1")
        #expect(test.server.paths("GET").contains("/img/b.png"))
        let template = test.server.requests.first { $0.path.contains("/templates/") }
        #expect(template?.headers[.contentEncoding] == "gzip")
        #expect(test.server.events.map(\.name) == ["app_personalization_view"])
        #expect(test.server.events.first?.system == ["p_id": "1001", "id": "v1", "experiment_id": "c1"])
        #expect(test.server.events.first?.data == ["offer": "S25"])
    }

    @Test("A Custom template is delivered but neither rendered nor tracked until the app says so")
    func customTemplate() async {
        let test = TestSDK()
        test.screen("deals", [(1003, "v3", "c3", nil, nil)])
        test.template("v3", TestSDK.custom)
        let log = CallbackLog()
        test.sdk.registerWECampaignCallback(log)
        test.core.analytics.navigatingToScreen(withName: "deals")
        test.sdk.registerWEPlaceholderCallback(1003, log)
        await test.sdk.waitUntilIdle()
        #expect(log.calls == ["onCampaignPrepared 1003", "onDataReceived 1003"])
        #expect(test.server.events.isEmpty)
        log.data.first?.trackImpression(attributes: ["title": "Mine", "extra": 1])
        log.data.first?.trackClick(attributes: nil)
        await test.sdk.waitUntilIdle()
        #expect(test.server.events.map(\.name) == ["app_personalization_view", "app_personalization_click"])
        #expect(test.server.events.first?.data == ["title": "Mine", "extra": 1])
    }

    @Test("stopRendering leaves the Banner to the app: no render, onRendered or onCampaignShown")
    func stopRendering() async {
        let test = TestSDK()
        test.screen("home", [(1001, "v1", "c1", 2000, nil)])
        test.template("v1", TestSDK.banner)
        let log = CallbackLog(stopsRendering: true)
        test.sdk.registerWECampaignCallback(log)
        test.core.analytics.navigatingToScreen(withName: "home")
        let view = WEInlineView(tag: 1001, personalization: test.sdk)
        view.attach()
        test.sdk.registerWEPlaceholderCallback(1001, log)
        await test.sdk.waitUntilIdle()
        #expect(log.calls == ["onCampaignPrepared 1001", "onDataReceived 1001"])
        #expect(test.server.paths("GET").contains("/img/b.png") == false)
        #expect(test.server.events.isEmpty)
    }

    @Test("Automatic impressions count every time the SDK shows the campaign, within a visit and on the next")
    func impressionsPerView() async {
        let test = TestSDK()
        test.screen("home", [(1001, "v1", "c1", 2000, nil)])
        test.template("v1", TestSDK.banner)
        test.image()
        let log = CallbackLog()
        test.core.analytics.navigatingToScreen(withName: "home")
        let view = WEInlineView(tag: 1001, personalization: test.sdk)
        view.attach()
        test.sdk.registerWEPlaceholderCallback(1001, log)
        await test.sdk.waitUntilIdle()
        #expect(test.server.events.count == 1)
        // Shown again in the same visit (the view put back on screen): the page de-duplicates nothing.
        view.attach()
        await test.sdk.waitUntilIdle()
        #expect(test.server.events.count == 2)
        test.core.analytics.navigatingToScreen(withName: "home")
        await test.sdk.waitUntilIdle()
        #expect(test.server.events.map(\.name) == Array(repeating: "app_personalization_view", count: 3))
        test.sdk.shouldAutoTrackImpressions = false
        test.core.analytics.navigatingToScreen(withName: "home")
        await test.sdk.waitUntilIdle()
        #expect(test.server.events.count == 3)
    }

    @Test("trackImpression and trackClick on a campaign the SDK rendered are sent, as the page says of any campaign")
    func appTracksSDKRenderedCampaign() async throws {
        let test = TestSDK()
        test.screen("home", [(1001, "v1", "c1", 2000, nil)])
        test.template("v1", TestSDK.banner)
        test.image()
        test.sdk.shouldAutoTrackImpressions = false
        let log = CallbackLog()
        test.core.analytics.navigatingToScreen(withName: "home")
        let view = WEInlineView(tag: 1001, personalization: test.sdk)
        view.attach()
        test.sdk.registerWEPlaceholderCallback(1001, log)
        await test.sdk.waitUntilIdle()
        let data = try #require(log.data.first)
        #expect(data.shouldRender)
        data.trackImpression(attributes: ["slot": "top"])
        data.trackClick(attributes: nil)
        await test.sdk.waitUntilIdle()
        #expect(test.server.events.map(\.name) == ["app_personalization_view", "app_personalization_click"])
        #expect(test.server.events.first?.data["slot"] == "top")
        #expect(test.server.events.first?.system["experiment_id"] == "c1")
    }

    @Test("A click tracks app_personalization_click, asks the callbacks and opens the link unless one handles it")
    func clicks() async {
        let test = TestSDK()
        test.screen("news", [(1002, "v2", "c2", 2000, nil)])
        test.template("v2", TestSDK.text)
        let leaves = CallbackLog(handlesClicks: false)
        test.sdk.registerWECampaignCallback(leaves)
        test.sdk.registerWECampaignCallback(leaves)
        test.core.analytics.navigatingToScreen(withName: "news")
        let view = WEInlineView(tag: 1002, personalization: test.sdk)
        view.attach()
        await test.sdk.waitUntilIdle()
        view.click(actionId: "go")
        await test.sdk.waitUntilIdle()
        #expect(
            leaves.calls.filter { $0.hasPrefix("onCampaignClicked") } == ["onCampaignClicked go https://example.com/go"]
        )
        #expect(test.opened.all == ["https://example.com/go"])
        #expect(test.server.events.last?.system["actionId"] == "go")
        let handles = CallbackLog(handlesClicks: true)
        test.sdk.registerWECampaignCallback(handles)
        view.click()
        await test.sdk.waitUntilIdle()
        #expect(test.opened.all.count == 1)
    }

    @Test("initialise is refused before the core SDK is configured, and nothing is fetched")
    func initialiseRefused() async {
        let core = WebEngage()
        let sdk = WEPersonalization(webEngage: core, mode: .manual)
        #expect(sdk.initialise() == false)
        #expect(sdk.isInitialised == false)
        core.analytics.navigatingToScreen(withName: "home")
        await sdk.waitUntilIdle()
        #expect(WebEngageError.coreNotConfigured.description.contains("configure"))
    }
}
