import EngageSDK
import Foundation
import JSONCore

/// MobileIdentityManager flows (engage.md §6).
extension EngageFlows {
    static let setupRecipientNew = Flow(
        vendor: "engage", name: "setup-recipient-new", documentation: "engage.md §6.1 step 4",
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
        vendor: "engage", name: "setup-recipient-existing", documentation: "engage.md §6.1 step 5",
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
        vendor: "engage", name: "check-identity-scenario-1", documentation: "engage.md §6.2 step 2 (scenario 1)",
        summary: "Nobody has the id: it is added to the app's own recipient",
        simulatorSetup: [Env.settings(), Env.addColumn("facebook_id")]
    ) { context in
        let engage = try Env.engage(context)
        return Env.outcome(try await engage.identity.checkIdentity(["facebook_id": "100"]))
    }

    static let checkIdentityScenario2 = Flow(
        vendor: "engage", name: "check-identity-scenario-2",
        documentation: "engage.md §6.2 step 3 (scenario 2), step 4",
        summary: "A recipient without a mobile user id has the id: it takes the app's, merge columns and audit row",
        simulatorSetup: [Env.settings(), Env.addColumn("facebook_id"), Env.addRecipient([("facebook_id", "100")])]
    ) { context in
        let engage = try Env.engage(context, config: try Env.auditConfig())
        return Env.outcome(try await engage.identity.checkIdentity(["facebook_id": "100"]))
    }

    static let checkIdentityScenario3 = Flow(
        vendor: "engage", name: "check-identity-scenario-3",
        documentation: "engage.md §6.2 step 3 (scenario 3), step 4",
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
