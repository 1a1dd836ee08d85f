import Foundation
import JSONCore
import Testing

@testable import WebEngageSDK

@Suite("WebEngageError exceptions")
struct ExceptionTests {
    /// Home with property 1001 (Banner `v1`, campaign `c1`, failureTimeout 1000), a view and callbacks.
    private func run(
        defaultContent: String? = nil, view: Bool = true, register: Bool = true,
        configure: (TestSDK) -> Void
    ) async -> (TestSDK, CallbackLog, WEInlineView) {
        let test = TestSDK()
        test.screen("home", [(1001, "v1", "c1", 1000, defaultContent)])
        test.template("v1", TestSDK.banner)
        test.image()
        configure(test)
        let log = CallbackLog()
        test.sdk.registerWECampaignCallback(log)
        test.core.analytics.navigatingToScreen(withName: "home")
        let inline = WEInlineView(tag: 1001, personalization: test.sdk)
        if view { inline.attach() }
        if register { test.sdk.registerWEPlaceholderCallback(1001, log) }
        await test.sdk.waitUntilIdle()
        return (test, log, inline)
    }

    private func reason(_ test: TestSDK) -> String? {
        test.server.events.first { $0.name == "app_personalization_failed" }?.data["reason"]?.stringValue
    }

    @Test("timeout: a render slower than failureTimeout + 500 ms raises timeout; default content is shown")
    func timeout() async {
        let (test, log, view) = await run(defaultContent: TestSDK.defaultText) { test in
            test.template("v1", TestSDK.banner, delay: 1501)
        }
        #expect(log.calls == ["onCampaignException 1001 timeout", "onPlaceholderException 1001 timeout"])
        #expect(reason(test) == "Campaign failed to render in set time. Default and Callback triggered")
        guard case .defaultContent(let content) = view.displayed else {
            Issue.record("the view shows \(view.displayed)")
            return
        }
        #expect(content.properties["text"] == "Default")
    }

    @Test("timeout: exactly failureTimeout + 500 ms is still in time")
    func timeoutBoundary() async {
        let (_, log, _) = await run { test in test.template("v1", TestSDK.banner, delay: 1500) }
        #expect(log.calls.last == "onCampaignShown 1001")
    }

    @Test("missingTargetView: a property with a campaign but no view or callback is not fetched")
    func missingTargetView() async {
        let (test, log, _) = await run(view: false, register: false) { _ in }
        #expect(log.calls == ["onCampaignException 1001 missingTargetView"])
        #expect(test.server.paths("POST").allSatisfy { !$0.contains("/templates/") })
        #expect(reason(test) == "Target property missing. Callback triggered")
    }

    @Test("missingTargetView: unregistering while the template is fetched leaves the placeholder callback out")
    func unregisteredWhileFetching() async {
        let test = TestSDK()
        test.screen("news", [(1002, "v2", "c2", 2000, nil)])
        test.template("v2", TestSDK.text)
        let log = CallbackLog()
        test.sdk.registerWECampaignCallback(log)
        test.core.analytics.navigatingToScreen(withName: "news")
        let placeholder = CallbackLog()
        test.sdk.registerWEPlaceholderCallback(1002, placeholder)
        let sdk = test.sdk
        test.server.whenAnswering("POST", "\(TestSDK.base)/templates/APP_PERSONALIZATION-v2") {
            sdk.unregisterWEPlaceholderCallback(1002)
        }
        await test.sdk.waitUntilIdle()
        #expect(placeholder.calls.isEmpty)
        #expect(log.calls == ["onCampaignException 1002 missingTargetView"])
    }

    @Test("campaignFetchingFailed: a 503, an empty 200 and an unknown layout each raise it")
    func campaignFetchingFailed() async {
        for setup: @Sendable (TestSDK) -> Void in [
            { $0.template("v1", "{}", status: 503) },
            { $0.server.reply("POST", "\(TestSDK.base)/templates/APP_PERSONALIZATION-v1", status: 200, body: Data()) },
            { $0.template("v1", #"{"config":{"ctnt":{"lt":"zzz"}}}"#) },
        ] {
            let (test, log, view) = await run(configure: setup)
            #expect(
                log.calls == [
                    "onCampaignException 1001 campaignFetchingFailed",
                    "onPlaceholderException 1001 campaignFetchingFailed",
                ])
            #expect(reason(test) == "Campaign fetching failed. Callback triggered")
            if case .nothing = view.displayed {} else { Issue.record("the view shows \(view.displayed)") }
        }
    }

    @Test("resourceFetchingFailed: an image that fails raises it with its URL")
    func resourceFetchingFailed() async {
        let (_, log, _) = await run { test in test.image(status: 503) }
        #expect(
            log.calls.suffix(2) == [
                "onCampaignException 1001 resourceFetchingFailed", "onPlaceholderException 1001 resourceFetchingFailed",
            ])
        guard case .resourceFetchingFailed(_, _, let url, _) = log.exceptions.first else {
            Issue.record("got \(log.exceptions)")
            return
        }
        #expect(url == "/img/b.png")
    }

    @Test("Unregistered campaign callbacks receive nothing")
    func unregisteredCallbacks() async {
        let test = TestSDK()
        test.screen("home", [(1001, "v1", "c1", 2000, nil)])
        let log = CallbackLog()
        test.sdk.registerWECampaignCallback(log)
        test.sdk.unregisterWECampaignCallback(log)
        test.core.analytics.navigatingToScreen(withName: "home")
        await test.sdk.waitUntilIdle()
        #expect(log.calls.isEmpty)
        #expect(test.server.events.map(\.name) == ["app_personalization_failed"])
    }
}
