import CassetteKit
import Foundation
import JSONCore
import MockServer
import Testing

@Suite("WalkMeSimulator")
struct WalkMeSimulatorTests {
    @Test("The demo app's settings and data file are served, the data file revalidated by ETag")
    func settingsAndDataFile() async throws {
        let fixture = try await WalkMeFixture()
        let settings = try await fixture.call("GET", "settings.json?platform=ios&sdkVer=1.6.0&type=10")
        #expect(settings.status == 200)
        #expect(settings.json["dataFileUrl"] == "data.json")
        #expect(settings.json["killSwitch"] == false)
        let data = try await fixture.call("GET", "data.json")
        #expect(data.status == 200)
        #expect(
            data.json["campaigns"]?.arrayValue?.compactMap { $0["campaignId"]?.stringValue } == [
                "c-welcome", "c-pro-offer", "c-nps", "c-whats-new",
            ])
        #expect(data.headers["ETag"] == "\"v1\"")
        let again = try await fixture.call("GET", "data.json", headers: ["If-None-Match": "\"v1\""])
        #expect(again.status == 304)
    }

    @Test("Unknown keys, wrong secrets and missing credentials get their documented errors")
    func credentials() async throws {
        let fixture = try await WalkMeFixture()
        #expect(try await fixture.call("GET", "settings.json", key: "nope").code == "app_not_found")
        let wrong = "Basic " + Data("\(WalkMeFixture.key):nope".utf8).base64EncodedString()
        let refused = try await fixture.call("GET", "settings.json", headers: ["Authorization": wrong])
        #expect(refused.status == 401)
        #expect(refused.code == "invalid_credentials")
        let missing = try await fixture.call("GET", "settings.json", headers: [:], validRequest: false)
        #expect(missing.code == "invalid_credentials")
        let garbage = try await fixture.call("GET", "settings.json", headers: ["Authorization": "Basic %%%"])
        #expect(garbage.code == "invalid_credentials")
        let badType = try await fixture.call("GET", "settings.json?type=99", validRequest: false)
        #expect(badType.code == "invalid_request")
        #expect(try await fixture.call("GET", "nothing-here", validRequest: false).code == "not_found")
    }

    @Test("A token-protected data file takes issued tokens until they expire")
    func tokens() async throws {
        let fixture = try await WalkMeFixture()
        #expect(
            try await fixture.admin(
                "PUT", "/apps/\(WalkMeFixture.key)", #"{"dataFileAuth":"token","tokenLifetime":60}"#
            ).status == 200)
        #expect(try await fixture.call("GET", "data.json", headers: [:]).code == "invalid_token")
        let issued = try await fixture.call("POST", "token")
        #expect(issued.json["access_token"] == "wm-at-000001")
        #expect(issued.json["expires_in"] == 60)
        let bearer: HeaderFields = ["Authorization": "Bearer wm-at-000001"]
        #expect(try await fixture.call("GET", "data.json", headers: bearer).status == 200)
        #expect(
            try await fixture.call("GET", "data.json", headers: ["Authorization": "Bearer wm-at-zzz"]).code
                == "invalid_token")
        fixture.advance(60)
        #expect(try await fixture.call("GET", "data.json", headers: bearer).code == "token_expired")
        let redacted: HeaderFields = ["Authorization": "Bearer <redacted:access_token:2>"]
        try await fixture.call("POST", "token")
        #expect(try await fixture.call("GET", "data.json", headers: redacted).code == "invalid_token")
    }

    @Test("The self-hosted data file needs no credentials, even for a token-protected app")
    func selfHosted() async throws {
        let fixture = try await WalkMeFixture()
        try await fixture.admin("PUT", "/apps/\(WalkMeFixture.key)", #"{"dataFileAuth":"token"}"#)
        let request = CassetteRequest(method: "GET", url: "/self-hosted/\(WalkMeFixture.key)/data.json")
        let response = try await fixture.host.respond(vendor: "walkme", to: request)
        #expect(response.status == 200)
        #expect(try JSONValue(parsing: response.body)["version"] == 1)
        let unknown = CassetteRequest(method: "GET", url: "/self-hosted/nobody/data.json")
        #expect(try await fixture.host.respond(vendor: "walkme", to: unknown).status == 404)
    }

    @Test("The kill switch shows in the settings and refuses tokens and the data file")
    func killSwitch() async throws {
        let fixture = try await WalkMeFixture()
        try await fixture.admin("PUT", "/apps/\(WalkMeFixture.key)", #"{"killSwitch":true}"#)
        #expect(try await fixture.call("GET", "settings.json").json["killSwitch"] == true)
        #expect(try await fixture.call("POST", "token").code == "kill_switched")
        #expect(try await fixture.call("GET", "data.json").code == "kill_switched")
    }

    @Test("Events are stored and readable through the admin API; malformed batches are refused")
    func events() async throws {
        let fixture = try await WalkMeFixture()
        let batch =
            #"{"deviceId":"d-1","userId":"u-1","events":[{"type":"SessionStarted","timestamp":1767225600000,"sessionId":"s-1"},{"type":"Goal","timestamp":1767225601000,"name":"checkout","properties":{"amount":3}}]}"#
        let accepted = try await fixture.call("POST", "events", batch)
        #expect(accepted.status == 202)
        #expect(accepted.json["accepted"] == 2)
        let stored = try await fixture.admin("GET", "/apps/\(WalkMeFixture.key)/events")
        #expect(
            stored.json["events"]?.arrayValue?.compactMap { $0["event"]?["type"]?.stringValue } == [
                "SessionStarted", "Goal",
            ])
        #expect(stored.json["events"]?[0]?["userId"] == "u-1")
        for bad in [
            "not json", #"{"deviceId":"d-1","events":[]}"#, #"{"events":[{"type":"Goal","timestamp":1}]}"#,
            #"{"deviceId":"d-1","events":[{"type":"Teleport","timestamp":1}]}"#,
            #"{"deviceId":"d-1","events":[{"type":"Goal","timestamp":"soon"}]}"#,
        ] {
            let refused = try await fixture.call("POST", "events", bad, validRequest: false)
            #expect(refused.status == 400)
            #expect(refused.code == "invalid_events")
        }
    }

    @Test("The admin API checks campaigns, bumps the data file version and resets to the demo app")
    func admin() async throws {
        let fixture = try await WalkMeFixture()
        let bad = try await fixture.admin(
            "PUT", "/apps/\(WalkMeFixture.key)/campaigns",
            #"{"campaigns":[{"campaignId":"c-1","type":"walkthru","display":"auto","ctas":[],"data":{}}]}"#)
        #expect(bad.status == 400)
        let good = try await fixture.admin(
            "PUT", "/apps/\(WalkMeFixture.key)/campaigns",
            #"{"campaigns":[{"campaignId":"c-1","type":"shoutout","display":"trigger","triggerKey":"go","screenId":null,"segment":null,"maxImpressions":null,"ctas":[{"id":"cta-1","text":"Go","action":"ok"}],"data":{}}]}"#
        )
        #expect(good.json["version"] == 2)
        #expect(try await fixture.call("GET", "data.json").json["version"] == 2)
        #expect(try await fixture.admin("PUT", "/apps/new-app", "{}").status == 400)
        #expect(try await fixture.admin("PUT", "/apps/new-app", #"{"secret":"s"}"#).status == 200)
        try await fixture.host.reset(vendor: "walkme")
        let apps = try await fixture.admin("GET", "/apps")
        #expect(apps.json["apps"]?.arrayValue?.count == 1)
        #expect(try await fixture.call("GET", "data.json").json["version"] == 1)
    }
}
