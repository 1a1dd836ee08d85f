/// What an app implements to follow an onboarding: one call per message the page posts. Every method but
/// ``onboardingController(_:didFailWithError:)`` has a default: closing dismisses the onboarding, the others do
/// nothing.
public protocol AdaptyOnboardingControllerDelegate: AnyObject, Sendable {
    /// The onboarding finished loading (the page's Finished loading).
    func onboardingController(
        _ controller: AdaptyOnboardingController, didFinishLoading action: OnboardingsDidFinishLoadingAction)
    /// A button with the close action was tapped. The onboarding counts as closed; the app stops showing it (the page's
    /// sample dismisses the controller).
    func onboardingController(
        _ controller: AdaptyOnboardingController, onCloseAction action: AdaptyOnboardingsCloseAction)
    /// A button that opens a paywall was tapped; `action.actionId` is the id set by hand, ideally the paywall's
    /// placement id. Dismiss the onboarding before presenting the paywall: only one view can be on screen, and an
    /// onboarding with a paywall over it can no longer be controlled.
    func onboardingController(
        _ controller: AdaptyOnboardingController, onPaywallAction action: AdaptyOnboardingsOpenPaywallAction)
    /// A button with a custom action was tapped; `action.actionId` is its Action ID from the builder.
    func onboardingController(
        _ controller: AdaptyOnboardingController, onCustomAction action: AdaptyOnboardingsCustomAction)
    /// An input element changed (not on the page; from the vendor SDK's source).
    func onboardingController(
        _ controller: AdaptyOnboardingController, onStateUpdatedAction action: AdaptyOnboardingsStateUpdatedAction)
    /// An analytics event happened as the user went through the onboarding (the page's Tracking navigation).
    func onboardingController(
        _ controller: AdaptyOnboardingController, onAnalyticsEvent event: AdaptyOnboardingsAnalyticsEvent)
    /// The onboarding failed: a web view or page error (the page: handle errors here).
    func onboardingController(_ controller: AdaptyOnboardingController, didFailWithError error: AdaptyUIError)
}

extension AdaptyOnboardingControllerDelegate {
    /// Does nothing.
    public func onboardingController(
        _ controller: AdaptyOnboardingController, didFinishLoading action: OnboardingsDidFinishLoadingAction
    ) {}

    /// Dismisses the onboarding.
    public func onboardingController(
        _ controller: AdaptyOnboardingController, onCloseAction action: AdaptyOnboardingsCloseAction
    ) {
        controller.dismiss(animated: true)
    }

    /// Does nothing.
    public func onboardingController(
        _ controller: AdaptyOnboardingController, onPaywallAction action: AdaptyOnboardingsOpenPaywallAction
    ) {}

    /// Does nothing.
    public func onboardingController(
        _ controller: AdaptyOnboardingController, onCustomAction action: AdaptyOnboardingsCustomAction
    ) {}

    /// Does nothing.
    public func onboardingController(
        _ controller: AdaptyOnboardingController, onStateUpdatedAction action: AdaptyOnboardingsStateUpdatedAction
    ) {}

    /// Does nothing.
    public func onboardingController(
        _ controller: AdaptyOnboardingController, onAnalyticsEvent event: AdaptyOnboardingsAnalyticsEvent
    ) {}
}
