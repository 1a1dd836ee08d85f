import CassetteKit
import Foundation
import JSONCore
import MockServer
import NIOHTTP1
import Testing

/// The real simulators and the real server over a PostgreSQL store (`HARNESS_TEST_POSTGRES`; skipped without it).
@Suite(
    "PostgreSQL state store end to end",
    .enabled(
        if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.unavailableReason ?? "")))
struct PostgresSimulatorTests {
    @Test("ReferralHero, WalkMe and Adapty answer from a store on PostgreSQL opened with every simulator")
    func everySimulator() async throws {
        try await Self.answer(with: SimulatorRegistry.all)
    }

    @Test(
        "Each of ReferralHero, WalkMe and Adapty answers from a store on PostgreSQL holding only their tables",
        arguments: ["referralhero", "walkme", "adapty"])
    func oneSimulator(_ vendor: String) async throws {
        try await Self.answer(with: [ReferralHeroSimulator(), WalkMeSimulator(), AdaptySimulator()], vendors: [vendor])
    }

    /// Opens a fresh database with the migrations of `simulators`, and sends calls to `vendors`.
    static func answer(
        with simulators: [any Simulator], vendors: Set<String> = ["referralhero", "walkme", "adapty"]
    ) async throws {
        try await PostgresStateStoreTests.withDatabase("simulators") { url in
            let store = try await PostgresStateStore.open(
                url: url, migrator: SimulatorHost.migrator(for: simulators),
                logger: PostgresStateStoreTests.quietLogger)
            do {
                let host = try SimulatorHost(simulators: simulators, shared: store)
                if vendors.contains("referralhero") { try await referralHero(host) }
                if vendors.contains("walkme") { try await walkMe(host) }
                if vendors.contains("adapty") { try await adapty(host) }
                await store.close()
            } catch {
                await store.close()
                throw error
            }
        }
    }

    static func referralHero(_ host: SimulatorHost) async throws {
        let list = "/lists/MF83c9616aa3"
        func call(_ method: String, _ path: String, _ body: String? = nil) async throws -> (Int, JSONValue) {
            var headers: HeaderFields = ["Authorization": "rh-sim-token", "Accept": "application/vnd.referralhero.v1"]
            if body != nil { headers["Content-Type"] = "application/json" }
            let response = try await host.respond(
                vendor: "referralhero",
                to: CassetteRequest(method: method, url: list + path, headers: headers, body: Data((body ?? "").utf8)))
            return (response.status, try JSONValue(parsing: response.body))
        }
        let (created, subscriber) = try await call(
            "POST", "/subscribers", #"{"email":"pg@example.com","domain":"https://example.com"}"#)
        #expect(created == 200, "\(subscriber)")
        let id = try #require(subscriber["data"]?["id"]?.stringValue, "\(subscriber)")
        let code = try #require(subscriber["data"]?["code"]?.stringValue)
        let (referred, _) = try await call(
            "POST", "/subscribers",
            #"{"email":"friend@example.com","domain":"https://example.com","referrer":"\#(code)"}"#)
        #expect(referred == 200)
        let (read, again) = try await call("GET", "/subscribers/\(id)")
        #expect(read == 200, "\(again)")
        #expect(again["data"]?["email"] == "pg@example.com")
        let (ranked, leaderboard) = try await call("GET", "/leaderboard")
        #expect(ranked == 200, "\(leaderboard)")
    }

    static func walkMe(_ host: SimulatorHost) async throws {
        let basic = "Basic " + Data("f3a9c2e47b1d4e0a:wm-demo-secret".utf8).base64EncodedString()
        func call(_ method: String, _ path: String) async throws -> CassetteResponse {
            try await host.respond(
                vendor: "walkme",
                to: CassetteRequest(
                    method: method, url: "/sdk/v1/apps/f3a9c2e47b1d4e0a/\(path)", headers: ["Authorization": basic]))
        }
        let settings = try await call("GET", "settings.json?platform=ios&sdkVer=1.6.0&type=10")
        #expect(settings.status == 200, "\(String(decoding: settings.body, as: UTF8.self))")
        let data = try await call("GET", "data.json")
        #expect(data.status == 200, "\(String(decoding: data.body, as: UTF8.self))")
        let token = try await call("POST", "token")
        #expect(token.status == 200, "\(String(decoding: token.body, as: UTF8.self))")
        #expect(try JSONValue(parsing: token.body)["access_token"] == "wm-at-000001")
    }

    static func adapty(_ host: SimulatorHost) async throws {
        func call(_ method: String, _ path: String, _ body: String? = nil) async throws -> CassetteResponse {
            var headers: HeaderFields = [
                "adapty-sdk-version": "3.17.2", "adapty-sdk-profile-id": "p",
                "Authorization": "Api-Key public_live_Adapty5im.DemoKey2026xSimulator",
            ]
            if body != nil { headers["Content-Type"] = "application/json" }
            return try await host.respond(
                vendor: "adapty",
                to: CassetteRequest(method: method, url: path, headers: headers, body: Data((body ?? "").utf8)))
        }
        let profile = try await call(
            "POST", "/api/v1/sdk/analytics/profiles/p/",
            #"{"data":{"type":"adapty_analytics_profile","id":"p","attributes":{"custom_attributes":{"plan_interest":"annual"}}}}"#
        )
        #expect(profile.status == 200, "\(String(decoding: profile.body, as: UTF8.self))")
        let paywall = try await call(
            "GET",
            "/api/v1/sdk/in-apps/public_live_Adapty5im/paywall/variations/main_paywall/0123456789abcdef0123456789abcdef/"
        )
        #expect(paywall.status == 200, "\(String(decoding: paywall.body, as: UTF8.self))")
        #expect(try JSONValue(parsing: paywall.body)["meta"]?["placement"]?["audience_name"] == "Annual fans")
    }

    @Test("The server over PostgreSQL answers 503 with Retry-After: 1 naming the store once the database is gone")
    func unavailableIs503() async throws {
        try await PostgresStateStoreTests.withDatabase("server") { url in
            try await withServer(MockServerConfiguration(statePath: url)) { server, endpoints in
                let count = endpoints.baseURL(for: "counter").appendingPathComponent("count")
                let first = try await TestHTTP.fetch(count, method: .POST)
                #expect(first.status == 200, "\(first.text)")
                #expect(first.json?["count"] == 1)
                try await PostgresTestDatabase.drop(url)
                let refused = try await TestHTTP.fetch(count, method: .POST)
                #expect(refused.status == 503, "\(refused.text)")
                #expect(refused.headers["Retry-After"] == ["1"])
                #expect(refused.json?["store"] == .string(url))
                #expect(refused.json?["error"] == "state store unavailable")
                let reset = try await TestHTTP.fetch(endpoints.adminURL.appendingPathComponent("reset"), method: .POST)
                #expect(reset.status == 503, "\(reset.text)")
            }
        }
    }

    @Test("Two servers on one PostgreSQL database share the simulators' state")
    func sharedState() async throws {
        try await PostgresStateStoreTests.withDatabase("shared") { url in
            try await withServer(MockServerConfiguration(statePath: url)) { _, first in
                try await withServer(MockServerConfiguration(statePath: url)) { _, second in
                    let one = first.baseURL(for: "counter").appendingPathComponent("count")
                    let two = second.baseURL(for: "counter").appendingPathComponent("count")
                    _ = try await TestHTTP.fetch(one, method: .POST)
                    _ = try await TestHTTP.fetch(two, method: .POST)
                    #expect(try await TestHTTP.fetch(one).json?["count"] == 2)
                }
            }
        }
    }
}
