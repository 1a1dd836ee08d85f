public import Foundation
public import JSONCore

/// The headless stand-in for the onboarding view: the page's messages come in through ``postEvent(_:)`` (the
/// web view's `postEvent` script handler) and go out as ``AdaptyOnboardingControllerDelegate`` calls, in order,
/// on the caller's task. The SDK's own side effects happen on the way: every `screen_presented` queues a
/// `new_onboarding_screen_showed` event, and the variation id is persisted once when the view has appeared,
/// the page has loaded and the placement tracks purchases.
public final class AdaptyOnboardingController: AdaptyPresentable {
    /// The onboarding the view shows.
    public let onboarding: AdaptyOnboarding
    let adapty: Adapty?
    private let delegateBox: Locked<(any AdaptyOnboardingControllerDelegate)?>
    private let status = Locked(Status())

    private struct Status {
        var appeared = false
        var loaded = false
        var variationPersisted = false
        var ignored: [String] = []
        /// Weak, as the paywall controller's: the stage holds the onboarding while it shows it.
        weak var stage: AdaptyUIStage?
    }

    init(onboarding: AdaptyOnboarding, delegate: any AdaptyOnboardingControllerDelegate, adapty: Adapty?) {
        self.onboarding = onboarding
        self.adapty = adapty
        delegateBox = Locked(delegate)
    }

    /// The delegate (held strongly: the controller is the only owner of a headless view).
    public var delegate: (any AdaptyOnboardingControllerDelegate)? { delegateBox.withLock { $0 } }

    /// The messages that were ignored (unknown type, malformed), with why: the SDK logs and drops them.
    public var ignoredMessages: [String] { status.withLock { $0.ignored } }

    /// One message from the page, as the `postEvent` handler receives it.
    public func postEvent(_ body: Data) {
        do {
            deliver(try AdaptyOnboardingsMessage(body: body))
        } catch {
            status.withLock { $0.ignored.append(error.description) }
        }
    }

    /// One message from the page, already parsed.
    public func postEvent(_ body: JSONValue) {
        postEvent(body.data(.sortedKeys))
    }

    /// Reports a page failure (the web view's navigation errors) to the delegate.
    public func pageFailed(_ detail: String) {
        guard let delegate else { return }
        delegate.onboardingController(self, didFailWithError: .webKit(detail))
    }

    /// Delivers one decoded message to the delegate, with the SDK's side effects.
    public func deliver(_ message: AdaptyOnboardingsMessage) {
        guard let delegate else { return }
        switch message {
        case .analytics(let event):
            if case .screenPresented(let meta) = event { logScreenShown(meta) }
            delegate.onboardingController(self, onAnalyticsEvent: event)
        case .stateUpdated(let action): delegate.onboardingController(self, onStateUpdatedAction: action)
        case .openPaywall(let action): delegate.onboardingController(self, onPaywallAction: action)
        case .custom(let action): delegate.onboardingController(self, onCustomAction: action)
        case .close(let action): delegate.onboardingController(self, onCloseAction: action)
        case .didFinishLoading(let action):
            status.withLock { $0.loaded = true }
            persistVariationIfDue()
            delegate.onboardingController(self, didFinishLoading: action)
        }
    }

    // MARK: Presentation

    /// Whether the onboarding is on a stage (visible, or covered by a view presented over it).
    public var isPresented: Bool { status.withLock { $0.stage != nil } }

    /// Dismisses the onboarding, then calls `completion`. As the page warns, an onboarding with a paywall presented
    /// over it cannot be controlled: this dismisses the paywall and the onboarding stays visible. Dismiss the
    /// onboarding before presenting a paywall.
    public func dismiss(animated: Bool, completion: (@Sendable () -> Void)? = nil) {
        let stage = status.withLock { $0.stage }
        stage?.dismiss(self)
        completion?()
    }

    /// Called by the stage once it no longer shows the onboarding.
    public func didDisappear(from stage: AdaptyUIStage) {
        status.withLock { status in
            if status.stage === stage { status.stage = nil }
        }
    }

    /// Called by the stage once it shows the onboarding: the variation id is persisted when the page has loaded.
    public func didAppear(on stage: AdaptyUIStage) {
        status.withLock {
            $0.stage = stage
            $0.appeared = true
        }
        persistVariationIfDue()
    }

    private func persistVariationIfDue() {
        let due = status.withLock { status -> Bool in
            guard status.appeared, status.loaded, !status.variationPersisted else { return false }
            status.variationPersisted = true
            return true
        }
        guard due, onboarding.placement.isTrackingPurchases, let adapty else { return }
        if adapty.profileStore.loadOnboardingVariationId() == nil {
            adapty.profileStore.saveOnboardingVariationId(onboarding.variationId)
        }
    }

    private func logScreenShown(_ meta: AdaptyOnboardingsMetaParams) {
        try? adapty?.enqueueEvent(
            "new_onboarding_screen_showed",
            params: [
                ("variation_id", .string(onboarding.variationId)),
                ("onboarding_screen_name", .string(meta.screenClientId)),
                ("onboarding_screen_order", .string(String(meta.screenIndex))),
                ("onboarding_latest_screen", .bool(meta.isLatestScreen)),
            ])
    }
}
