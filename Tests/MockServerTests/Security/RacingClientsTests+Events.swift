import CassetteKit
import Foundation
import JSONCore
import MockServer
import Testing

extension RacingClientsTests {
    @Test("64 WebEngage event uploads at once: every one accepted and stored once, none lost or doubled")
    func webEngageEvents() async throws {
        try await withServer(simulators: [WebEngageSimulator()]) { server, endpoints in
            let url = endpoints.baseURL(for: "webengage").appendingPathComponent("users/~10a5cb78d/luid-1/events")
            let answers = try await RacingClients.race { index in
                let body =
                    #"{"cuid":"ada","events":[{"event_name":"app_personalization_view","category":"system","#
                    + #""system_data":{"p_id":"1001","id":"v-banner-1","experiment_id":"c-banner-1"},"#
                    + #""event_data":{"client":\#(index)},"event_time":"2026-01-01T00:00:00.000Z"}]}"#
                return RacingClients.request(
                    url, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
            }
            #expect(answers.count == RacingClients.count)
            #expect(answers.allSatisfy { $0.json == ["status": "success", "accepted": 1] }, "\(answers.map(\.text))")
            let stored = try await server.simulators.respondToAdmin(
                vendor: "webengage", .init(method: "GET", url: "/events"))
            let clients = (try JSONValue(parsing: stored.body))["events"]?.arrayValue?.compactMap {
                $0["event_data"]?["client"]?.doubleValue.map { Int($0) }
            }
            #expect(clients?.sorted() == Array(0..<RacingClients.count))
        }
    }

    @Test("64 WalkMe token requests at once: 64 distinct tokens, each stored once")
    func walkMeTokens() async throws {
        try await withServer(simulators: [WalkMeSimulator()]) { server, endpoints in
            let key = "f3a9c2e47b1d4e0a"
            let basic = "Basic " + Data("\(key):wm-demo-secret".utf8).base64EncodedString()
            let url = endpoints.baseURL(for: "walkme").appendingPathComponent("sdk/v1/apps/\(key)/token")
            let answers = try await RacingClients.race { _ in
                RacingClients.request(url, headers: [("Authorization", basic)], body: Data())
            }
            let tokens = answers.compactMap { $0.json?["access_token"]?.stringValue }
            #expect(tokens.count == RacingClients.count, "\(answers.map(\.text))")
            #expect(Set(tokens).count == RacingClients.count, "every grant is its own token")
            let stored = try await server.simulators.respondToAdmin(
                vendor: "walkme", .init(method: "GET", url: "/apps/\(key)/tokens"))
            let listed = (try JSONValue(parsing: stored.body))["tokens"]?.arrayValue?.compactMap {
                $0["token"]?.stringValue
            }
            #expect(Set(listed ?? []) == Set(tokens) && listed?.count == tokens.count)
        }
    }
}
