import Foundation
import HTTPTypes
import HarnessTesting
import JSONCore
import OpenAPIRuntime
import Testing
import WebEngageSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The page's samples against the WebEngage simulator (`.mockServer`): the shared core configured as an app
/// configures it, the samples' screens set up through the simulator's admin API.
@Suite("App In-line Content page samples", .serialized, .mockServer(.webEngage))
struct DocumentSamplesTests {
    private static let opened = Locked<[String]>([])

    /// Configures the shared core for the simulator, in manual work mode, and gives the samples' screens their
    /// properties: `Screen_Name` 1002 (Text), `screen_name` 1 (Banner), `screen` 1003 (Custom). Their failure
    /// timeout is a minute: these tests run on the real clock over real HTTP, beside the whole suite, and are not
    /// about timeouts (TimeoutTests hold those to the deadline on a manual clock).
    private func configure() async throws -> MockServerScope {
        let scope = try MockServerScope.required()
        WebEngage.sharedInstance().configure(
            WebEngageConfiguration(
                licenseCode: "~10a5cb78d", baseURL: scope.baseURL(for: .webEngage), luid: "luid-samples"),
            transport: URLSessionClient())
        WEPersonalization.shared.workMode = .manual
        WEPersonalization.shared.linkOpener = .custom { url in Self.opened.withLock { $0.append(url.absoluteString) } }
        for (screen, tag, variation, campaign) in [
            ("Screen_Name", "1002", "v-text-1", "c-text-1"), ("screen_name", "1", "v-banner-1", "c-banner-1"),
            ("screen", "1003", "v-custom-1", "c-custom-1"),
        ] {
            try await scope.admin.vendor(
                .webEngage, "PUT", "screens/\(screen)/properties/\(tag)",
                json: Data(
                    #"{"variation_id":"\#(variation)","campaign_id":"\#(campaign)","failure_timeout":60000}"#.utf8))
        }
        return scope
    }

    private func events(_ scope: MockServerScope) async throws -> [String] {
        let body = try await scope.admin.vendor(.webEngage, "GET", "events")
        return (try JSONValue(parsing: body))["events"]?.arrayValue?.compactMap { $0["event_name"]?.stringValue } ?? []
    }

    @Test("Initialised after the core, a tagged screen's Text campaign goes prepared, data, rendered, shown")
    func lifecycle() async throws {
        let scope = try await configure()
        #expect(AppDelegate().application(UIApplication(), didFinishLaunchingWithOptions: nil))
        let controller = InlineViewController()
        let view = WEInlineView(tag: 1002)
        controller.inlinePlaceholderView = view
        controller.setExpectedHeight()
        #expect(controller.inlinePlaceholderView.WEGExpHeight == 180)
        controller.inlinePlaceholderView.attach()
        controller.viewDidLoad()
        controller.viewWillAppear(true)
        await WEPersonalization.shared.waitUntilIdle()
        // onCampaignPrepared is the first callback; Banner and Text are rendered by the SDK.
        #expect(
            controller.calls.withLock { $0 } == [
                "onCampaignPrepared", "onDataReceived", "onRendered", "onCampaignShown",
            ])
        guard case .campaign(let data) = controller.inlinePlaceholderView.displayed else {
            Issue.record("the view shows \(controller.inlinePlaceholderView.displayed)")
            return
        }
        // WECampaignData: targetViewId, campaignId and a WECampaignContent (not optional) with its custom data.
        let content: WECampaignContent = data.content
        #expect(data.targetViewId == "1002")
        #expect(data.campaignId == "c-text-1")
        #expect(content.layout == .text)
        // The sample returns false: the SDK opens the link itself.
        controller.inlinePlaceholderView.click()
        await WEPersonalization.shared.waitUntilIdle()
        let clicked = try #require(controller.calls.withLock { $0.last })
        #expect(clicked.hasPrefix("onCampaignClicked"))
        #expect(Self.opened.withLock { $0.last }.map { clicked.hasSuffix(" \($0)") } == true)
        controller.viewWillDisappear(true)
        view.removeFromSuperview()
        #expect(try await events(scope).contains("app_personalization_click"))
    }

    @Test("A tagged screen alone fetches its properties; a table cell loads its WEInlineView by tag")
    func tableCell() async throws {
        _ = try await configure()
        #expect(AppDelegate().application(UIApplication(), didFinishLaunchingWithOptions: nil))
        TaggedViewController().viewWillAppear(true)
        #expect(WebEngage.sharedInstance().analytics.currentScreen == "screen_name")
        let cell = InlineCell()
        let view = WEInlineView()
        cell.inlineView = view
        loadCell(cell)
        await WEPersonalization.shared.waitUntilIdle()
        #expect(cell.rendered.withLock { $0 } == 1)
        view.removeFromSuperview()
        WEPersonalization.shared.unregisterWEPlaceholderCallback(1)
    }

    @Test("A Custom view gets its data in onDataReceived and records the impression and the click itself")
    func customView() async throws {
        let scope = try await configure()
        #expect(AppDelegate().application(UIApplication(), didFinishLaunchingWithOptions: nil))
        let controller = CustomViewController()
        controller.viewWillAppear(true)
        await WEPersonalization.shared.waitUntilIdle()
        controller.userClicked()
        await WEPersonalization.shared.waitUntilIdle()
        let data = try #require(controller.received.withLock { $0.first })
        #expect(data.content.layout == .custom)
        #expect(!data.content.customData.isEmpty)
        #expect(try await events(scope) == ["app_personalization_view", "app_personalization_click"])
        WEPersonalization.shared.unregisterWEPlaceholderCallback(controller.iosPropertyId)
    }
}
