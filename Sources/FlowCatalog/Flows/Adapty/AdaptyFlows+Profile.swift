import AdaptySDK
import JSONCore

extension AdaptyFlows {
    static let profile: [Flow] = [
        .adapty(
            "profile-create",
            "\(sdkSource), CreateProfileRequest (profile id generated on the device)",
            summary: "A new install creates its profile with installation_meta and its customer user id"
        ) { session in
            let app = session.app(customerUserId: "customer-42")
            await session.step("getProfile (creates it)") { AdaptyFlowSession.summary(try await app.getProfile()) }
        },
        .adapty(
            "profile-fetch-unchanged-hash",
            "\(sdkSource), FetchProfileRequest (adapty-sdk-previous-response-hash, x-response-hash)",
            summary: "Fetching an unchanged profile returns the same x-response-hash, so the SDK keeps its cached copy"
        ) { session in
            let app = session.app()
            await session.step("getProfile (creates it)") { AdaptyFlowSession.summary(try await app.getProfile()) }
            await session.step("getProfile (fetch)") {
                let profile = try await app.getProfile()
                return [
                    "profile": AdaptyFlowSession.summary(profile),
                    "response_use": .string(app.lastProfileResponseUse?.rawValue ?? "none"),
                ]
            }
        },
        .adapty(
            "profile-update",
            "\(sdkSource), UpdateProfileRequest (profile parameters)",
            summary: "Profile parameters are sent with PATCH and the custom attributes change the segment hash; the "
                + "next fetch finds the profile unchanged since and keeps the copy the PATCH returned"
        ) { session in
            let app = session.app()
            await session.step("getProfile (creates it)") { AdaptyFlowSession.summary(try await app.getProfile()) }
            await session.step("updateProfile") {
                AdaptyFlowSession.summary(
                    try await app.updateProfile(
                        params: AdaptyProfileParameters(
                            firstName: "Ada", email: "ada@example.com", customAttributes: ["plan_interest": "annual"])))
            }
            await session.step("getProfile (fetch)") {
                let profile = try await app.getProfile()
                return [
                    "profile": AdaptyFlowSession.summary(profile),
                    "response_use": .string(app.lastProfileResponseUse?.rawValue ?? "none"),
                ]
            }
        },
        .adapty(
            "profile-access-levels",
            "\(sdkSource), AdaptyProfile.AccessLevel (paid_access_levels)",
            summary: "An access level granted on the backend (a purchase, set through the simulator's admin API) "
                + "is decoded from the profile",
            setup: [
                AdaptySetup.request(
                    "PUT", "/profiles/00000000-0000-4000-8000-000000000001/access-levels/premium",
                    [
                        "is_active": true, "vendor_product_id": "premium.annual", "store": "app_store",
                        "activated_at": "2025-12-01T00:00:00.000Z", "expires_at": "2026-12-01T00:00:00.000Z",
                        "is_lifetime": false, "will_renew": true,
                    ])
            ]
        ) { session in
            let app = session.app()
            await session.step("getProfile (creates it)") {
                let profile = try await app.getProfile()
                var summary = AdaptyFlowSession.summary(profile)
                if let premium = profile.accessLevels["premium"] {
                    let level: JSONValue = [
                        "is_active": .bool(premium.isActive), "vendor_product_id": .string(premium.vendorProductId),
                        "will_renew": .bool(premium.willRenew),
                        "expires_at": premium.expiresAt.map { .string(AdaptyDateCoding.string(from: $0)) } ?? .null,
                    ]
                    _ = summary.set(level, at: JSONPointer(tokens: ["premium"]))
                }
                return summary
            }
        },
        .adapty(
            "events-batch",
            "\(sdkSource), SendEventsRequest and Event.Packed; \(onboardingDocument), Tracking navigation",
            summary: "paywall_showed and new_onboarding_screen_showed events go out as one batch with every packed "
                + "field"
        ) { session in
            let app = session.app()
            await session.step("getPaywall and logShowPaywall") {
                let paywall = try await app.getPaywall(placementId: "premium_offer_1")
                try app.logShowPaywall(paywall)
                return AdaptyFlowSession.summary(paywall)
            }
            await session.step("onboarding screens presented") {
                let onboarding = try await app.getOnboarding(placementId: "welcome_onboarding")
                let controller = try AdaptyUI.onboardingController(
                    with: AdaptyUI.getOnboardingConfiguration(forOnboarding: onboarding),
                    delegate: AdaptyFlowOnboardingDelegate(journal: AdaptyFlowJournal()), adapty: app)
                for (index, screen) in ["welcome_screen", "final"].enumerated() {
                    controller.postEvent(
                        [
                            "type": "analytics", "name": "screen_presented",
                            "meta": [
                                "onboarding_id": "onboarding_123", "screen_cid": .string(screen),
                                "screen_index": .number(JSONNumber(index * 3)), "total_screens": 4,
                            ],
                        ] as JSONValue)
                }
                return .array(app.pendingEvents.map { $0["event_name"] ?? .null })
            }
            await session.step("flushEvents") { .number(JSONNumber(try await app.flushEvents())) }
        },
        .adapty(
            "analytics-disabled",
            "\(sdkSource), AdaptyProfileParameters.analyticsDisabled; AdaptyError analyticsDisabled (3000)",
            summary: "After the profile opts out of analytics, logging an event fails with analyticsDisabled and "
                + "nothing is sent"
        ) { session in
            let app = session.app()
            await session.step("updateProfile analytics_disabled") {
                AdaptyFlowSession.summary(
                    try await app.updateProfile(params: AdaptyProfileParameters(analyticsDisabled: true)))
            }
            await session.step("getPaywall and logShowPaywall") {
                try app.logShowPaywall(try await app.getPaywall(placementId: "premium_offer_1"))
                return "logged"
            }
            await session.step("flushEvents") { .number(JSONNumber(try await app.flushEvents())) }
        },
    ]
}
