import EngageSDK
import Foundation
import JSONCore

/// MobileIdentityManager flows (engage.md §6).
extension EngageFlows {
    static let setupRecipientNew = Flow(
        vendor: "engage", name: "setup-recipient-new",
        documentation: "Engage iOS SDK README, Setup recipient identity, Setup Recipient Usage (new recipient)",
        summary: "A new install gets a generated mobile user id and a recipient through AddRecipient",
        simulatorSetup: [Env.settings()]
    ) { context in
        let engage = try Env.engage(context)
        let result = try await engage.identity.setupRecipient()
        let again = try await engage.identity.setupRecipient()
        return [
            "recipientId": .string(result.recipientID), "again": .string(again.recipientID),
            "mobileUserId": .string(await engage.identity.mobileUserID),
        ]
    }

    static let setupRecipientExisting = Flow(
        vendor: "engage", name: "setup-recipient-existing",
        documentation: "Engage iOS SDK README, Setup recipient identity, Setup Recipient Usage (existing recipient)",
        summary: "A known recipient without a mobile user id gets one through UpdateRecipient",
        simulatorSetup: [Env.settings(), Env.addRecipient([("Email", "known@example.com")])]
    ) { context in
        let engage = try Env.engage(context)
        try await engage.state.set("100001", for: .recipientID)
        let result = try await engage.identity.setupRecipient()
        return [
            "recipientId": .string(result.recipientID), "mobileUserId": .string(await engage.identity.mobileUserID),
        ]
    }

    static let checkIdentityScenario1 = Flow(
        vendor: "engage", name: "check-identity-scenario-1",
        documentation: "Engage iOS SDK README, Check identity and merge recipients, Check Identity Usage (scenario 1)",
        summary: "Nobody has the id: it is added to the app's own recipient",
        simulatorSetup: [Env.settings(), Env.addColumn("facebook_id")]
    ) { context in
        let engage = try Env.engage(context)
        return Env.outcome(try await engage.identity.checkIdentity(["facebook_id": "100"]))
    }

    static let checkIdentityScenario2 = Flow(
        vendor: "engage", name: "check-identity-scenario-2",
        documentation: "Engage iOS SDK README, Check identity and merge recipients, Check Identity Usage (scenario 2)",
        summary: "A recipient without a mobile user id has the id: it takes the app's, merge columns and audit row",
        simulatorSetup: [Env.settings(), Env.addColumn("facebook_id"), Env.addRecipient([("facebook_id", "100")])]
    ) { context in
        let engage = try Env.engage(context, config: try Env.auditConfig())
        return Env.outcome(try await engage.identity.checkIdentity(["facebook_id": "100"]))
    }

    static let checkIdentityScenario3 = Flow(
        vendor: "engage", name: "check-identity-scenario-3",
        documentation: "Engage iOS SDK README, Check identity and merge recipients, Check Identity Usage (scenario 3)",
        summary:
            "A recipient with its own mobile user id has the id: the app switches to it, merge columns and audit row",
        simulatorSetup: [
            Env.settings(), Env.addColumn("facebook_id"),
            Env.addRecipient([("facebook_id", "100"), ("Mobile User Id", "EXISTING-MOBILE-USER")]),
        ]
    ) { context in
        let engage = try Env.engage(context, config: try Env.auditConfig())
        return Env.outcome(try await engage.identity.checkIdentity(["facebook_id": "100"]))
    }
}
