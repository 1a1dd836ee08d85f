public import Foundation
public import JSONCore

/// The UI entry points, headless: configurations and controllers that tests and flows drive instead of views.
public enum AdaptyUI {
    /// What a paywall view is built from: the paywall and its builder configuration (`paywall_builder`).
    public struct PaywallConfiguration: Sendable, Hashable {
        /// The paywall.
        public var paywall: AdaptyPaywall
        /// The locale the view is built in.
        public var locale: String
        /// The builder configuration (`paywall_builder`).
        public var builder: JSONValue
    }

    /// What an onboarding view is built from.
    public struct OnboardingConfiguration: Sendable, Hashable {
        /// The onboarding.
        public var onboarding: AdaptyOnboarding
        /// The page the view loads, requested with `Accept-Language` = the locale with `_` replaced by `-`.
        public var pageURL: URL
        /// The `Accept-Language` the page is requested with.
        public var acceptLanguage: String
    }

    /// The view configuration of `paywall`, taken from its variation's `paywall_builder` (assumed: the
    /// configuration travels inline in the variation; no separate fetch is documented).
    ///
    /// - Throws: ``AdaptyUIError/unsupportedTemplate(_:)`` when the paywall has no builder configuration.
    public static func getPaywallConfiguration(
        forPaywall paywall: AdaptyPaywall, locale: String? = nil
    )
        async throws(AdaptyUIError) -> PaywallConfiguration
    {
        guard let builder = paywall.viewConfiguration else {
            throw .unsupportedTemplate(
                "paywall '\(paywall.name)' (placement \(paywall.placementId)) has no paywall_builder; it was not "
                    + "made with the paywall builder")
        }
        return PaywallConfiguration(
            paywall: paywall, locale: locale ?? builder["lang"]?.stringValue ?? "en", builder: builder)
    }

    /// The headless paywall view for `configuration`.
    public static func paywallController(
        with configuration: PaywallConfiguration, delegate: any AdaptyPaywallControllerDelegate
    ) throws(AdaptyUIError) -> AdaptyPaywallController {
        AdaptyPaywallController(configuration: configuration, delegate: delegate)
    }

    /// The view configuration of `onboarding`.
    public static func getOnboardingConfiguration(
        forOnboarding onboarding: AdaptyOnboarding
    ) throws(AdaptyUIError)
        -> OnboardingConfiguration
    {
        OnboardingConfiguration(
            onboarding: onboarding, pageURL: onboarding.configURL,
            acceptLanguage: onboarding.locale.replacingOccurrences(of: "_", with: "-"))
    }

    /// The headless onboarding view for `configuration`; `adapty` receives its SDK events (the shared instance
    /// when nil and activated).
    public static func onboardingController(
        with configuration: OnboardingConfiguration, delegate: any AdaptyOnboardingControllerDelegate,
        adapty: Adapty? = nil
    ) throws(AdaptyUIError) -> AdaptyOnboardingController {
        AdaptyOnboardingController(
            onboarding: configuration.onboarding, delegate: delegate, adapty: adapty ?? (try? Adapty.activated()))
    }
}

/// What an app implements to follow a paywall view. Every method has a default that does nothing.
public protocol AdaptyPaywallControllerDelegate: AnyObject, Sendable {
    /// The paywall view appeared.
    func paywallControllerDidAppear(_ controller: AdaptyPaywallController)
    /// The user picked `product`.
    func paywallController(_ controller: AdaptyPaywallController, didSelectProduct product: AdaptyPaywallProduct)
}

extension AdaptyPaywallControllerDelegate {
    /// Does nothing.
    public func paywallControllerDidAppear(_ controller: AdaptyPaywallController) {}
    /// Does nothing.
    public func paywallController(_ controller: AdaptyPaywallController, didSelectProduct product: AdaptyPaywallProduct)
    {}
}

/// The headless paywall view: its configuration and products, and whether it is on screen.
public final class AdaptyPaywallController: AdaptyPresentable {
    /// What the view is built from.
    public let configuration: AdaptyUI.PaywallConfiguration
    private let delegateBox: Locked<(any AdaptyPaywallControllerDelegate)?>
    /// The stage showing the paywall, held weakly: the stage holds what it shows, as a presenting view controller
    /// holds the one it presents, so a strong reference back would keep both alive once the stage is let go.
    private let stage = Locked(ShownOn())

    init(configuration: AdaptyUI.PaywallConfiguration, delegate: any AdaptyPaywallControllerDelegate) {
        self.configuration = configuration
        delegateBox = Locked(delegate)
    }

    /// The paywall.
    public var paywall: AdaptyPaywall { configuration.paywall }
    /// Whether the paywall is on a stage.
    public var isPresented: Bool { stage.withLock { $0.stage != nil } }

    /// Called by the stage once it shows the paywall; tells the delegate.
    public func didAppear(on stage: AdaptyUIStage) {
        self.stage.withLock { $0.stage = stage }
        if let delegate = delegateBox.withLock({ $0 }) { delegate.paywallControllerDidAppear(self) }
    }

    /// The user picks a product.
    public func select(_ product: AdaptyPaywallProduct) {
        if let delegate = delegateBox.withLock({ $0 }) { delegate.paywallController(self, didSelectProduct: product) }
    }

    /// Dismisses the paywall (or, like UIKit, whatever is presented over it), then calls `completion`.
    public func dismiss(animated: Bool, completion: (@Sendable () -> Void)? = nil) {
        let shown = stage.withLock { $0.stage }
        shown?.dismiss(self)
        completion?()
    }

    /// Called by the stage once it no longer shows the paywall.
    public func didDisappear(from stage: AdaptyUIStage) {
        self.stage.withLock { current in
            if current.stage === stage { current.stage = nil }
        }
    }
}

/// A presented view's weak reference to the stage that shows it.
struct ShownOn {
    weak var stage: AdaptyUIStage?
}
