import AdaptySDK
import ContractKit
import Foundation
import JSONCore

extension AdaptyFlows {
    static let placements: [Flow] = [
        .adapty(
            "paywall-one-variation",
            "\(sdkSource), Adapty+Placements.swift getPaywall(placementId:) and FetchPlacementVariationsRequest",
            summary: "A new install creates its profile, then fetches a placement with one variation"
        ) { session in
            let app = session.app()
            await session.step("getPaywall premium_offer_1") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "premium_offer_1"))
            }
        },
        .adapty(
            "paywall-ab-split",
            "\(sdkSource), AdaptyPlacement.Variation (local variation choice)",
            summary: "Two installs fetch the 50/50 main_paywall and land in different variations (MD5 of audience "
                + "version id and profile id, modulo 100)"
        ) { session in
            for install in 1...2 {
                let app = session.app()
                await session.step("install \(install) getPaywall main_paywall") {
                    AdaptyFlowSession.summary(try await app.getPaywall(placementId: "main_paywall"))
                }
            }
        },
        .adapty(
            "paywall-audience-by-segment",
            "\(sdkSource), FetchPlacementVariationsRequest (adapty-profile-segment-hash, segment_hash in the md5 segment)",
            summary: "After a custom attribute moves the profile to another segment, the placement is fetched with the "
                + "new segment hash and answers the audience of that segment",
            facts: [.assumed("the simulator picks audiences by custom attributes")]
        ) { session in
            let app = session.app()
            await session.step("getPaywall main_paywall") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "main_paywall"))
            }
            await session.step("updateProfile plan_interest=annual") {
                AdaptyFlowSession.summary(
                    try await app.updateProfile(
                        params: AdaptyProfileParameters(customAttributes: ["plan_interest": "annual"])))
            }
            await session.step("getPaywall main_paywall (new segment)") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "main_paywall"))
            }
        },
        .adapty(
            "paywall-cross-placement-locked",
            "\(sdkSource), FetchPlacementRequest (single variation of a cross-placement test)",
            summary: "A variation with cross_placement_info locks the profile: the next placement of the test is "
                + "fetched from the single-variation endpoint"
        ) { session in
            let app = session.app()
            await session.step("getPaywall cross_paywall_a") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "cross_paywall_a"))
            }
            await session.step("getPaywall cross_paywall_b") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "cross_paywall_b"))
            }
        },
        .adapty(
            "paywall-locale-header",
            "\(sdkSource), FetchPlacementVariationsRequest (adapty-paywall-locale header, md5 segment)",
            summary: "A locale given as `PT-BR` travels lower-cased in the locale headers and the md5 segment"
        ) { session in
            let app = session.app()
            await session.step("getPaywall premium_offer_1 locale PT-BR") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "premium_offer_1", locale: "PT-BR"))
            }
        },
        .adapty(
            "onboarding-fetch",
            "\(sdkSource), Adapty+Placements.swift getOnboarding(placementId:); \(onboardingDocument), prerequisites",
            summary: "The onboarding placement's variation, with its page at onboarding_builder.config_url"
        ) { session in
            let app = session.app()
            await session.step("getOnboarding welcome_onboarding") {
                AdaptyFlowSession.summary(try await app.getOnboarding(placementId: "welcome_onboarding"))
            }
        },
        .adapty(
            "fetch-policy-reload-revalidating",
            "\(sdkSource), AdaptyPlacementFetchPolicy.reloadRevalidatingCacheData",
            summary: "The default policy loads every time, even with a cached copy"
        ) { session in
            let app = session.app()
            for attempt in 1...2 {
                await session.step("getPaywall \(attempt)") {
                    AdaptyFlowSession.summary(try await app.getPaywall(placementId: "premium_offer_1"))
                }
            }
        },
        .adapty(
            "fetch-policy-cache-else-load",
            "\(sdkSource), AdaptyPlacementFetchPolicy.returnCacheDataElseLoad",
            summary: "With a cached copy, returnCacheDataElseLoad sends nothing"
        ) { session in
            let app = session.app()
            await session.step("getPaywall load") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "premium_offer_1"))
            }
            await session.step("getPaywall from cache") {
                AdaptyFlowSession.summary(
                    try await app.getPaywall(placementId: "premium_offer_1", fetchPolicy: .returnCacheDataElseLoad))
            }
        },
        .adapty(
            "fetch-policy-max-age",
            "\(sdkSource), AdaptyPlacementFetchPolicy.returnCacheDataIfNotExpiredElseLoad(maxAge:)",
            summary: "A copy younger than maxAge answers; once older, the placement is loaded again"
        ) { session in
            let app = session.app()
            let policy = AdaptyPlacementFetchPolicy.returnCacheDataIfNotExpiredElseLoad(maxAge: 60)
            await session.step("getPaywall load") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "premium_offer_1", fetchPolicy: policy))
            }
            session.context.clock.advance(by: 30)
            await session.step("getPaywall after 30 s (cached)") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "premium_offer_1", fetchPolicy: policy))
            }
            session.context.clock.advance(by: 31)
            await session.step("getPaywall after 61 s (reloaded)") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "premium_offer_1", fetchPolicy: policy))
            }
        },
    ]

    static let fallbacks: [Flow] = [
        .adapty(
            "fallback-host-on-503",
            "\(sdkSource), Backend+defaultBaseUrl.swift (fallback host) and FetchFallbackPlacementVariationsRequest",
            summary: "The main host answers 503: the SDK fetches the placement from the fallback host",
            setup: [AdaptySetup.fault(host: "main", path: "/paywall/", status: 503, body: AdaptySetup.unavailable)]
        ) { session in
            let app = session.app()
            await session.step("getPaywall main_paywall") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "main_paywall"))
            }
        },
        .adapty(
            "fallback-host-on-timeout",
            "\(sdkSource), loadTimeout (the main host gets 0.5 s less, then the fallback host)",
            summary: "The main host does not answer within loadTimeout: the SDK fetches the placement from the "
                + "fallback host (the hanging request never reaches a server, so the cassette holds the fallback one)"
        ) { session in
            let hanging = AdaptyHangingHost(session.context.transport, hangingPrefix: "/adapty/api/v1/sdk/in-apps")
            let app = session.app(transport: hanging, sleep: { try await hanging.sleep($0) })
            await session.step("getPaywall main_paywall, loadTimeout 2 s") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "main_paywall", loadTimeout: 2))
            }
        },
        .adapty(
            "fallback-file-when-both-hosts-fail",
            "\(sdkSource), Adapty.setFallback (format version 9)",
            summary: "Main and fallback hosts both answer 503: the bundled fallback file (version 9) answers; a "
                + "version 8 file is refused with unsupportedData",
            setup: [
                AdaptySetup.fault(host: "main", path: "/paywall/", status: 503, body: AdaptySetup.unavailable),
                AdaptySetup.fault(host: "fallback", path: "/paywall/", status: 503, body: AdaptySetup.unavailable),
            ]
        ) { session in
            let app = session.app()
            await session.step("setFallback version 8") {
                try app.setFallback(AdaptyFallbackFiles.file(version: 8))
                return "installed"
            }
            await session.step("setFallback version 9") {
                try app.setFallback(AdaptyFallbackFiles.file(version: 9))
                return "installed"
            }
            await session.step("getPaywall main_paywall") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "main_paywall"))
            }
        },
    ]
}

/// Bundled fallback files as an app would ship them (the format of the simulator's `fallback-file`).
enum AdaptyFallbackFiles {
    static func file(version: Int) -> Data {
        let variation: JSONValue = [
            "variation_id": "bundled-0000-4000-8000-000000000001", "weight": 100, "paywall_id": "pw-bundled",
            "paywall_name": "Bundled", "cross_placement_info": .null,
            "remote_config": ["lang": "en", "data": #"{"title":"Offline offer"}"#], "paywall_builder": .null,
            "products": [["vendor_product_id": "premium.annual", "product_type": "annual"]],
        ]
        let placement: JSONValue = [
            "meta": [
                "placement": [
                    "developer_id": "main_paywall", "audience_name": "All Users", "revision": 1,
                    "ab_test_name": "Default", "placement_audience_version_id": "bundled-audience",
                    "is_tracking_purchases": false,
                ],
                "response_created_at": 1,
            ],
            "data": [variation],
        ]
        let file: JSONValue = [
            "data": ["main_paywall": placement],
            "meta": [
                "version": .number(JSONNumber(version)), "developer_ids": ["main_paywall"], "response_created_at": 1,
            ],
        ]
        return file.data(.sortedKeys)
    }
}
