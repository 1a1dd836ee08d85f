import AdaptySDK
import ContractKit
import JSONCore

/// The status table: each answer the backend can give and the error the app sees.
extension AdaptyFlows {
    static let errors: [Flow] = [
        .adapty(
            "error-unknown-placement", "\(sdkSource), Backend.Validator (other 4xx → badRequest 2003)",
            kind: .errorCase,
            summary: "An unknown placement id is 404 PLACEMENT_NOT_FOUND ({\"errors\":[…]} form), badRequest for the "
                + "app",
            facts: [.assumed("the simulator's code name")]
        ) { session in
            let app = session.app()
            await session.step("getPaywall no_such_placement") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "no_such_placement"))
            }
        },
        .adapty(
            "error-401-bad-key", "\(sdkSource), Backend.Validator (401 → notActivated 2002, backend blocked)",
            kind: .errorCase,
            summary: "A key no app has is 401 UNAUTHORIZED ({\"error_code\"} form): notActivated, and the SDK sends "
                + "nothing more",
            facts: [.assumed("the simulator's code name")]
        ) { session in
            let app = session.app(apiKey: "public_live_Nobody00.WrongKey")
            await session.step("getProfile") { AdaptyFlowSession.summary(try await app.getProfile()) }
            await session.step("getPaywall (not sent)") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "main_paywall"))
            }
        },
        .adapty(
            "error-403", "\(sdkSource), Backend.Validator (403 → notActivated 2002)", kind: .errorCase,
            summary: "403 with the {\"detail\":[…]} body form is notActivated",
            setup: [AdaptySetup.fault(path: "/profiles/", status: 403, body: #"{"detail":[{"type":"FORBIDDEN"}]}"#)]
        ) { session in
            let app = session.app()
            await session.step("getProfile") { AdaptyFlowSession.summary(try await app.getProfile()) }
        },
        .adapty(
            "error-429-retry-after", "\(sdkSource), Backend.Validator (429 blocked until retry-after)",
            kind: .errorCase,
            summary: "429 with retry-after 30 blocks the main host: a call 10 s later fails without a request, one "
                + "after 31 s goes through",
            setup: [
                AdaptySetup.fault(
                    path: "/profiles/", status: 429, headers: ["retry-after": "30"],
                    body: #"{"errors":[{"code":"TOO_MANY_REQUESTS"}]}"#)
            ]
        ) { session in
            let app = session.app()
            await session.step("getProfile") { AdaptyFlowSession.summary(try await app.getProfile()) }
            session.context.clock.advance(by: 10)
            await session.step("getProfile after 10 s (blocked, not sent)") {
                AdaptyFlowSession.summary(try await app.getProfile())
            }
            session.context.clock.advance(by: 21)
            await session.step("getProfile after 31 s") { AdaptyFlowSession.summary(try await app.getProfile()) }
        },
        .adapty(
            "error-444-blocked-minutes", "\(sdkSource), Backend.Validator (444 blocked for the body's minutes)",
            kind: .errorCase,
            summary: "444 with body 2 blocks the main host for two minutes",
            setup: [AdaptySetup.fault(path: "/profiles/", status: 444, body: "2")]
        ) { session in
            let app = session.app()
            await session.step("getProfile") { AdaptyFlowSession.summary(try await app.getProfile()) }
            session.context.clock.advance(by: 60)
            await session.step("getProfile after 1 min (blocked, not sent)") {
                AdaptyFlowSession.summary(try await app.getProfile())
            }
            session.context.clock.advance(by: 61)
            await session.step("getProfile after 2 min") { AdaptyFlowSession.summary(try await app.getProfile()) }
        },
        .adapty(
            "error-500", "\(sdkSource), Backend.Validator (5xx → serverError 2004, fallback allowed)", kind: .errorCase,
            summary: "500 from both hosts for a paywall is serverError once the fallback host failed too",
            setup: [
                AdaptySetup.fault(
                    host: "main", path: "/paywall/", status: 500, body: #"{"errors":[{"code":"INTERNAL"}]}"#),
                AdaptySetup.fault(
                    host: "fallback", path: "/paywall/", status: 500, body: #"{"error_code":"INTERNAL"}"#),
            ]
        ) { session in
            let app = session.app()
            await session.step("getPaywall main_paywall") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "main_paywall"))
            }
        },
        .adapty(
            "error-malformed-json", "\(sdkSource), Backend+Codable (undecodable body → decodingFailed 2006)",
            kind: .errorCase,
            summary: "A 200 whose body is not JSON is decodingFailed",
            setup: [AdaptySetup.fault(path: "/paywall/", status: 200, body: "{\"meta\": oops")]
        ) { session in
            let app = session.app()
            await session.step("getPaywall main_paywall") {
                AdaptyFlowSession.summary(try await app.getPaywall(placementId: "main_paywall"))
            }
        },
    ]
}
