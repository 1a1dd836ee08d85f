import Foundation
import Synchronization
import Testing
import WebEngageSDK

// The Swift samples of WebEngage's "App In-line Content" page (iOS), UIKit lines aside: view controllers become
// plain classes with the same lifecycle methods, `@IBOutlet` views become stored views, and `Error` is written
// `any Error` (Swift 6 with ExistentialAny).

/// Initialization: the personalization SDK starts after the core SDK.
enum AppDelegate {
    static func didFinishLaunching() -> Bool {
        // WebEngage.sharedInstance().application(application, didFinishLaunchingWithOptions: launchOptions)
        WEPersonalization.shared.initialise()
        return true
    }
}

/// Configuring property, tagging the screen, both callbacks, and unregistering.
final class ViewController: WEPlaceholderCallback, WECampaignCallback {
    let inlinePlaceholderView: WEInlineView! = WEInlineView(tag: 1002)
    let iosPropertyId = 1002
    // swift-format-ignore: AlwaysUseLowerCamelCase
    let ios_property_id = 1002
    private let log = Mutex<[String]>([])

    var calls: [String] { log.withLock { $0 } }

    func viewDidLoad() {
        inlinePlaceholderView.WEGExpHeight = 180
        inlinePlaceholderView.attach()
        WEPersonalization.shared.registerWECampaignCallback(self)
    }

    func viewWillAppear(_ animated: Bool) {
        //Tagging your screen
        WebEngage.sharedInstance().analytics.navigatingToScreen(withName: "screen_name")
        // registering for the callback
        WEPersonalization.shared.registerWEPlaceholderCallback(iosPropertyId, self)
    }

    func viewWillDisappear(_ animated: Bool) {
        //Unregister Placeholder callback
        WEPersonalization.shared.unregisterWEPlaceholderCallback(ios_property_id)

        //Unregister Campaign callback
        WEPersonalization.shared.unregisterWECampaignCallback(self)
    }

    public func onDataReceived(_ data: WEGCampaignData) {
        log.withLock { $0.append("onDataReceived") }
    }

    public func onRendered(data: WEGCampaignData) {
        log.withLock { $0.append("onRendered") }
    }

    public func onPlaceholderException(
        _ campaignId: String?,
        _ targetViewId: String,
        _ exception: any Error
    ) {
        log.withLock { $0.append("onPlaceholderException") }
    }

    func onCampaignPrepared(_ data: WEGCampaignData) -> WEGCampaignData {
        log.withLock { $0.append("onCampaignPrepared") }
        return data
    }

    func onCampaignShown(data: WEGCampaignData) {
        log.withLock { $0.append("onCampaignShown") }
    }

    func onCampaignClicked(
        actionId: String,
        deepLink: String,
        data: WEGCampaignData
    ) -> Bool {
        log.withLock { $0.append("onCampaignClicked \(actionId)") }
        return false
    }

    func onCampaignException(
        _ campaignId: String?,
        _ targetViewId: String,
        _ exception: any Error
    ) {
        log.withLock { $0.append("onCampaignException") }
    }
}

/// Custom views: the app renders the data and records the impression and the click.
final class CustomViewController: WEPlaceholderCallback {
    let weAnalytics: WEAnalytics? = WebEngage.sharedInstance().analytics
    let iosPropertyId = 1
    let received = Mutex<[WEGCampaignData]>([])

    func viewWillAppear(_ animated: Bool) {
        weAnalytics?.navigatingToScreen(withName: "screen")
        WEPersonalization.shared.registerWEPlaceholderCallback(iosPropertyId, self)
    }

    func onDataReceived(_ data: WEGCampaignData) {
        received.withLock { $0.append(data) }
        //attributes: any custom dictionary [:] of data you want to record with this event
        data.trackImpression(attributes: nil)
    }

    func userTapped() {
        guard let data = received.withLock({ $0.first }) else { return }
        data.trackClick(attributes: nil)
    }
}

/// TableView: a cell's WEInlineView loaded with its row's tag.
final class InlineCell: WEPlaceholderCallback {
    let inlineView: WEInlineView! = WEInlineView()
    let rendered = Mutex(0)

    func onRendered(data: WEGCampaignData) { rendered.withLock { $0 += 1 } }
}

@Suite("App In-line Content samples", .serialized)
struct DocumentSamplesTests {
    @Test("Init, property, screen tag, callbacks and unregister run in the page's order")
    func placeholderAndCampaignCallbacks() async {
        let server = SampleServer.configureShared()
        #expect(AppDelegate.didFinishLaunching())
        let controller = ViewController()
        controller.viewDidLoad()
        controller.viewWillAppear(true)
        await WEPersonalization.shared.waitUntilIdle()
        #expect(
            controller.calls == ["onCampaignPrepared", "onDataReceived", "onRendered", "onCampaignShown"])
        controller.inlinePlaceholderView.click()
        await WEPersonalization.shared.waitUntilIdle()
        #expect(controller.calls.last == "onCampaignClicked a1")
        controller.viewWillDisappear(true)
        #expect(server.paths.contains { $0.contains("APP_PERSONALIZATION-v2") })
        controller.inlinePlaceholderView.removeFromSuperview()
    }

    @Test("A Custom view records its impression and click through WECampaignData")
    func customView() async {
        let server = SampleServer.configureShared()
        #expect(AppDelegate.didFinishLaunching())
        let controller = CustomViewController()
        controller.viewWillAppear(true)
        await WEPersonalization.shared.waitUntilIdle()
        controller.userTapped()
        await WEPersonalization.shared.waitUntilIdle()
        #expect(controller.received.withLock { $0.first?.campaignId } == "c1")
        #expect(server.paths.filter { $0.hasSuffix("/events") }.count == 2)
        WEPersonalization.shared.unregisterWEPlaceholderCallback(controller.iosPropertyId)
    }

    @Test("A table cell loads its WEInlineView with load(tag:callbacks:)")
    func tableCell() async {
        _ = SampleServer.configureShared()
        #expect(AppDelegate.didFinishLaunching())
        WebEngage.sharedInstance().analytics.navigatingToScreen(withName: "screen_name")
        let cell = InlineCell()
        cell.inlineView.load(tag: 1002, callbacks: cell)
        await WEPersonalization.shared.waitUntilIdle()
        #expect(cell.rendered.withLock { $0 } == 1)
        cell.inlineView.removeFromSuperview()
        WEPersonalization.shared.unregisterWEPlaceholderCallback(1002)
    }
}
