import AdaptySDK
import Foundation
import Synchronization

/// The Swift samples of Adapty's "Handle onboarding events in iOS SDK", compiled against AdaptySDK. Changes to
/// them: the UIKit presentation (`UIApplication…rootViewController.present`) becomes ``present(_:)`` on a headless
/// stage, comments and `print` become entries of ``log``, and the analytics `switch` gets the `default:` its
/// "Handle other cases as needed" comment asks for.
final class OnboardingEventSamples: AdaptyOnboardingControllerDelegate, AdaptyPaywallControllerDelegate {
    let stage = AdaptyUIStage()
    private let entries = Mutex<[String]>([])
    private let paywalls: AsyncStream<AdaptyPaywallController>.Continuation
    /// The paywall controllers the open-paywall sample presented, in order.
    let presentedPaywalls: AsyncStream<AdaptyPaywallController>

    init() {
        (presentedPaywalls, paywalls) = AsyncStream.makeStream()
    }

    var log: [String] { entries.withLock { $0 } }

    private func note(_ line: String) { entries.withLock { $0.append(line) } }

    private func trackEvent(
        _ name: String, meta: AdaptyOnboardingsMetaParams, elementId: String? = nil, reply: String? = nil
    ) {
        note(
            "track \(name) \(meta.screenClientId)" + (elementId.map { " \($0)" } ?? "") + (reply.map { " \($0)" } ?? "")
        )
    }

    // MARK: Custom actions

    func onboardingController(
        _ controller: AdaptyOnboardingController, onCustomAction action: AdaptyOnboardingsCustomAction
    ) {
        if action.actionId == "allowNotifications" {
            note("request notification permissions")
        }
    }

    func onboardingController(_ controller: AdaptyOnboardingController, didFailWithError error: AdaptyUIError) {
        note("error \(error.code)")
    }

    // MARK: Closing the onboarding

    func onboardingController(
        _ controller: AdaptyOnboardingController, onCloseAction action: AdaptyOnboardingsCloseAction
    ) {
        controller.dismiss(animated: true)
    }

    // MARK: Opening a paywall

    func onboardingController(
        _ controller: AdaptyOnboardingController, onPaywallAction action: AdaptyOnboardingsOpenPaywallAction
    ) {
        controller.dismiss(animated: true) {
            Task {
                do {
                    let paywall = try await Adapty.getPaywall(placementId: action.actionId)
                    let paywallConfig = try await AdaptyUI.getPaywallConfiguration(
                        forPaywall: paywall
                    )
                    let paywallController = try AdaptyUI.paywallController(
                        with: paywallConfig,
                        delegate: self
                    )
                    try self.present(paywallController)
                } catch {
                    self.note("failed to present paywall: \(error)")
                    self.paywalls.finish()
                }
            }
        }
    }

    /// Stands in for the sample's `rootVC.present(paywallController, animated: true)`.
    private func present(_ paywallController: AdaptyPaywallController) throws {
        try stage.present(paywallController)
        paywalls.yield(paywallController)
    }

    // MARK: Finished loading

    func onboardingController(
        _ controller: AdaptyOnboardingController, didFinishLoading action: OnboardingsDidFinishLoadingAction
    ) {
        note("finished loading \(action.meta.onboardingId)")
    }

    // MARK: Tracking navigation

    func onboardingController(
        _ controller: AdaptyOnboardingController, onAnalyticsEvent event: AdaptyOnboardingsAnalyticsEvent
    ) {
        switch event {
        case .onboardingStarted(let meta):
            trackEvent("onboarding_started", meta: meta)
        case .screenPresented(let meta):
            trackEvent("screen_presented", meta: meta)
        case .screenCompleted(let meta, let elementId, let reply):
            trackEvent("screen_completed", meta: meta, elementId: elementId, reply: reply)
        case .onboardingCompleted(let meta):
            trackEvent("onboarding_completed", meta: meta)
        case .unknown(let meta, let name):
            trackEvent(name, meta: meta)
        default:
            break
        }
    }
}
