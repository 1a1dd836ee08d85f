import Foundation
import HarnessTesting
import JSONCore
import Testing
import WalkMeSDK

@Suite("WalkMe campaigns")
struct CampaignTests {
    @Test("A campaign shows on its screen and each CTA is reported as the page says")
    func ctasReported() async throws {
        let harness = Harness(try .standard())
        try await harness.walkMe.start(options: Harness.options)
        #expect(await harness.walkMe.presentedCampaign == nil)
        await harness.walkMe.setScreenID("home")
        #expect(await harness.walkMe.presentedCampaign?.campaignId == "c-welcome")
        let info = try await harness.walkMe.tapCTA("cta-plans")
        #expect(info.campaginCta == "acme://plans")
        #expect(info.campaignCtaId == "cta-plans")
        #expect(
            harness.delegate.events == [
                "show c-welcome", "action custom acme://plans", "dismiss c-welcome acme://plans",
            ])
    }

    @Test("abbi://never keeps a campaign from showing again")
    func never() async throws {
        let harness = Harness(try .standard())
        try await harness.walkMe.start(options: Harness.options)
        await harness.walkMe.setScreenID("home")
        #expect(try await harness.walkMe.tapCTA("cta-never").campaginCta == "abbi://never")
        await harness.walkMe.setScreenID("home")
        #expect(await harness.walkMe.presentedCampaign == nil)
    }

    @Test("A segment on public and private attributes decides who sees the campaign, once")
    func segments() async throws {
        let harness = Harness(try .standard())
        try await harness.walkMe.setUserAttributeWithKey("plan", andValue: "pro")
        try await harness.walkMe.start(options: Harness.options)
        await harness.walkMe.setScreenID("pricing")
        #expect(await harness.walkMe.presentedCampaign == nil)
        try await harness.walkMe.setPrivateUserAttributeWithKey("tier", andValue: "gold")
        await harness.walkMe.setScreenID("pricing")
        #expect(await harness.walkMe.presentedCampaign?.campaignId == "c-pro")
        try await harness.walkMe.tapCTA("cta-ok")
        await harness.walkMe.setScreenID("pricing")
        #expect(await harness.walkMe.presentedCampaign == nil)
    }

    @Test("A survey's answers land in campaignData")
    func survey() async throws {
        let harness = Harness(try .standard())
        try await harness.walkMe.start(options: Harness.options)
        #expect(try await harness.walkMe.trigger("nps"))
        await #expect(throws: WalkMeError.presenter("survey c-nps has no question q9")) {
            try await harness.walkMe.submitSurvey(["q9": "x"])
        }
        let info = try await harness.walkMe.submitSurvey(["q1": "9"])
        #expect(info.campaginCta == "abbi://submit")
        #expect(info.campaignDataValues["answers"] == ["q1": "9"])
        #expect(info.campaignDataValues["campaignName"] == "NPS")
    }

    @Test("Permalinks trigger by key, keep the deep link, and a missing trigger key is refused")
    func permalinks() async throws {
        let harness = Harness(try .standard())
        try await harness.walkMe.start(options: Harness.options)
        #expect(try await harness.walkMe.openURL(URL(string: "https://example.com/x")!) == false)
        await #expect(throws: WalkMeError.self) {
            try await harness.walkMe.openURL(URL(string: "com.walkme.f3a9c2e47b1d4e0a://1.0/trigger_campaign")!)
        }
        let link = "com.walkme.f3a9c2e47b1d4e0a://1.0/trigger_campaign/nps?deeplink=acme%3A%2F%2Fthanks"
        #expect(try await harness.walkMe.openURL(URL(string: link)!))
        try await harness.walkMe.submitSurvey(["q1": "10"])
        #expect(harness.delegate.events.last == "action deeplink acme://thanks")
    }

    @Test("An unknown trigger key and attributes of the wrong type are refused")
    func refusals() async throws {
        let harness = Harness(try .standard())
        try await harness.walkMe.start(options: Harness.options)
        await #expect(throws: WalkMeError.unknownTriggerKey("nope")) { try await harness.walkMe.trigger("nope") }
        await #expect(throws: WalkMeError.invalidAttributeValue(key: "when", type: "Date")) {
            try await harness.walkMe.setUserAttributeWithKey("when", andValue: Date())
        }
        await #expect(throws: WalkMeError.self) {
            try await harness.walkMe.setUserAttributes(["ok": "yes", "bad": ["nested"]])
        }
        #expect(await harness.walkMe.userAttributes.isEmpty)
    }

    @Test("stop uploads the session's events in one batch to the events URL")
    func analyticsUpload() async throws {
        let harness = Harness(try .standard())
        try await harness.walkMe.start(options: Harness.options)
        await harness.walkMe.setUserID("u-1")
        try await harness.walkMe.sendGoal("checkout", withProperites: ["amount": 3])
        harness.clock.advance(by: .seconds(61))
        try await harness.walkMe.stop()
        let upload = try #require(harness.transport.sent.last)
        #expect(upload.path == "/sdk/v1/apps/f3a9c2e47b1d4e0a/events")
        let types = upload.body?["events"]?.arrayValue?.compactMap { $0["type"]?.stringValue }
        #expect(types == ["SessionStarted", "Users", "Goal", "SessionStop"])
        #expect(upload.body?["userId"] == "u-1")
        #expect(await harness.walkMe.queuedEvents.isEmpty)
    }
}

@Suite("WalkMe analytics")
struct AnalyticsTests {
    final class Listener: WMAnalyticsDelegate {
        let types = Locked<[WMStatsEventType]>([])
        func didSendAnalyticsEvent(ofType type: WMStatsEventType, withPayload payload: [String: JSONValue]) {
            types.withLock { $0.append(type) }
        }
    }

    @Test("The events filter limits what the analytics delegate hears, not what is uploaded")
    func eventsFilter() async throws {
        let harness = Harness(try .standard())
        let listener = Listener()
        harness.walkMe.setAnalyticsDelegate(listener)
        try await harness.walkMe.start(
            options: WMStartOptions(key: "f3a9c2e47b1d4e0a", secret: "s3cret", events: [.promoImp, .appTerminated]))
        await harness.walkMe.setScreenID("home")
        await harness.walkMe.appWillTerminate()
        #expect(listener.types.withLock { $0 } == [.promoImp, .appTerminated])
        let uploaded = harness.transport.sent.last?.body?["events"]?.arrayValue?.compactMap { $0["type"]?.stringValue }
        #expect(uploaded == ["SessionStarted", "ViewTransition", "PromoImp", "AppTerminated"])
    }

    @Test("Every WMStatsEventType keeps the ObjC raw value and its wire name")
    func eventTypes() {
        #expect(WMStatsEventType.allCases.map(\.rawValue) == Array(0...16))
        #expect(WMStatsEventType.onboardingItemCompleted.wireName == "OnboardingItemCompleted")
        #expect(Set(WMStatsEventType.allCases.map(\.wireName)).count == 17)
    }
}
