import Foundation
import HarnessTesting
import Testing

@testable import EngageSDK

@Suite("TokenProvider", .timeLimit(.minutes(5)))
struct TokenProviderTests {
    @Test("The token grant is form-encoded with exactly the four refresh-token fields")
    func grantFields() async throws {
        let fixture = try await EngageFixture()
        let token = try await fixture.engage.tokens.token()
        #expect(token.value == "token-1")
        #expect(token.authorization == "Bearer token-1")
        let form = try #require(await fixture.server.tokenRequests.first)
        #expect(
            form == [
                "grant_type": "refresh_token", "refresh_token": "refresh", "client_id": "client",
                "client_secret": "secret",
            ])
    }

    @Test("The token is cached, then refreshed once 90% of its life has passed, before it expires")
    func refreshBeforeExpiry() async throws {
        let fixture = try await EngageFixture()
        let tokens = fixture.engage.tokens
        let first = try await tokens.token()
        #expect(first.expiresAt == fixture.clock.date.addingTimeInterval(14_400))
        fixture.clock.advance(by: .seconds(12_000))
        #expect(try await tokens.token() == first)
        #expect(await tokens.requestCount == 1)
        fixture.clock.advance(by: .seconds(1_000))
        let second = try await tokens.token()
        #expect(second.value == "token-2")
        #expect(fixture.clock.date < first.expiresAt)
        #expect(await tokens.requestCount == 2)
    }

    @Test("HTTP 401 on XMLAPI refreshes the token once and retries once")
    func unauthorizedRetry() async throws {
        let fixture = try await EngageFixture()
        let server = fixture.server
        await server.setRejection(.http401)
        let id = await server.addRecipient(columns: ["Email": "a@b.c"])
        _ = try await fixture.engage.tokens.token()
        await server.revokeAllTokens()
        let result = try await fixture.engage.xmlAPI.selectRecipient(id: id)
        #expect(result.isSuccess && result.recipientID == id)
        #expect(await server.tokenRequests.count == 2)
        #expect(await server.xmlRequests.map(\.bearer) == ["token-1", "token-2"])
    }

    @Test("XMLAPI fault 145 refreshes the token once and retries once")
    func sessionLostRetry() async throws {
        let fixture = try await EngageFixture()
        let server = fixture.server
        let id = await server.addRecipient(columns: [:])
        _ = try await fixture.engage.tokens.token()
        await server.revokeAllTokens()
        let result = try await fixture.engage.xmlAPI.selectRecipient(id: id)
        #expect(result.isSuccess)
        #expect(await server.xmlRequests.map(\.bearer) == ["token-1", "token-2"])
    }

    @Test("A second rejection after the retry is final: 401 throws, fault 145 is returned")
    func retriesOnlyOnce() async throws {
        let fixture = try await EngageFixture()
        let server = fixture.server
        await server.setRejection(.http401)
        _ = try await fixture.engage.tokens.token()
        await server.revokeAllTokens()
        await server.failNextTokenRequests([(200, #"{"access_token":"bogus","expires_in":14400}"#)])
        await #expect(throws: EngageError.unauthorized(operationID: EngageOperationID.xmlAPI)) {
            try await fixture.engage.xmlAPI.selectRecipient(id: "1")
        }
        #expect(await server.xmlRequests.count == 2)
        await server.setRejection(.fault145)
        await server.revokeAllTokens()
        await server.failNextTokenRequests([
            (200, #"{"access_token":"bogus2","expires_in":14400}"#),
            (200, #"{"access_token":"bogus3","expires_in":14400}"#),
        ])
        let result = try await fixture.engage.xmlAPI.selectRecipient(id: "1")
        #expect(result.errorID == 145)
        #expect(await server.xmlRequests.count == 4)
    }

    @Test("50 concurrent callers without a token share exactly one token request")
    func noStampede() async throws {
        let fixture = try await EngageFixture()
        let server = fixture.server
        let id = await server.addRecipient(columns: [:])
        await server.holdTokenRequests()
        let xmlAPI = fixture.engage.xmlAPI
        let tokens = fixture.engage.tokens
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask { try await xmlAPI.selectRecipient(id: id).isSuccess }
            }
            while await tokens.waitingForRefresh < 49 { await Task.yield() }
            await server.releaseTokenRequests()
            var successes = 0
            for try await success in group where success { successes += 1 }
            #expect(successes == 50)
        }
        #expect(await server.tokenRequests.count == 1)
        #expect(await Set(server.xmlRequests.compactMap(\.bearer)) == ["token-1"])
        #expect(await server.xmlRequests.count == 50)
    }

    @Test("Transient token errors back off exponentially; the next success resets the backoff")
    func backoff() async throws {
        let fixture = try await EngageFixture()
        await fixture.server.failNextTokenRequests([(503, "{}"), (500, "{}")])
        let token = try await fixture.engage.tokens.token()
        #expect(token.value == "token-3")
        #expect(fixture.clock.sleeps == [.seconds(1), .seconds(2)])
        #expect(await fixture.server.tokenRequests.count == 3)
    }

    @Test("An invalid client fails at once with the server's reason, and the next attempt waits first")
    func invalidClient() async throws {
        let fixture = try await EngageFixture()
        await fixture.server.failNextTokenRequests([
            (401, #"{"error":"invalid_client","error_description":"bad client"}"#)
        ])
        await #expect(
            throws: EngageError.tokenRequestFailed(status: 401, error: "invalid_client", description: "bad client")
        ) {
            try await fixture.engage.tokens.token()
        }
        #expect(fixture.clock.sleeps.isEmpty)
        _ = try await fixture.engage.tokens.token()
        #expect(fixture.clock.sleeps == [.seconds(1)])
        let notifications = await fixture.recorder.notifications
        #expect(notifications.contains { if case .tokenRequestFailed = $0 { true } else { false } })
    }

    @Test("A 2xx token body with an error key, or without expires_in, is a failure")
    func malformedTokenBodies() async throws {
        let fixture = try await EngageFixture()
        await fixture.server.failNextTokenRequests([(200, #"{"error":"invalid_grant"}"#)])
        await #expect(throws: EngageError.tokenRequestFailed(status: 200, error: "invalid_grant", description: nil)) {
            try await fixture.engage.tokens.token()
        }
        await fixture.server.failNextTokenRequests([(200, #"{"access_token":"t"}"#)])
        await #expect(throws: EngageError.self) { try await fixture.engage.tokens.token() }
    }
}
