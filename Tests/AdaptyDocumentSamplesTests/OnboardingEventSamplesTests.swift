import AdaptySDK
import Foundation
import HTTPTypes
import HarnessTesting
import OpenAPIRuntime
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The document's samples run against the Adapty simulator (`.mockServer`): the open-paywall sample fetches the
/// paywall whose placement id is the action id and presents it once the onboarding is dismissed.
@Suite("Onboarding event samples", .serialized, .mockServer(.adapty))
struct OnboardingEventSamplesTests {
    private static let meta =
        #""meta":{"onboarding_id":"onboarding_123","screen_cid":"pricing_screen","screen_index":2,"total_screens":4}"#

    private func controller(_ samples: OnboardingEventSamples) throws -> AdaptyOnboardingController {
        let onboarding = AdaptyOnboarding(
            placement: AdaptyPlacement(
                id: "onboarding", audienceName: "All Users", revision: 1, abTestName: "Default",
                audienceVersionId: "pav", isTrackingPurchases: false),
            variationId: "v", id: "onboarding_123", name: "Welcome", remoteConfig: nil,
            configURL: URL(string: "https://onboarding.example/onboarding_123")!, locale: "en", responseCreatedAt: 1,
            crossPlacementVariations: [:])
        return try AdaptyUI.onboardingController(
            with: AdaptyUI.getOnboardingConfiguration(forOnboarding: onboarding), delegate: samples)
    }

    @Test("The open-paywall sample dismisses the onboarding, then fetches and presents the action's paywall")
    func openPaywall() async throws {
        Adapty.resetShared()
        defer { Adapty.resetShared() }
        let scope = try MockServerScope.required()
        try Adapty.activate(
            with: AdaptyConfiguration(
                apiKey: "public_live_Adapty5im.DemoKey2026xSimulator", hosts: .simulator(scope.baseURL(for: .adapty))),
            transport: URLSessionClient())
        let samples = OnboardingEventSamples()
        let onboarding = try controller(samples)
        try UIViewController.stage.present(onboarding)
        var iterator = UIViewController.presented.makeAsyncIterator()
        onboarding.postEvent(Data(#"{"type":"open_paywall","action_id":"premium_offer_1",\#(Self.meta)}"#.utf8))
        let paywallController = await iterator.next()
        #expect(paywallController?.paywall.placementId == "premium_offer_1")
        #expect(paywallController?.isPresented == true)
        #expect(!onboarding.isPresented)
        #expect(samples.log.isEmpty)
    }

    @Test("The close sample dismisses the onboarding; the page's onboarding_completed example reaches trackEvent")
    func closeAndCompleted() throws {
        let samples = OnboardingEventSamples()
        let onboarding = try controller(samples)
        let stage = AdaptyUIStage()
        try stage.present(onboarding)
        // The page's example posts onboarding_completed on `final_screen`: the SDK delivers it as posted.
        onboarding.postEvent(
            Data(
                #"{"type":"analytics","name":"onboarding_completed","meta":{"onboarding_id":"onboarding_123","screen_cid":"final_screen","screen_index":3,"total_screens":4}}"#
                    .utf8))
        onboarding.postEvent(
            Data(
                #"{"type":"close","action_id":"close_button","meta":{"onboarding_id":"onboarding_123","screen_cid":"final_screen","screen_index":3,"total_screens":4}}"#
                    .utf8))
        #expect(samples.log == ["track onboarding_completed final_screen"])
        #expect(!onboarding.isPresented)
        #expect(stage.views.isEmpty)
    }

    @Test("The custom-action, loading and analytics samples react to the document's messages")
    func otherSamples() throws {
        let samples = OnboardingEventSamples()
        let onboarding = try controller(samples)
        for message in [
            #"{"type":"custom","actionId":"allowNotifications","meta":{"onboardingId":"onboarding_123","screenClientId":"profile_screen","screenIndex":0,"screensTotal":3}}"#,
            #"{"type":"onboarding_loaded",\#(Self.meta)}"#,
            #"{"type":"analytics","name":"screen_completed",\#(Self.meta),"params":{"element_id":"profile_form","reply":"success"}}"#,
            #"{"type":"analytics","name":"user_email_collected",\#(Self.meta)}"#,
            #"{"type":"analytics","name":"quiz_answered",\#(Self.meta)}"#,
        ] {
            onboarding.postEvent(Data(message.utf8))
        }
        #expect(
            samples.log == [
                "request notification permissions", "finished loading onboarding_123",
                "track screen_completed pricing_screen profile_form success", "track quiz_answered pricing_screen",
            ])
    }
}
