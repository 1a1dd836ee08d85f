import Foundation
import HarnessTesting
import JSONCore
import Testing

@testable import WebEngageSDK

@Suite("Campaign timeout on the injected clock")
struct TimeoutTests {
    /// Home with property 1001 (Banner `v1`, campaign `c1`, failureTimeout 1000), a view and both callbacks.
    private func home(_ test: TestSDK) -> (CallbackLog, WEInlineView) {
        test.screen("home", [(1001, "v1", "c1", 1000, TestSDK.defaultText)])
        let log = CallbackLog()
        test.sdk.registerWECampaignCallback(log)
        test.core.analytics.navigatingToScreen(withName: "home")
        let view = WEInlineView(tag: 1001, personalization: test.sdk)
        view.attach()
        test.sdk.registerWEPlaceholderCallback(1001, log)
        return (log, view)
    }

    @Test("A template request that never answers times out at failureTimeout + 500 ms and is cancelled")
    func templateNeverAnswers() async {
        let test = TestSDK()
        test.server.neverAnswer("POST", "\(TestSDK.base)/templates/APP_PERSONALIZATION-v1")
        let (log, view) = home(test)
        async let idle: Void = test.sdk.waitUntilIdle()
        await test.server.waitForUnansweredRequest()
        // The only sleep is the campaign's deadline; moving the clock to it is all the time that passes.
        await test.server.clock.advanceToNextSleep()
        await idle
        #expect(test.server.clock.sleeps == [.milliseconds(1500) + .nanoseconds(1)])
        #expect(test.server.clock.now.offset == .milliseconds(1500) + .nanoseconds(1))
        #expect(log.calls == ["onCampaignException 1001 timeout", "onPlaceholderException 1001 timeout"])
        #expect(
            log.exceptions == [
                .timeout(campaignId: "c1", targetViewId: "1001", limitMilliseconds: 1500, elapsedMilliseconds: 1500)
            ])
        #expect(test.server.cancelled == ["POST \(TestSDK.base)/templates/APP_PERSONALIZATION-v1"])
        let failure = test.server.events.first { $0.name == "app_personalization_failed" }
        #expect(
            failure?.data["reason"]?.stringValue
                == "Campaign failed to render in set time. Default and Callback triggered")
        guard case .defaultContent = view.displayed else {
            Issue.record("the view shows \(view.displayed)")
            return
        }
    }

    @Test("An image request that never answers times out at the same deadline, counted from the template request")
    func resourceNeverAnswers() async {
        let test = TestSDK()
        test.template("v1", TestSDK.banner, delay: 400)
        test.server.neverAnswer("GET", "/img/b.png")
        let (log, view) = home(test)
        async let idle: Void = test.sdk.waitUntilIdle()
        await test.server.waitForUnansweredRequest()
        await test.server.clock.advanceToNextSleep()
        await idle
        #expect(test.server.clock.now.offset == .milliseconds(1500) + .nanoseconds(1))
        #expect(log.calls.suffix(2) == ["onCampaignException 1001 timeout", "onPlaceholderException 1001 timeout"])
        #expect(!log.calls.contains("onRendered 1001"))
        #expect(test.server.cancelled == ["GET /img/b.png"])
        if case .campaign = view.displayed { Issue.record("the view shows the campaign") }
    }

    @Test("A campaign that renders in time is shown and leaves no request cancelled")
    func inTime() async {
        let test = TestSDK()
        test.template("v1", TestSDK.banner, delay: 200)
        test.image()
        let (log, view) = home(test)
        await test.sdk.waitUntilIdle()
        #expect(log.calls.last == "onCampaignShown 1001")
        guard case .campaign(let data) = view.displayed else {
            Issue.record("the view shows \(view.displayed)")
            return
        }
        #expect(data.campaignId == "c1")
        #expect(test.server.cancelled.isEmpty)
        #expect(test.server.clock.now.offset == .milliseconds(200))
    }
}
