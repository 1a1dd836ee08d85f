import AdaptySDK
import JSONCore

/// The onboarding messages of "Handle onboarding events in iOS SDK": each scripted on the simulator's page,
/// loaded by the headless web view and delivered to the delegate.
extension AdaptyFlows {
    /// `meta` in the page's snake_case or the document's camelCase.
    static func meta(_ screen: String, _ index: Int, total: Int = 4, camel: Bool = false) -> JSONValue {
        camel
            ? [
                "onboardingId": "onboarding_123", "screenClientId": .string(screen),
                "screenIndex": .number(JSONNumber(index)), "screensTotal": .number(JSONNumber(total)),
            ]
            : [
                "onboarding_id": "onboarding_123", "screen_cid": .string(screen),
                "screen_index": .number(JSONNumber(index)), "total_screens": .number(JSONNumber(total)),
            ]
    }

    static func analytics(_ name: String, _ screen: String, _ index: Int, params: JSONValue? = nil) -> JSONValue {
        var message: JSONValue = ["type": "analytics", "name": .string(name), "meta": meta(screen, index)]
        if let params { _ = message.set(params, at: JSONPointer(tokens: ["params"])) }
        return message
    }

    /// Fetches the onboarding of `placement`, presents its controller and plays its page into it (a page that
    /// fails to load is reported to the delegate as `didFailWithError`).
    static func playOnboarding(
        _ session: AdaptyFlowSession, placement: String = "welcome_onboarding"
    ) async throws
        -> (Adapty, AdaptyOnboardingController, AdaptyFlowOnboardingDelegate, AdaptyUIStage)
    {
        let app = session.app()
        let stage = AdaptyUIStage()
        let onboarding = try await app.getOnboarding(placementId: placement)
        session.journal.note("getOnboarding \(placement)", ["result": AdaptyFlowSession.summary(onboarding)])
        let configuration = try AdaptyUI.getOnboardingConfiguration(forOnboarding: onboarding)
        let delegate = AdaptyFlowOnboardingDelegate(journal: session.journal)
        let controller = try AdaptyUI.onboardingController(with: configuration, delegate: delegate, adapty: app)
        try stage.present(controller)
        do {
            try await AdaptyOnboardingPage.play(configuration, into: controller, context: session.context)
        } catch let error as AdaptyUIError {
            controller.pageFailed(error.description)
        }
        if !controller.ignoredMessages.isEmpty {
            session.journal.note(
                "ignored messages", ["reasons": .array(controller.ignoredMessages.map { JSONValue.string($0) })])
        }
        return (app, controller, delegate, stage)
    }

    static func onboardingFlow(_ name: String, _ section: String, summary: String, script: [JSONValue]) -> Flow {
        .adapty(
            name, "\(onboardingDocument), \(section)", summary: summary, setup: [AdaptySetup.script(script)]
        ) { session in
            _ = try await playOnboarding(session)
        }
    }

    static let onboarding: [Flow] = [
        .adapty(
            "onboarding-page-failed",
            "\(onboardingDocument), Custom actions (didFailWithError); sdk-source: AdaptyUIError.webKit (4200)",
            kind: .errorCase,
            summary: "An onboarding whose page cannot be loaded (404) reports didFailWithError with AdaptyUIError "
                + "webKit (4200)",
            setup: [
                AdaptySetup.request(
                    "PUT", "/apps/public_live_Adapty5im/placements/broken_onboarding",
                    [
                        "kind": "onboarding", "placement_audience_version_id": "9f1c2a7e-5b3d-4e8f-a6c1-000000000009",
                        "is_tracking_purchases": false, "response_created_at": 1_767_225_600_000,
                        "variations": [
                            [
                                "variation_id": "5d7f1b3c-0000-4000-8000-000000000009", "weight": 100,
                                "onboarding_id": "onboarding_missing", "onboarding_name": "Broken",
                                "onboarding_builder": ["lang": "en"],
                            ]
                        ],
                    ])
            ]
        ) { session in
            _ = try await playOnboarding(session, placement: "broken_onboarding")
        },
        onboardingFlow(
            "onboarding-message-types", "Custom actions, Closing the onboarding, Opening a paywall, Finished loading",
            summary: "Each of the six message types reaches its delegate method",
            script: [
                ["type": "onboarding_loaded", "meta": meta("welcome_screen", 0)],
                analytics("onboarding_started", "welcome_screen", 0),
                [
                    "type": "state_updated", "element_id": "name_input", "element_type": "input",
                    "value": ["type": "text", "value": "Ada"], "meta": meta("profile_screen", 1),
                ],
                ["type": "custom", "action_id": "allowNotifications", "meta": meta("profile_screen", 1)],
                ["type": "open_paywall", "action_id": "premium_offer_1", "meta": meta("pricing_screen", 2)],
                ["type": "close", "action_id": "close_button", "meta": meta("final_screen", 3)],
            ]),
        onboardingFlow(
            "onboarding-analytics-events", "Tracking navigation",
            summary: "Every named analytics event, the two the SDK adds, and an unknown one as unknown(meta:name:); "
                + "each screen_presented also queues new_onboarding_screen_showed",
            script: [
                analytics("onboarding_started", "welcome_screen", 0),
                analytics("screen_presented", "welcome_screen", 0),
                analytics(
                    "screen_completed", "welcome_screen", 0, params: ["element_id": "profile_form", "reply": "success"]),
                analytics("second_screen_presented", "profile_screen", 1),
                analytics("registration_screen_presented", "profile_screen", 1),
                analytics("products_screen_presented", "pricing_screen", 2),
                analytics("user_email_collected", "profile_screen", 1),
                analytics("onboarding_completed", "final", 3),
                analytics("quiz_answered", "quiz_screen", 2),
            ]),
        onboardingFlow(
            "onboarding-state-updated-elements",
            "onStateUpdatedAction; sdk-source: Adapty iOS SDK 3.17.2, AdaptyOnboardingsStateUpdatedAction.swift",
            summary: "select, multi_select, input text/email/number and date_picker each decode to their params",
            script: [
                [
                    "type": "state_updated", "element_id": "plan", "element_type": "select",
                    "value": ["id": "annual", "value": "premium.annual", "label": "Annual"],
                    "meta": meta("pricing_screen", 2),
                ],
                [
                    "type": "state_updated", "element_id": "goals", "element_type": "multi_select",
                    "value": [
                        ["id": "fit", "value": "fitness", "label": "Fitness"],
                        ["id": "sleep", "value": "sleep", "label": "Sleep"],
                    ],
                    "meta": meta("profile_screen", 1),
                ],
                [
                    "type": "state_updated", "element_id": "name", "element_type": "input",
                    "value": ["type": "text", "value": "Ada"], "meta": meta("profile_screen", 1),
                ],
                [
                    "type": "state_updated", "element_id": "email", "element_type": "input",
                    "value": ["type": "email", "value": "ada@example.com"], "meta": meta("profile_screen", 1),
                ],
                [
                    "type": "state_updated", "element_id": "age", "element_type": "input",
                    "value": ["type": "number", "value": 36], "meta": meta("profile_screen", 1),
                ],
                [
                    "type": "state_updated", "element_id": "birthday", "element_type": "date_picker",
                    "value": ["day": 10, "month": 12, "year": 1815], "meta": meta("profile_screen", 1),
                ],
            ]),
        onboardingFlow(
            "onboarding-key-styles",
            "Custom actions (camelCase example) and Closing the onboarding (snake_case example)",
            summary: "The document's camelCase keys (actionId, screenClientId, screensTotal, elementId, params.type) "
                + "and the page's snake_case keys give the same delegate calls",
            script: [
                [
                    "type": "custom", "actionId": "allowNotifications",
                    "meta": meta("profile_screen", 0, total: 3, camel: true),
                ],
                ["type": "custom", "action_id": "allowNotifications", "meta": meta("profile_screen", 0, total: 3)],
                [
                    "type": "state_updated", "elementId": "plan", "meta": meta("pricing_screen", 2, camel: true),
                    "params": ["type": "multiSelect", "value": [["id": "a", "value": "annual", "label": "Annual"]]],
                ],
                [
                    "type": "analytics", "name": "screen_completed", "meta": meta("profile_screen", 1, camel: true),
                    "params": ["elementId": "profile_form", "reply": "success"],
                ],
            ]),
        onboardingFlow(
            "onboarding-ignored-messages",
            "Tracking navigation; sdk-source: OnboardingsUnknownMessageError (unknown types are logged and ignored)",
            summary: "A message of an unknown type and one without a type are ignored (and logged), never delivered",
            script: [
                ["type": "confetti", "meta": meta("welcome_screen", 0)],
                ["action_id": "no_type", "meta": meta("welcome_screen", 0)],
                ["type": "onboarding_loaded", "meta": meta("welcome_screen", 0)],
            ]),
    ]
}
