import ContractKit
import Foundation
import JSONCore
import WalkMeSDK

/// Showing campaigns: by API trigger key, with a deep link, by permalink, by segment, and capping.
extension WalkMeFlows {
    static let triggers: [Flow] = [
        .walkMe(
            "trigger-by-key", "Using Campaign Callbacks", facts: assumedContent,
            summary:
                "trigger(_:) shows a campaign by its API trigger key whatever the segment; an unknown key is refused"
        ) { session in
            let app = session.app()
            await session.start(app)
            await trigger(session, app, "no-such-key")
            await trigger(session, app, "whats-new")
            await session.presented(app)
            await tap(session, app, "cta-ok")
        },
        .walkMe(
            "trigger-with-deep-link", "Using Campaign Callbacks", facts: assumedContent,
            summary: "trigger(_:withDeepLink:) hands the deep link to the app after the dismissal"
        ) { session in
            let app = session.app()
            await session.start(app)
            await session.step("trigger whats-new with deep link") { () async throws(WalkMeError) -> JSONValue in
                .bool(try await app.trigger("whats-new", withDeepLink: "acme://orders/42"))
            }
            await tap(session, app, "cta-ok")
        },
        .walkMe(
            "trigger-by-permalink", "Using Campaign Callbacks", facts: assumedContent,
            summary: "openURL follows com.walkme.<app_key>://1.0/trigger_campaign/<trigger_key>?deeplink=…, "
                + "refuses one without a trigger key and leaves other URLs to the app"
        ) { session in
            let app = session.app()
            await session.start(app)
            let key = WalkMeFlowSession.appKey
            for link in [
                "acme://home", "com.walkme.\(key)://1.0/trigger_campaign/",
                "com.walkme.\(key)://1.0/trigger_campaign/nps?deeplink=acme%3A%2F%2Fthanks",
            ] {
                await session.step("openURL \(link)") { () async throws(WalkMeError) -> JSONValue in
                    guard let url = URL(string: link) else { return .null }
                    return .bool(try await app.openURL(url))
                }
            }
            await session.step("submitSurvey") { () async throws(WalkMeError) -> JSONValue in
                .string(try await app.submitSurvey(["q1": "10"]).campaginCta)
            }
        },
        .walkMe(
            "segment-not-matching", "Using Campaign Callbacks", facts: assumedContent,
            summary: "A campaign whose segment does not match the user's attributes is not shown"
        ) { session in
            let app = session.app()
            await session.step("attributes") { () async throws(WalkMeError) -> JSONValue in
                try await app.setUserAttributeWithKey("plan", andValue: "free")
                try await app.setPrivateUserAttributeWithKey("tier", andValue: "gold")
                return .bool(true)
            }
            await session.start(app)
            await app.setScreenID("pricing")
            await session.presented(app)
        },
        .walkMe(
            "campaign-capping", "Using Campaign Callbacks", facts: assumedContent,
            summary: "A campaign capped at one impression is not shown again in the next session; "
                + "the app's campaigns-per-session cap stops a second campaign",
            setup: [WalkMeSetup.app(#"{"maxCampaignsPerSession":1}"#)]
        ) { session in
            let app = session.app()
            await session.step("attributes") { () async throws(WalkMeError) -> JSONValue in
                try await app.setUserAttributeWithKey("plan", andValue: "pro")
                try await app.setPrivateUserAttributeWithKey("tier", andValue: "gold")
                return .bool(true)
            }
            await session.start(app)
            await app.setScreenID("pricing")
            await tap(session, app, "cta-ok")
            await trigger(session, app, "whats-new")
            session.context.clock.advance(by: 90)
            await session.step("restart") { () async throws(WalkMeError) -> JSONValue in
                WalkMeFlowSession.summary(try await app.restart())
            }
            await app.setScreenID("pricing")
            await session.presented(app)
        },
    ]

    static func trigger(_ session: WalkMeFlowSession, _ app: WalkMe, _ key: String) async {
        await session.step("trigger \(key)") { () async throws(WalkMeError) -> JSONValue in
            .bool(try await app.trigger(key))
        }
    }
}
