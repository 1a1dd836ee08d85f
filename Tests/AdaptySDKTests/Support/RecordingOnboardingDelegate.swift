import AdaptySDK
import Foundation
import JSONCore

/// Writes every delegate call as one line: `custom allowNotifications @profile_screen 0/3`.
final class RecordingOnboardingDelegate: AdaptyOnboardingControllerDelegate {
    private let log = Locked<[String]>([])

    var calls: [String] { log.withLock { $0 } }

    private func note(_ line: String) { log.withLock { $0.append(line) } }

    static func describe(_ meta: AdaptyOnboardingsMetaParams) -> String {
        "@\(meta.screenClientId) \(meta.screenIndex)/\(meta.screensTotal) [\(meta.onboardingId)]"
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, didFinishLoading action: OnboardingsDidFinishLoadingAction
    ) {
        note("didFinishLoading \(Self.describe(action.meta))")
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, onCloseAction action: AdaptyOnboardingsCloseAction
    ) {
        note("onCloseAction \(action.actionId) \(Self.describe(action.meta))")
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, onPaywallAction action: AdaptyOnboardingsOpenPaywallAction
    ) {
        note("onPaywallAction \(action.actionId) \(Self.describe(action.meta))")
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, onCustomAction action: AdaptyOnboardingsCustomAction
    ) {
        note("onCustomAction \(action.actionId) \(Self.describe(action.meta))")
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, onStateUpdatedAction action: AdaptyOnboardingsStateUpdatedAction
    ) {
        note("onStateUpdatedAction \(action.elementId) \(action.params) \(Self.describe(action.meta))")
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, onAnalyticsEvent event: AdaptyOnboardingsAnalyticsEvent
    ) {
        var line = "onAnalyticsEvent \(event.name) \(Self.describe(event.meta))"
        if case .screenCompleted(_, let elementId, let reply) = event {
            line += " element=\(elementId ?? "nil") reply=\(reply ?? "nil")"
        }
        if case .unknown = event { line += " (unknown)" }
        note(line)
    }

    func onboardingController(_ controller: AdaptyOnboardingController, didFailWithError error: AdaptyUIError) {
        note("didFailWithError \(error.code)")
    }
}

extension AdaptyOnboarding {
    /// An onboarding as a test needs one.
    static func sample(trackingPurchases: Bool = true) -> AdaptyOnboarding {
        AdaptyOnboarding(
            placement: AdaptyPlacement(
                id: "onboarding_placement", audienceName: "All Users", revision: 1, abTestName: "Default",
                audienceVersionId: "pav", isTrackingPurchases: trackingPurchases),
            variationId: "var-1", id: "onboarding_123", name: "Welcome", remoteConfig: nil,
            configURL: URL(string: "https://onboarding.example/onboarding_123")!, locale: "en", responseCreatedAt: 1,
            crossPlacementVariations: [:])
    }
}
