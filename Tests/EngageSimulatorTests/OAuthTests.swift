import CassetteKit
import EngageSDK
import Foundation
import JSONCore
import MockServer
import Testing

@Suite("EngageSimulator /oauth/token")
struct OAuthTests {
    @Test("A valid refresh-token grant gets a counter token with the configured lifetime")
    func validGrant() async throws {
        let simulator = try await SimulatorFixture()
        let first = try await simulator.tokenRequest()
        #expect(first.status == 200)
        #expect(first.headers["Content-Type"] == "application/json")
        let body = try JSONValue(parsing: first.body)
        #expect(body["access_token"] == "sim-token-1")
        #expect(body["token_type"] == "bearer")
        #expect(body["expires_in"]?.int == 14_400)
        _ = try await simulator.admin("PUT", "/settings", ["tokenLifetime": 60])
        let second = try JSONValue(parsing: try await simulator.tokenRequest().body)
        #expect(second["access_token"] == "sim-token-2")
        #expect(second["expires_in"]?.int == 60)
    }

    @Test("A wrong client secret is 401 invalid_client, a wrong refresh token 400 invalid_grant")
    func invalidClientAndGrant() async throws {
        let simulator = try await SimulatorFixture()
        let client = try await simulator.tokenRequest(secret: "wrong")
        #expect(client.status == 401)
        #expect(try JSONValue(parsing: client.body)["error"] == "invalid_client")
        let grant = try await simulator.tokenRequest(refreshToken: "revoked")
        #expect(grant.status == 400)
        #expect(try JSONValue(parsing: grant.body)["error"] == "invalid_grant")
        let type = try await simulator.tokenRequest(grantType: "password")
        #expect(type.status == 400)
        #expect(try JSONValue(parsing: type.body)["error"] == "unsupported_grant_type")
        let notForm = try await simulator.raw(
            url: "/oauth/token", contentType: "application/json", token: nil, body: Data("{}".utf8))
        #expect(notForm.status == 400)
        #expect(try JSONValue(parsing: notForm.body)["error"] == "invalid_request")
    }

    @Test("Past the tokens-per-hour limit the grant is 429 rate_limit_exceeded")
    func tokenLimit() async throws {
        let simulator = try await SimulatorFixture()
        _ = try await simulator.admin("PUT", "/settings", ["tokensPerHour": 2])
        #expect(try await simulator.tokenRequest().status == 200)
        #expect(try await simulator.tokenRequest().status == 200)
        let refused = try await simulator.tokenRequest()
        #expect(refused.status == 429)
        #expect(try JSONValue(parsing: refused.body)["error"] == "rate_limit_exceeded")
        _ = try await simulator.admin("PUT", "/settings", ["now": "2026-01-01T01:00:01Z"])
        #expect(try await simulator.tokenRequest().status == 200)
    }

    @Test("Unknown paths are 404 and GET on an endpoint is 405")
    func routing() async throws {
        let simulator = try await SimulatorFixture()
        #expect(try await simulator.send(CassetteRequest(method: "GET", url: "/oauth/token")).status == 405)
        #expect(try await simulator.send(CassetteRequest(method: "POST", url: "/nothing")).status == 404)
    }
}

@Suite("EngageSimulator cassette replay")
struct ReplayPlaceholderTests {
    @Test("Redaction placeholders are refused like any wrong secret: for the client secret, refresh and bearer token")
    func placeholders() async throws {
        let simulator = try await SimulatorFixture()
        #expect(try await simulator.tokenRequest(secret: "<redacted:engage.client_secret>").status == 401)
        #expect(try await simulator.tokenRequest(refreshToken: "<redacted:engage.refresh_token>").status != 200)
        #expect(try await simulator.tokenRequest().status == 200)
        let select = XMLAPITests.envelope("SelectRecipientData", "<LIST_ID>23949</LIST_ID><EMAIL>a@b.c</EMAIL>")
        #expect(try await simulator.xmlAPI(select, token: "<redacted:access_token:1>").errorID == 145)
    }
}
