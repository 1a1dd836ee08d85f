import AdaptySDK
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

/// The document's samples run against a stub backend: the open-paywall sample fetches the paywall whose placement
/// id is the action id and presents it once the onboarding is dismissed.
@Suite("Onboarding event samples", .serialized)
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
        try Adapty.activate(
            with: AdaptyConfiguration(
                apiKey: "public_live_sample.key", hosts: .simulator(URL(string: "http://samples.local/adapty")!)),
            transport: SampleBackend())
        let samples = OnboardingEventSamples()
        let onboarding = try controller(samples)
        try samples.stage.present(onboarding)
        onboarding.postEvent(Data(#"{"type":"open_paywall","action_id":"premium_offer_1",\#(Self.meta)}"#.utf8))
        var iterator = samples.presentedPaywalls.makeAsyncIterator()
        let paywallController = await iterator.next()
        #expect(paywallController?.paywall.placementId == "premium_offer_1")
        #expect(paywallController?.isPresented == true)
        #expect(!onboarding.isPresented)
        #expect(samples.log.isEmpty)
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

/// Answers the profile and paywall requests of the open-paywall sample.
private struct SampleBackend: ClientTransport {
    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let path = request.path ?? ""
        let json: String
        if path.contains("/profiles/") {
            json = #"{"data":{"attributes":{"profile_id":"p","segment_hash":"s"}}}"#
        } else {
            let segments = path.split(separator: "/").map(String.init)
            let placement =
                segments.firstIndex(of: "variations").flatMap { index in
                    index + 1 < segments.count ? segments[index + 1] : nil
                } ?? ""
            json =
                #"{"meta":{"placement":{"developer_id":"\#(placement)","placement_audience_version_id":"a","is_tracking_purchases":true},"response_created_at":1},"data":[{"variation_id":"v1","weight":100,"paywall_name":"Premium","paywall_builder":{"paywall_builder_id":"b1","lang":"en"},"products":[]}]}"#
        }
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        return (HTTPResponse(status: .ok, headerFields: fields), HTTPBody(json))
    }
}
