/// What an app implements to follow an onboarding: one call per message the page posts. Every method but
/// ``onboardingController(_:didFailWithError:)`` has a default: closing dismisses the onboarding, the others do
/// nothing.
public protocol AdaptyOnboardingControllerDelegate: AnyObject, Sendable {
    func onboardingController(
        _ controller: AdaptyOnboardingController, didFinishLoading action: OnboardingsDidFinishLoadingAction)
    func onboardingController(
        _ controller: AdaptyOnboardingController, onCloseAction action: AdaptyOnboardingsCloseAction)
    func onboardingController(
        _ controller: AdaptyOnboardingController, onPaywallAction action: AdaptyOnboardingsOpenPaywallAction)
    func onboardingController(
        _ controller: AdaptyOnboardingController, onCustomAction action: AdaptyOnboardingsCustomAction)
    func onboardingController(
        _ controller: AdaptyOnboardingController, onStateUpdatedAction action: AdaptyOnboardingsStateUpdatedAction)
    func onboardingController(
        _ controller: AdaptyOnboardingController, onAnalyticsEvent event: AdaptyOnboardingsAnalyticsEvent)
    func onboardingController(_ controller: AdaptyOnboardingController, didFailWithError error: AdaptyUIError)
}

extension AdaptyOnboardingControllerDelegate {
    public func onboardingController(
        _ controller: AdaptyOnboardingController, didFinishLoading action: OnboardingsDidFinishLoadingAction
    ) {}

    public func onboardingController(
        _ controller: AdaptyOnboardingController, onCloseAction action: AdaptyOnboardingsCloseAction
    ) {
        controller.dismiss(animated: true)
    }

    public func onboardingController(
        _ controller: AdaptyOnboardingController, onPaywallAction action: AdaptyOnboardingsOpenPaywallAction
    ) {}

    public func onboardingController(
        _ controller: AdaptyOnboardingController, onCustomAction action: AdaptyOnboardingsCustomAction
    ) {}

    public func onboardingController(
        _ controller: AdaptyOnboardingController, onStateUpdatedAction action: AdaptyOnboardingsStateUpdatedAction
    ) {}

    public func onboardingController(
        _ controller: AdaptyOnboardingController, onAnalyticsEvent event: AdaptyOnboardingsAnalyticsEvent
    ) {}
}
