import ContractKit
import EngageSDK
import Foundation
import JSONCore

/// OAuth flows (engage.md §1, §8).
extension EngageFlows {
    typealias Env = EngageFlowEnvironment

    static let tokenGrant = Flow(
        vendor: "engage", name: "token-grant",
        documentation:
            "Engage iOS SDK README, Getting Started (client id, client secret and refresh token: the SDK gets its OAuth access token)",
        summary: "The refresh-token grant gives a bearer token with its lifetime",
        simulatorSetup: [Env.settings()]
    ) { context in
        let engage = try Env.engage(context)
        let token = try await engage.tokens.token()
        return [
            "tokenType": .string(token.tokenType),
            "lifetime": .number(JSONNumber(Int(token.expiresAt.timeIntervalSince(context.clock.date)))),
            "tokenRequests": .number(JSONNumber(await engage.tokens.requestCount)),
        ]
    }

    static let invalidClient = Flow(
        vendor: "engage", name: "invalid-client",
        documentation:
            "Engage iOS SDK README, Getting Started (client credentials)",
        kind: .errorCase,
        summary: "An unknown client id is refused with 401 invalid_client and no retry",
        simulatorSetup: [Env.settings()],
        facts: [.assumed("the refusal's body, OAuth 2's invalid_client")]
    ) { context in
        let engage = try Env.engage(
            context,
            credentials: EngageCredentials(
                clientID: "unknown-client-id", clientSecret: "sim-client-secret", refreshToken: "sim-refresh-token"))
        let failure = await Env.capturing {
            _ = try await engage.tokens.token()
            return "unexpected success"
        }
        return ["failure": failure, "tokenRequests": .number(JSONNumber(await engage.tokens.requestCount))]
    }

    static let tokenRefreshOnExpiry = Flow(
        vendor: "engage", name: "token-refresh-on-expiry",
        documentation:
            "Engage iOS SDK README, Getting Started (the SDK renews the access token)",
        summary: "A token near its expiry is renewed before the next call",
        simulatorSetup: [Env.settings([("tokenLifetime", 600)])],
        facts: [.assumed("when the token expires: the SDK reads expires_in")]
    ) { context in
        let engage = try Env.engage(context)
        let first = try await engage.xmlAPI.addRecipient(email: "refresh@example.com")
        context.clock.advance(by: 900)
        let second = try await engage.xmlAPI.selectRecipientData(email: "refresh@example.com")
        return [
            "add": Env.outcome(first), "select": Env.outcome(second),
            "tokenRequests": .number(JSONNumber(await engage.tokens.requestCount)),
        ]
    }

    static let fault145Reauthentication = Flow(
        vendor: "engage", name: "fault-145-reauth-retry",
        documentation:
            "Engage iOS SDK README, XMLAPI Resources",
        summary: "Fault 145 (session expired) makes the SDK fetch a new token and retry the call once",
        simulatorSetup: [Env.settings([("tokenUseLimit", 1)])],
        facts: [.assumed("an expired session answers XMLAPI fault 145 and the SDK re-authenticates once")]
    ) { context in
        let engage = try Env.engage(context)
        let added = try await engage.xmlAPI.addRecipient(email: "reauth@example.com")
        let selected = try await engage.xmlAPI.selectRecipientData(email: "reauth@example.com")
        return [
            "add": Env.outcome(added), "select": Env.outcome(selected),
            "tokenRequests": .number(JSONNumber(await engage.tokens.requestCount)),
        ]
    }

    static let tokenLimitExceeded = Flow(
        vendor: "engage", name: "token-limit-exceeded",
        documentation:
            "Engage iOS SDK README, Getting Started",
        kind: .errorCase,
        summary: "Past the hourly token limit the renewal is refused (429) after the SDK's retries",
        simulatorSetup: [Env.settings([("tokenLifetime", 60), ("tokensPerHour", 1)])],
        facts: [.assumed("the token-per-hour limit answer (429 rate_limit_exceeded)")]
    ) { context in
        let engage = try Env.engage(context)
        let first = try await engage.tokens.token()
        context.clock.advance(by: 120)
        let failure = await Env.capturing {
            _ = try await engage.tokens.token()
            return "unexpected success"
        }
        return [
            "firstTokenType": .string(first.tokenType), "failure": failure,
            "tokenRequests": .number(JSONNumber(await engage.tokens.requestCount)),
        ]
    }
}
