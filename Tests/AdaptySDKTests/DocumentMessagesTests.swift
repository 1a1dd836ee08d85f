import AdaptySDK
import Foundation
import JSONCore
import Testing

/// Every JSON example of the onboarding-events document (kept verbatim under `Fixtures/DocumentMessages`,
/// named `<type>.<label>.json` because the examples print the body without its `type`) decodes to the delegate
/// call it illustrates.
@Suite("Onboarding document examples")
struct DocumentMessagesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/DocumentMessages")

    static let expected: [String: String] = [
        "custom.allow-notifications": "onCustomAction allowNotifications @profile_screen 0/3 [onboarding_123]",
        "close.close-button": "onCloseAction close_button @final_screen 3/4 [onboarding_123]",
        "open_paywall.premium-offer": "onPaywallAction premium_offer_1 @pricing_screen 2/4 [onboarding_123]",
        "onboarding_loaded.welcome": "didFinishLoading @welcome_screen 0/4 [onboarding_123]",
        "analytics.onboarding-started": "onAnalyticsEvent onboarding_started @welcome_screen 0/4 [onboarding_123]",
        "analytics.screen-presented": "onAnalyticsEvent screen_presented @interests_screen 2/4 [onboarding_123]",
        "analytics.screen-completed":
            "onAnalyticsEvent screen_completed @profile_screen 1/4 [onboarding_123] element=profile_form reply=success",
        "analytics.second-screen-presented":
            "onAnalyticsEvent second_screen_presented @profile_screen 1/4 [onboarding_123]",
        "analytics.user-email-collected": "onAnalyticsEvent user_email_collected @profile_screen 1/4 [onboarding_123]",
        "analytics.onboarding-completed": "onAnalyticsEvent onboarding_completed @final_screen 3/4 [onboarding_123]",
    ]

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test("Every document example has an expected delegate call")
    func allCovered() {
        #expect(Self.fixtures.count == 10)
        #expect(Set(Self.fixtures) == Set(Self.expected.keys))
    }

    @Test("Each document example decodes to the delegate call it illustrates", arguments: fixtures)
    func decodes(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("\(name).json"))
        let type = String(name.prefix { $0 != "." })
        var body = try JSONValue(parsing: data)
        let typed = body.set(.string(type), at: JSONPointer(tokens: ["type"]))
        #expect(typed)
        let delegate = RecordingOnboardingDelegate()
        let controller = try AdaptyUI.onboardingController(
            with: AdaptyUI.getOnboardingConfiguration(forOnboarding: .sample()), delegate: delegate)
        controller.postEvent(body)
        #expect(controller.ignoredMessages.isEmpty)
        #expect(delegate.calls == [Self.expected[name]].compactMap { $0 })
    }
}
