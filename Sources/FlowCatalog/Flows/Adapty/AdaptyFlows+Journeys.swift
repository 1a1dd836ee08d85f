import AdaptySDK
import ContractKit
import JSONCore

/// The document's open-paywall journey, end to end and headless.
extension AdaptyFlows {
    static let journeys: [Flow] = [
        .adapty(
            "onboarding-full-journey",
            "\(onboardingDocument), Opening a paywall (dismiss the onboarding first), Tracking navigation",
            summary: "The demo onboarding loads, its screens are presented and completed, an e-mail is collected, "
                + "onboarding_completed fires on the `final` screen, and its open-paywall action (a placement id) is "
                + "followed: the paywall presented over the undismissed onboarding shows, but dismissing the "
                + "onboarding then dismisses the paywall and leaves the onboarding visible (the page's warning); "
                + "dismissed again, the onboarding goes and the paywall is shown; the screen events go out in one "
                + "batch",
            facts: [.assumed("the paywall view configuration travels inline in paywall_builder")]
        ) { session in
            let (app, controller, delegate, stage) = try await playOnboarding(session)
            session.journal.note(
                "persisted onboarding variation",
                ["variation_id": app.persistedOnboardingVariationId.map { .string($0) } ?? .null])
            for action in delegate.paywallActions {
                await session.step("open paywall \(action.actionId)") {
                    try await openPaywall(
                        action, app: app, onboarding: controller, delegate: delegate, stage: stage)
                }
            }
            await session.step("flushEvents") { .number(JSONNumber(try await app.flushEvents())) }
        }
    ]

    /// The document's open-paywall handler, headless, first without its advice: the paywall presented over the
    /// onboarding shows, but the onboarding can no longer be controlled (dismissing it dismisses the paywall and it
    /// stays visible); then with it: the onboarding dismissed, the paywall presented.
    private static func openPaywall(
        _ action: AdaptyOnboardingsOpenPaywallAction, app: Adapty, onboarding: AdaptyOnboardingController,
        delegate: AdaptyFlowOnboardingDelegate, stage: AdaptyUIStage
    ) async throws -> JSONValue {
        let paywall = try await app.getPaywall(placementId: action.actionId)
        let configuration = try await AdaptyUI.getPaywallConfiguration(forPaywall: paywall)
        let paywallController = try AdaptyUI.paywallController(with: configuration, delegate: delegate)
        var steps: [JSONValue] = []
        try stage.present(paywallController)
        steps.append(["presented over the onboarding": .bool(paywallController.isPresented)])
        onboarding.dismiss(animated: true)
        steps.append(
            [
                "onboarding dismissed": [
                    "paywall_presented": .bool(paywallController.isPresented),
                    "onboarding_presented": .bool(onboarding.isPresented),
                ]
            ])
        onboarding.dismiss(animated: true)
        steps.append(["onboarding dismissed again": ["onboarding_presented": .bool(onboarding.isPresented)]])
        try stage.present(paywallController)
        try app.logShowPaywall(paywall)
        steps.append(["paywall_presented": .bool(paywallController.isPresented)])
        return .array(steps)
    }
}
