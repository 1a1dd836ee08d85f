import CassetteKit
import Foundation
import JSONCore
import MockServer
import Testing

@Suite("EngageSimulator /rest/events/submission")
struct EventSubmissionTests {
    static func event(_ id: String, code: JSONValue = 12) -> JSONValue {
        [
            "eventId": .string(id), "eventTypeCode": code, "eventTimestamp": "2026-01-01T00:00:00.000Z",
            "attributes": [["name": "Device Name", "value": "Simulator"]],
        ]
    }

    func post(_ simulator: SimulatorFixture, _ body: JSONValue, token: String?) async throws -> CassetteResponse {
        try await simulator.raw(
            url: "/rest/events/submission", contentType: "application/json", token: token, body: body.data())
    }

    @Test("Events are stored once per eventId and answered with {}")
    func storesOnce() async throws {
        let simulator = try await SimulatorFixture()
        let token = try await simulator.token()
        let response = try await post(
            simulator, ["events": [Self.event("E1"), Self.event("E2", code: "13")]], token: token)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(try JSONValue(parsing: response.body) == .object(JSONObject()))
        #expect(try await post(simulator, ["events": [Self.event("E2", code: "13")]], token: token).status == 200)
        let stored = try await simulator.admin("GET", "/events")
        #expect(stored["count"]?.int == 2)
        #expect(stored["duplicates"]?.int == 1)
        #expect(stored["events"]?[0]?["eventId"] == "E1")
    }

    @Test("Invalid events are 400 naming the field, and nothing of the batch is stored")
    func validation() async throws {
        let simulator = try await SimulatorFixture()
        let token = try await simulator.token()
        let bodies: [JSONValue] = [
            ["events": [Self.event("E1"), Self.event("E2", code: 99)]],
            ["events": [["eventTypeCode": 12, "attributes": [["name": "x", "value": 1]]]]],
            ["events": [["eventTypeCode": 12, "eventTimestamp": "yesterday", "attributes": []]]],
            ["events": [["eventTypeCode": 12, "contactId": "   \t", "attributes": []]]],
            ["events": [["eventTypeCode": 12, "contactId": 1.5, "attributes": []]]],
            ["events": [["eventTypeCode": 12, "channel": 7, "attributes": []]]],
            ["nothing": true],
        ]
        for body in bodies {
            let response = try await post(simulator, body, token: token)
            #expect(response.status == 400)
            #expect(try JSONValue(parsing: response.body)["error"] == "invalid_request")
        }
        let notJSON = try await simulator.raw(
            url: "/rest/events/submission", contentType: "application/json", token: token, body: Data("{".utf8))
        #expect(notJSON.status == 400)
        let wrongType = try await simulator.raw(
            url: "/rest/events/submission", contentType: "text/plain", token: token, body: Data("{}".utf8))
        #expect(wrongType.status == 415)
        #expect(try await simulator.admin("GET", "/events")["count"]?.int == 0)
    }

    @Test("Without a valid token the post is 401 invalid_token; injected failures are 500 and then spent")
    func authAndFailures() async throws {
        let simulator = try await SimulatorFixture()
        let body: JSONValue = ["events": [Self.event("E1")]]
        let unauthorized = try await post(simulator, body, token: "nope")
        #expect(unauthorized.status == 401)
        #expect(try JSONValue(parsing: unauthorized.body)["error"] == "invalid_token")
        let token = try await simulator.token()
        _ = try await simulator.admin("PUT", "/settings", ["eventPostFailures": 2])
        #expect(try await post(simulator, body, token: token).status == 500)
        #expect(try await post(simulator, body, token: token).status == 500)
        #expect(try await post(simulator, body, token: token).status == 200)
        #expect(try await simulator.admin("GET", "/events")["count"]?.int == 1)
    }

    @Test("Reset forgets events, tokens, recipients and settings")
    func reset() async throws {
        let simulator = try await SimulatorFixture()
        let token = try await simulator.token()
        _ = try await post(simulator, ["events": [Self.event("E1")]], token: token)
        _ = try await simulator.admin("PUT", "/settings", ["tokenLifetime": 5])
        _ = try await simulator.admin("POST", "/lists/23949/recipients", ["columns": ["Email": "a@b.c"]])
        try await simulator.host.reset(vendor: "engage")
        #expect(try await simulator.admin("GET", "/events")["count"]?.int == 0)
        #expect(try await simulator.admin("GET", "/settings")["tokenLifetime"]?.int == 14_400)
        #expect(try await simulator.admin("GET", "/lists/23949")["recipients"] == [])
        #expect(try await simulator.token() == "sim-token-1")
    }
}
