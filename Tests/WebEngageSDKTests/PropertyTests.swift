import Foundation
import JSONCore
import Testing

@testable import WebEngageSDK

@Suite("WEPersonalization properties")
struct PropertyTests {
    @Test("A control-group property is not fetched; the attempt is tracked without callbacks")
    func controlGroup() async {
        let test = TestSDK()
        test.server.reply(
            "GET", "\(TestSDK.base)/inline-properties",
            json: #"{"properties":[{"p_id":"3001","targetView":"3001","variationId":"v9","experiment_id":"c9","#
                + #""isControlGroup":true,"campaign":null}]}"#)
        let log = CallbackLog()
        test.sdk.registerWECampaignCallback(log)
        test.core.analytics.navigatingToScreen(withName: "cart")
        test.sdk.registerWEPlaceholderCallback(3001, log)
        await test.sdk.waitUntilIdle()
        #expect(log.calls.isEmpty)
        #expect(test.server.paths("POST").allSatisfy { !$0.contains("/templates/") })
        #expect(test.server.events.map(\.name) == ["app_personalization_control_group"])
        #expect(test.server.events.first?.system == ["p_id": "3001", "id": "v9", "experiment_id": "c9"])
    }

    @Test("A property without a campaign shows its default content and calls nothing back")
    func defaultContentOnly() async {
        let test = TestSDK()
        test.screen("offers", [(2002, "v0", nil, nil, TestSDK.defaultText)])
        let log = CallbackLog()
        test.sdk.registerWECampaignCallback(log)
        test.core.analytics.navigatingToScreen(withName: "offers")
        let view = WEInlineView(tag: 2002, personalization: test.sdk)
        view.attach()
        await test.sdk.waitUntilIdle()
        #expect(log.calls.isEmpty)
        guard case .defaultContent(let content) = view.displayed else {
            Issue.record("the view shows \(view.displayed)")
            return
        }
        #expect(content.properties["text"] == "Default")
    }

    @Test("A logged-in user's cuid goes with the properties, the template fetch and the upload")
    func loggedIn() async throws {
        let test = TestSDK()
        test.screen("news", [(1002, "v2", "c2", 2000, nil)])
        test.template("v2", TestSDK.text)
        test.core.user.login("ada@example.com")
        #expect(test.core.user.cuid == "ada@example.com")
        test.core.analytics.navigatingToScreen(withName: "news")
        let view = WEInlineView(tag: 1002, personalization: test.sdk)
        view.attach()
        await test.sdk.waitUntilIdle()
        #expect(view.isAttached)
        #expect(
            test.server.paths().prefix(2).allSatisfy { $0.hasSuffix("cuid=ada%40example.com") },
            "\(test.server.paths())")
        let upload = try #require(test.server.requests.last)
        #expect(try JSONValue(parsing: upload.body)["cuid"] == "ada@example.com")
        test.core.user.logout()
        #expect(test.core.user.cuid == nil)
    }
}

@Suite("WEPersonalization work")
struct WorkTests {
    @Test("In automatic mode the work starts on its own; waitUntilIdle awaits it")
    func automaticMode() async {
        let server = StubServer()
        let test = TestSDK(server: server)
        test.sdk.workMode = .automatic
        test.screen("deals", [(1003, "v3", "c3", nil, nil)])
        test.template("v3", TestSDK.custom)
        let log = CallbackLog()
        test.sdk.registerWEPlaceholderCallback(1003, log)
        test.core.analytics.navigatingToScreen(withName: "deals")
        await test.sdk.waitUntilIdle()
        #expect(log.calls == ["onDataReceived 1003"])
    }

    @Test("A callback released without unregistering receives nothing and breaks nothing")
    func releasedCallback() async {
        let test = TestSDK()
        test.screen("deals", [(1003, "v3", "c3", nil, nil)])
        test.template("v3", TestSDK.custom)
        var released: CallbackLog? = CallbackLog()
        if let callback = released {
            test.sdk.registerWECampaignCallback(callback)
            test.sdk.registerWEPlaceholderCallback(1003, callback)
        }
        released = nil
        test.core.analytics.navigatingToScreen(withName: "deals")
        await test.sdk.waitUntilIdle()
        #expect(released == nil)
        #expect(test.server.events.map(\.name) == ["app_personalization_failed"])
    }
}

@Suite("WEPersonalization late registration")
struct LateRegistrationTests {
    @Test("A property missing when the screen loads raises missingTargetView, then gets its campaign once registered")
    func lateCell() async {
        let test = TestSDK()
        test.screen("deals", [(1003, "v3", "c3", nil, nil)])
        test.template("v3", TestSDK.custom)
        let campaigns = CallbackLog()
        test.sdk.registerWECampaignCallback(campaigns)
        test.core.analytics.navigatingToScreen(withName: "deals")
        await test.sdk.waitUntilIdle()
        let cell = CallbackLog()
        let view = WEInlineView(personalization: test.sdk)
        view.load(tag: 1003, callbacks: cell)
        await test.sdk.waitUntilIdle()
        #expect(campaigns.calls == ["onCampaignException 1003 missingTargetView", "onCampaignPrepared 1003"])
        #expect(cell.calls == ["onDataReceived 1003"])
    }
}
