import ContractKit
import Foundation
import JSONCore
import WalkMeSDK

/// The page's subject: a campaign shown, then dismissed through each kind of CTA, and what `WMCampaignInfo` holds.
extension WalkMeFlows {
    static let callbacks: [Flow] = [
        .walkMe(
            "start-and-content-sync", "Brief Overview", facts: assumedContent,
            summary: "start fetches the settings and the data file and opens a session (assumed content protocol)"
        ) { session in
            let app = session.app()
            await session.start(app)
            await session.presented(app)
        },
        dismissed(with: "cta-ok", "abbi://ok"),
        dismissed(with: "cta-never", "abbi://never"),
        dismissed(with: "cta-later", "abbi://later"),
        .walkMe(
            "campaign-dismissed-close", "Using Campaign Callbacks; WMCampaignInfo campaginCta (abbi://close)",
            summary: "Closing a campaign without a CTA of its own reports abbi://close and the close CTA's id"
        ) { session in
            let app = session.app()
            await session.start(app)
            await app.setScreenID("home")
            await session.step("dismiss") { () async throws(WalkMeError) -> JSONValue in
                .string(try await app.dismiss().campaginCta)
            }
        },
        .walkMe(
            "campaign-custom-cta", "Using Campaign Callbacks; WMCampaignInfo campaginCta (custom CTA)",
            summary: "A custom CTA reports its configured value, not an abbi:// URL, and is handed to the app"
        ) { session in
            let app = session.app()
            await session.start(app)
            await app.setScreenID("home")
            await tap(session, app, "cta-plans")
        },
        .walkMe(
            "survey-submitted", "Using Campaign Callbacks; WMCampaignInfo campaignData (survey submission data)",
            summary: "A submitted survey's answers arrive in campaignData"
        ) { session in
            let app = session.app()
            await session.start(app)
            await session.step("trigger nps") { () async throws(WalkMeError) -> JSONValue in
                .bool(try await app.trigger("nps"))
            }
            await session.presented(app)
            await session.step("submitSurvey") { () async throws(WalkMeError) -> JSONValue in
                let info = try await app.submitSurvey(["q1": "9", "q2": "More dark themes"])
                return .object(JSONObject(info.campaignDataValues.sorted { $0.key < $1.key }))
            }
        },
        .walkMe(
            "private-attributes-in-user-data", "WMUserData userAttributes and privateUserAttributes",
            summary: "Public and private attributes (the private ones only on the device) reach userData"
        ) { session in
            let app = session.app()
            await session.step("attributes") { () async throws(WalkMeError) -> JSONValue in
                try await app.setUserAttributes(["plan": "pro", "lead_id": "12345"])
                try await app.setPrivateUserAttributeWithKey("tier", andValue: "gold")
                try await app.setPrivateUserAttributes(["account_type": "family"])
                return .bool(true)
            }
            await session.step("attribute of the wrong type") { () async throws(WalkMeError) -> JSONValue in
                try await app.setUserAttributeWithKey("signup", andValue: [1, 2])
                return .bool(true)
            }
            await session.start(app)
            session.context.clock.advance(by: 42)
            await app.setScreenID("pricing")
            await tap(session, app, "cta-ok")
        },
    ]

    /// The welcome campaign on screen `home`, dismissed with a built-in CTA.
    private static func dismissed(with cta: String, _ reported: String) -> Flow {
        let name = cta.replacingOccurrences(of: "cta-", with: "")
        return .walkMe(
            "campaign-dismissed-\(name)", "Using Campaign Callbacks; WMCampaignInfo campaginCta (\(reported))",
            summary: "A campaign shown to everyone on its screen, dismissed with \(reported)"
        ) { session in
            let app = session.app()
            await session.start(app)
            session.context.clock.advance(by: 75)
            await app.setScreenID("home")
            await session.presented(app)
            await tap(session, app, cta)
            if cta == "cta-never" || cta == "cta-later" {
                session.context.clock.advance(by: 60)
                await session.step("restart") { () async throws(WalkMeError) -> JSONValue in
                    WalkMeFlowSession.summary(try await app.restart())
                }
                await app.setScreenID("home")
                await session.presented(app)
            }
        }
    }

    static func tap(_ session: WalkMeFlowSession, _ app: WalkMe, _ cta: String) async {
        await session.step("tapCTA \(cta)") { () async throws(WalkMeError) -> JSONValue in
            .string(try await app.tapCTA(cta).campaginCta)
        }
    }
}
