import JSONCore

/// What the simulator serves out of the box, with no admin call: one app with a public SDK key in Adapty's
/// format, an A/B-tested paywall placement (with a second audience for profiles whose custom attribute
/// `plan_interest` is `annual`), a one-variation paywall placement (the onboarding's open-paywall
/// target), two placements of a cross-placement test and an onboarding placement whose page posts a scripted
/// journey.
enum AdaptyDemoApp {
    static let apiKey = "public_live_Adapty5im.DemoKey2026xSimulator"
    static let keyPrefix = "public_live_Adapty5im"
    static let onboardingId = "onboarding_123"
    /// 2026-01-01T00:00:00Z in milliseconds: the demo placements' `response_created_at`.
    static let createdAt = 1_767_225_600_000

    static var placements: [(String, JSONValue)] {
        [
            (
                "main_paywall",
                placement(
                    kind: "paywall", audienceVersion: "9f1c2a7e-5b3d-4e8f-a6c1-000000000001",
                    abTest: "Weekly vs annual",
                    variations: [
                        paywall(
                            variation: "3c5e0f2a-0000-4000-8000-000000000001", weight: 50, name: "Weekly",
                            product: ("premium.weekly", "weekly"), title: "Go Pro weekly"),
                        paywall(
                            variation: "3c5e0f2a-0000-4000-8000-000000000002", weight: 50, name: "Annual",
                            product: ("premium.annual", "annual"), title: "Go Pro yearly"),
                    ],
                    audiences: [
                        [
                            "audience_name": "Annual fans", "ab_test_name": "Annual only",
                            "placement_audience_version_id": "9f1c2a7e-5b3d-4e8f-a6c1-000000000006",
                            "custom_attributes": ["plan_interest": "annual"],
                            "variations": [
                                paywall(
                                    variation: "3c5e0f2a-0000-4000-8000-000000000004", weight: 100,
                                    name: "Annual fans", product: ("premium.annual", "annual"),
                                    title: "Annual, as you asked")
                            ],
                        ]
                    ])
            ),
            (
                "premium_offer_1",
                placement(
                    kind: "paywall", audienceVersion: "9f1c2a7e-5b3d-4e8f-a6c1-000000000002", abTest: "Default",
                    variations: [
                        paywall(
                            variation: "3c5e0f2a-0000-4000-8000-000000000003", weight: 100, name: "Premium offer",
                            product: ("premium.monthly", "monthly"), title: "Your first month free")
                    ])
            ),
            (
                "cross_paywall_a",
                placement(
                    kind: "paywall", audienceVersion: "9f1c2a7e-5b3d-4e8f-a6c1-000000000003",
                    abTest: "Cross-placement",
                    variations: [
                        paywall(
                            variation: "3c5e0f2a-0000-4000-8000-00000000000a", weight: 100, name: "Cross A",
                            product: ("premium.weekly", "weekly"), title: "Cross A",
                            crossPlacement: [
                                "cross_paywall_a": "3c5e0f2a-0000-4000-8000-00000000000a",
                                "cross_paywall_b": "3c5e0f2a-0000-4000-8000-00000000000c",
                            ])
                    ])
            ),
            (
                "cross_paywall_b",
                placement(
                    kind: "paywall", audienceVersion: "9f1c2a7e-5b3d-4e8f-a6c1-000000000004",
                    abTest: "Cross-placement",
                    variations: [
                        paywall(
                            variation: "3c5e0f2a-0000-4000-8000-00000000000b", weight: 50, name: "Cross B1",
                            product: ("premium.weekly", "weekly"), title: "Cross B1"),
                        paywall(
                            variation: "3c5e0f2a-0000-4000-8000-00000000000c", weight: 50, name: "Cross B2",
                            product: ("premium.lifetime", "lifetime"), title: "Cross B2"),
                    ])
            ),
            (
                "welcome_onboarding",
                placement(
                    kind: "onboarding", audienceVersion: "9f1c2a7e-5b3d-4e8f-a6c1-000000000005", abTest: "Default",
                    variations: [
                        [
                            "variation_id": "5d7f1b3c-0000-4000-8000-000000000001", "weight": 100,
                            "onboarding_id": .string(onboardingId), "onboarding_name": "Welcome",
                            "cross_placement_info": .null,
                            "remote_config": ["lang": "en", "data": #"{"theme":"light"}"#],
                            "onboarding_builder": ["lang": "en"],
                        ]
                    ])
            ),
        ]
    }

    static func placement(
        kind: String, audienceVersion: String, abTest: String, variations: [JSONValue], audiences: [JSONValue] = []
    ) -> JSONValue {
        var placement: JSONValue = [
            "kind": .string(kind), "audience_name": "All Users", "revision": 1, "ab_test_name": .string(abTest),
            "placement_audience_version_id": .string(audienceVersion), "is_tracking_purchases": true,
            "response_created_at": .number(JSONNumber(createdAt)), "variations": .array(variations),
        ]
        if !audiences.isEmpty { _ = placement.set(.array(audiences), at: JSONPointer(tokens: ["audiences"])) }
        return placement
    }

    static func paywall(
        variation: String, weight: Int, name: String, product: (id: String, type: String), title: String,
        crossPlacement: [String: String]? = nil
    ) -> JSONValue {
        let cross: JSONValue =
            crossPlacement.map { map in
                [
                    "placement_with_variation_map": .object(
                        JSONObject(map.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
                ]
            } ?? .null
        return [
            "variation_id": .string(variation), "weight": .number(JSONNumber(weight)),
            "paywall_id": .string("pw-" + variation.suffix(4)), "paywall_name": .string(name),
            "cross_placement_info": cross,
            "remote_config": ["lang": "en", "data": .string(#"{"title":"\#(title)"}"#)],
            "paywall_builder": [
                "paywall_builder_id": .string("pb-" + variation.suffix(4)), "lang": "en",
                "format": "4.4.0", "template": "basic",
            ],
            "web_purchase_url": .null,
            "products": [
                [
                    "vendor_product_id": .string(product.id), "adapty_product_id": .string("ap-" + product.id),
                    "access_level_id": "premium", "product_type": .string(product.type),
                    "promotional_offer_eligibility": false, "promotional_offer_id": .null, "win_back_offer_id": .null,
                ]
            ],
        ]
    }

    /// The scripted journey of the demo onboarding, as its page posts it (snake_case): loaded, four screens with
    /// an e-mail collected, a plan picked and notifications allowed, `onboarding_completed` on the `final` screen,
    /// then the open-paywall button whose action id is the `premium_offer_1` placement.
    static var script: [JSONValue] {
        func meta(_ screen: String, _ index: Int) -> JSONValue {
            [
                "onboarding_id": .string(onboardingId), "screen_cid": .string(screen),
                "screen_index": .number(JSONNumber(index)), "total_screens": 4,
            ]
        }
        func analytics(_ name: String, _ screen: String, _ index: Int, params: JSONValue? = nil) -> JSONValue {
            var message: JSONValue = ["type": "analytics", "name": .string(name), "meta": meta(screen, index)]
            if let params { _ = message.set(params, at: JSONPointer(tokens: ["params"])) }
            return message
        }
        return [
            ["type": "onboarding_loaded", "meta": meta("welcome_screen", 0)],
            analytics("onboarding_started", "welcome_screen", 0),
            analytics("screen_presented", "welcome_screen", 0),
            analytics("screen_completed", "welcome_screen", 0, params: ["element_id": "start_button", "reply": "ok"]),
            analytics("screen_presented", "profile_screen", 1),
            analytics("second_screen_presented", "profile_screen", 1),
            [
                "type": "state_updated", "element_id": "email_input", "element_type": "input",
                "value": ["type": "email", "value": "ada@example.com"], "meta": meta("profile_screen", 1),
            ],
            analytics("user_email_collected", "profile_screen", 1),
            analytics(
                "screen_completed", "profile_screen", 1, params: ["element_id": "profile_form", "reply": "success"]),
            analytics("screen_presented", "pricing_screen", 2),
            [
                "type": "state_updated", "element_id": "plan_select", "element_type": "select",
                "value": ["id": "annual", "value": "premium.annual", "label": "Annual"],
                "meta": meta("pricing_screen", 2),
            ],
            ["type": "custom", "action_id": "allowNotifications", "meta": meta("pricing_screen", 2)],
            analytics("screen_completed", "pricing_screen", 2, params: ["element_id": "plan_select"]),
            analytics("screen_presented", "final", 3),
            analytics("onboarding_completed", "final", 3),
            ["type": "open_paywall", "action_id": "premium_offer_1", "meta": meta("final", 3)],
        ]
    }
}
