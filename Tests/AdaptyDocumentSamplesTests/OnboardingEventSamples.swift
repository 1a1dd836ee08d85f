// swift-format-ignore-file
// (the page's samples are kept as the page prints them)
import AdaptySDK
import Foundation
import JSONCore

// The Swift samples of Adapty's "Handle onboarding events in iOS SDK", verbatim inside the class that holds them,
// compiled against AdaptySDK. UIKit does not exist here: `UIKitStandIns.swift` declares the UIKit names the
// open-paywall sample uses (`UIApplication.shared.windows.first?.rootViewController`, `present(_:animated:)`) as a
// stand-in that presents on a headless `AdaptyUIStage`. Edits, each one:
// - the analytics `switch` gets `default: break` where its comment says "Handle other cases as needed": the page's
//   table lists events (secondScreenPresented, userEmailCollected) the switch does not, so it is not exhaustive.
// The page's `trackEvent(_:meta:…)` is the app's own function: it is defined below, beside the samples.
final class OnboardingEventSamples: AdaptyOnboardingControllerDelegate, AdaptyPaywallControllerDelegate {
    private let entries = Locked<[String]>([])

    var log: [String] { entries.withLock { $0 } }

    /// The app's analytics call the tracking sample makes.
    func trackEvent(
        _ name: String, meta: AdaptyOnboardingsMetaParams, elementId: String? = nil, reply: String? = nil
    ) {
        entries.withLock {
            $0.append("track \(name) \(meta.screenClientId)" + (elementId.map { " \($0)" } ?? "") + (reply.map { " \($0)" } ?? ""))
        }
    }

    /// Stands in for the app's notification permission request.
    private func note(_ line: String) { entries.withLock { $0.append(line) } }

func onboardingController(_ controller: AdaptyOnboardingController, onCustomAction action: AdaptyOnboardingsCustomAction) {
if action.actionId == "allowNotifications" {
// Request notification permissions
    note("request notification permissions")
}
}
func onboardingController(_ controller: AdaptyOnboardingController, didFailWithError error: AdaptyUIError) {
// Handle errors
    note("error \(error.code)")
}

func onboardingController(_ controller: AdaptyOnboardingController, onCloseAction action: AdaptyOnboardingsCloseAction) {
controller.dismiss(animated: true)
}

func onboardingController(_ controller: AdaptyOnboardingController, onPaywallAction action: AdaptyOnboardingsOpenPaywallAction) {
// Dismiss onboarding before presenting paywall
controller.dismiss(animated: true) {
Task {
do {
// Get the paywall using the placement ID from the action
let paywall = try await Adapty.getPaywall(placementId: action.actionId)
// Get the paywall configuration
let paywallConfig = try await AdaptyUI.getPaywallConfiguration(
forPaywall: paywall
)
// Create and present the paywall controller
let paywallController = try AdaptyUI.paywallController(
with: paywallConfig,
delegate: self
)
// Present the paywall from the root view controller
if let rootVC = UIApplication.shared.windows.first?.rootViewController {
rootVC.present(paywallController, animated: true)
}
} catch {
// Handle any errors that occur during paywall loading
print("Failed to present paywall: \(error)")
}
}
}
}

func onboardingController(_ controller: AdaptyOnboardingController, didFinishLoading action: OnboardingsDidFinishLoadingAction) {
// Handle loading completion
    note("finished loading \(action.meta.onboardingId)")
}

func onboardingController(_ controller: AdaptyOnboardingController, onAnalyticsEvent event: AdaptyOnboardingsAnalyticsEvent) {
switch event {
case .onboardingStarted(let meta):
// Track onboarding start
trackEvent("onboarding_started", meta: meta)
case .screenPresented(let meta):
// Track screen presentation
trackEvent("screen_presented", meta: meta)
case .screenCompleted(let meta, let elementId, let reply):
// Track screen completion with user response
trackEvent("screen_completed", meta: meta, elementId: elementId, reply: reply)
case .onboardingCompleted(let meta):
// Track successful onboarding completion
trackEvent("onboarding_completed", meta: meta)
case .unknown(let meta, let name):
// Handle unknown events
trackEvent(name, meta: meta)
// Handle other cases as needed
default: break
}
}
}
