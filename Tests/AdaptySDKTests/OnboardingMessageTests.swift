import Foundation
import JSONCore
import Testing

@testable import AdaptySDK

@Suite("AdaptyOnboardingsMessage")
struct OnboardingMessageTests {
    private static let snakeMeta = #""meta":{"onboarding_id":"o","screen_cid":"s","screen_index":1,"total_screens":3}"#
    private static let camelMeta = #""meta":{"onboardingId":"o","screenClientId":"s","screenIndex":1,"screensTotal":3}"#

    private func deliver(_ messages: [String]) -> (RecordingOnboardingDelegate, AdaptyOnboardingController) {
        let delegate = RecordingOnboardingDelegate()
        let controller = try! AdaptyUI.onboardingController(
            with: AdaptyUI.getOnboardingConfiguration(forOnboarding: .sample()), delegate: delegate)
        for message in messages { controller.postEvent(Data(message.utf8)) }
        return (delegate, controller)
    }

    @Test("Both key styles give the same delegate calls")
    func keyStyles() {
        for meta in [Self.snakeMeta, Self.camelMeta] {
            let (delegate, _) = deliver([
                #"{"type":"custom","action_id":"a",\#(meta)}"#, #"{"type":"close","actionId":"c",\#(meta)}"#,
                #"{"type":"analytics","name":"screen_completed",\#(meta),"params":{"elementId":"e"}}"#,
            ])
            #expect(
                delegate.calls == [
                    "onCustomAction a @s 1/3 [o]", "onCloseAction c @s 1/3 [o]",
                    "onAnalyticsEvent screen_completed @s 1/3 [o] element=e reply=nil",
                ])
        }
    }

    @Test("Each state-updated element type decodes, in both styles")
    func stateUpdated() {
        let (delegate, controller) = deliver([
            #"{"type":"state_updated","element_id":"plan","element_type":"select","value":{"id":"1","value":"pro","label":"Pro"},\#(Self.snakeMeta)}"#,
            #"{"type":"state_updated","elementId":"goals","params":{"type":"multiSelect","value":[{"id":"a","value":"fit","label":"Fit"}]},\#(Self.camelMeta)}"#,
            #"{"type":"state_updated","element_id":"name","element_type":"input","value":{"type":"text","value":"Ada"},\#(Self.snakeMeta)}"#,
            #"{"type":"state_updated","element_id":"mail","element_type":"input","value":{"type":"email","value":"ada@example.com"},\#(Self.snakeMeta)}"#,
            #"{"type":"state_updated","element_id":"age","element_type":"input","value":{"type":"number","value":36},\#(Self.snakeMeta)}"#,
            #"{"type":"state_updated","elementId":"born","params":{"type":"datePicker","value":{"day":10,"month":12,"year":1815}},\#(Self.camelMeta)}"#,
        ])
        #expect(controller.ignoredMessages.isEmpty)
        #expect(delegate.calls.count == 6)
        #expect(delegate.calls[0].contains("select(AdaptySDK.AdaptyOnboardingsSelectParams(id: \"1\""))
        #expect(delegate.calls[1].hasPrefix("onStateUpdatedAction goals multiSelect"))
        #expect(delegate.calls[2].contains("input(AdaptySDK.AdaptyOnboardingsInputParams.text(\"Ada\"))"))
        #expect(delegate.calls[3].contains(".email(\"ada@example.com\")"))
        #expect(delegate.calls[4].contains(".number(36.0)"))
        #expect(delegate.calls[5].contains("year: Optional(1815)"))
    }

    @Test("Unknown analytics names become unknown(meta:name:)")
    func unknownEvent() {
        let (delegate, _) = deliver([#"{"type":"analytics","name":"paywall_peeked",\#(Self.snakeMeta)}"#])
        #expect(delegate.calls == ["onAnalyticsEvent paywall_peeked @s 1/3 [o] (unknown)"])
    }

    @Test("Unknown types and malformed messages are ignored and logged, never delivered")
    func ignored() {
        let (delegate, controller) = deliver([
            #"{"type":"confetti",\#(Self.snakeMeta)}"#, "not json", "[1,2]", #"{"type":"custom",\#(Self.snakeMeta)}"#,
            #"{"type":"close","action_id":"x","meta":{"onboarding_id":"o","screen_cid":"s","screen_index":"one","total_screens":3}}"#,
        ])
        #expect(delegate.calls.isEmpty)
        #expect(controller.ignoredMessages.count == 5)
        #expect(controller.ignoredMessages[0].contains("'confetti' is unknown"))
    }

    @Test("Every screen_presented queues new_onboarding_screen_showed with its four params")
    func screenEvents() throws {
        let adapty = Adapty(
            configuration: StubBodies.configuration, transport: StubTransport { _ in .init(status: 200) },
            sessionId: "s")
        let controller = try AdaptyUI.onboardingController(
            with: AdaptyUI.getOnboardingConfiguration(forOnboarding: .sample()),
            delegate: RecordingOnboardingDelegate(), adapty: adapty)
        controller.postEvent(Data(#"{"type":"analytics","name":"screen_presented",\#(Self.snakeMeta)}"#.utf8))
        controller.postEvent(
            Data(
                #"{"type":"analytics","name":"screen_presented","meta":{"onboarding_id":"o","screen_cid":"end","screen_index":2,"total_screens":3}}"#
                    .utf8))
        let events = adapty.pendingEvents
        #expect(events.count == 2)
        #expect(events[0]["event_name"] == "new_onboarding_screen_showed")
        #expect(events[0]["variation_id"] == "var-1")
        #expect(events[0]["onboarding_screen_name"] == "s")
        #expect(events[0]["onboarding_screen_order"] == "1")
        #expect(events[0]["onboarding_latest_screen"] == false)
        #expect(events[1]["onboarding_latest_screen"] == true)
        #expect(events[1]["counter"] == 1)
    }

    /// A headless paywall view with a delegate that does nothing.
    static func paywallController() async throws -> AdaptyPaywallController {
        let paywall = AdaptyPaywall(
            placement: AdaptyPlacement(
                id: "premium_offer_1", audienceName: "All Users", revision: 1, abTestName: "Default",
                audienceVersionId: "pav", isTrackingPurchases: true),
            variationId: "pv", instanceIdentity: "pv", name: "Premium", remoteConfig: nil,
            viewConfiguration: ["lang": "en"], webPurchaseURL: nil, products: [], responseCreatedAt: 1,
            crossPlacementVariations: [:])
        return try AdaptyUI.paywallController(
            with: try await AdaptyUI.getPaywallConfiguration(forPaywall: paywall), delegate: PaywallDelegate())
    }

    @Test("A stage that is let go frees the views it shows: a view holds its stage weakly, as UIKit's presented one")
    func stageLetGo() async throws {
        weak var stage: AdaptyUIStage?
        weak var onboarding: AdaptyOnboardingController?
        weak var paywall: AdaptyPaywallController?
        do {
            let shown = AdaptyUIStage()
            let onboardingController = try AdaptyUI.onboardingController(
                with: AdaptyUI.getOnboardingConfiguration(forOnboarding: .sample()),
                delegate: RecordingOnboardingDelegate())
            let paywallController = try await Self.paywallController()
            try shown.present(onboardingController)
            try shown.present(paywallController)
            #expect(onboardingController.isPresented && paywallController.isPresented)
            stage = shown
            onboarding = onboardingController
            paywall = paywallController
        }
        #expect(stage == nil, "nothing but its views held the stage")
        #expect(onboarding == nil, "the onboarding went with its stage")
        #expect(paywall == nil, "the paywall went with its stage")
    }

    @Test("The variation id is persisted once the view appeared and the page loaded")
    func persistsVariation() throws {
        let store = AdaptyInMemoryProfileStore()
        let adapty = Adapty(
            configuration: StubBodies.configuration, transport: StubTransport { _ in .init(status: 200) },
            profileStore: store, sessionId: "s")
        let controller = try AdaptyUI.onboardingController(
            with: AdaptyUI.getOnboardingConfiguration(forOnboarding: .sample()),
            delegate: RecordingOnboardingDelegate(), adapty: adapty)
        controller.postEvent(Data(#"{"type":"onboarding_loaded",\#(Self.snakeMeta)}"#.utf8))
        #expect(store.loadOnboardingVariationId() == nil)
        try AdaptyUIStage().present(controller)
        #expect(store.loadOnboardingVariationId() == "var-1")
    }

    @Test("A paywall presented over an onboarding works, but dismissing the onboarding dismisses the paywall")
    func paywallOverOnboarding() async throws {
        let stage = AdaptyUIStage()
        let onboarding = try AdaptyUI.onboardingController(
            with: AdaptyUI.getOnboardingConfiguration(forOnboarding: .sample()), delegate: RecordingOnboardingDelegate()
        )
        try stage.present(onboarding)
        let paywallController = try await Self.paywallController()
        // Presenting over the onboarding works.
        try stage.present(paywallController)
        #expect(stage.presented === paywallController)
        // The documented symptom: the onboarding cannot be controlled; dismissing it dismisses the paywall.
        onboarding.dismiss(animated: true)
        #expect(!paywallController.isPresented)
        #expect(onboarding.isPresented)
        #expect(stage.presented === onboarding)
        // Dismissed again, with nothing over it, the onboarding goes.
        onboarding.dismiss(animated: true)
        #expect(!onboarding.isPresented)
        #expect(stage.views.isEmpty)
        #expect(throws: Never.self) { try stage.present(onboarding) }
        #expect(throws: AdaptyUIError.self) { try stage.present(onboarding) }
    }
}

private final class PaywallDelegate: AdaptyPaywallControllerDelegate {}
