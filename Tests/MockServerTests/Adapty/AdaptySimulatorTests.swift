import CassetteKit
import Foundation
import JSONCore
import MockServer
import Testing

@Suite("AdaptySimulator")
struct AdaptySimulatorTests {
    private let sim: AdaptySimulatorFixture
    private let prefix = AdaptySimulatorFixture.prefix
    private let md5 = AdaptySimulatorFixture.md5

    init() async throws {
        sim = try await AdaptySimulatorFixture()
    }

    @Test("Out of the box the demo app serves a paywall placement with two variations")
    func demoPaywall() async throws {
        let answer = try await sim.call("GET", "/api/v1/sdk/in-apps/\(prefix)/paywall/variations/main_paywall/\(md5)/")
        #expect(answer.status == 200)
        #expect(answer.json["data"]?.arrayValue?.count == 2)
        #expect(answer.json["meta"]?["placement"]?["developer_id"] == "main_paywall")
        #expect(answer.json["data"]?[0]?["remote_config"]?["data"]?.stringValue?.contains("title") == true)
        let apps = try await sim.admin("GET", "/apps")
        #expect(apps.json["apps"]?[0]?["api_key"]?.stringValue == AdaptySimulatorFixture.key)
    }

    @Test("A profile whose custom attributes match an audience gets that audience's variations")
    func audiences() async throws {
        try await sim.call(
            "POST", "/api/v1/sdk/analytics/profiles/p/",
            AdaptySimulatorFixture.profileBody("p", #"{"custom_attributes":{"plan_interest":"annual"}}"#))
        let answer = try await sim.call("GET", "/api/v1/sdk/in-apps/\(prefix)/paywall/variations/main_paywall/\(md5)/")
        #expect(answer.json["meta"]?["placement"]?["audience_name"] == "Annual fans")
        #expect(answer.json["data"]?.arrayValue?.count == 1)
    }

    @Test("The single-variation endpoint answers one object; an unknown variation is 404")
    func singleVariation() async throws {
        let base = "/api/v1/sdk/in-apps/\(prefix)/paywall/variations/cross_paywall_b/\(md5)"
        let one = try await sim.call("GET", "\(base)/3c5e0f2a-0000-4000-8000-00000000000c/")
        #expect(one.json["data"]?["variation_id"] == "3c5e0f2a-0000-4000-8000-00000000000c")
        let missing = try await sim.call("GET", "\(base)/nope/")
        #expect(missing.status == 404)
        #expect(missing.code == "VARIATION_NOT_FOUND")
    }

    @Test("The onboarding placement's variation points at its page, which posts the scripted messages")
    func onboardingPage() async throws {
        let answer = try await sim.call(
            "GET", "/api/v1/sdk/in-apps/\(prefix)/onboarding/variations/welcome_onboarding/\(md5)/")
        let url = try #require(answer.json["data"]?[0]?["onboarding_builder"]?["config_url"]?.stringValue)
        #expect(url == "http://simulator.local/adapty/onboarding-pages/onboarding_123/")
        let script = try await sim.call("GET", "/onboarding-pages/onboarding_123/messages.json", key: nil)
        #expect(script.json["messages"]?[0]?["type"] == "onboarding_loaded")
        let page = try await sim.call("GET", "/onboarding-pages/onboarding_123/", key: nil)
        #expect(String(decoding: page.body, as: UTF8.self).contains(#"id="adapty-onboarding-script""#))
        let replaced = try await sim.admin("PUT", "/onboardings/onboarding_123/script", #"{"messages":[]}"#)
        #expect(replaced.status == 200)
        #expect(
            try await sim.call("GET", "/onboarding-pages/onboarding_123/messages.json", key: nil).json["messages"]
                == [])
    }

    @Test("A wrong or missing key, or a redaction placeholder, is 401 UNAUTHORIZED")
    func keys() async throws {
        let path = "/api/v1/sdk/in-apps/\(prefix)/paywall/variations/main_paywall/\(md5)/"
        #expect(try await sim.call("GET", path, key: "public_live_Other.key").code == "UNAUTHORIZED")
        #expect(try await sim.call("GET", path, key: nil).status == 401)
        #expect(try await sim.call("GET", path, key: "<redacted:adapty.api_key>").status == 401)
        #expect(try await sim.call("GET", path, key: "<redacted:authorization:1>").status == 401)
    }

    @Test("An unknown placement is 404 PLACEMENT_NOT_FOUND in the errors form")
    func unknownPlacement() async throws {
        let answer = try await sim.call("GET", "/api/v1/sdk/in-apps/\(prefix)/paywall/variations/nope/\(md5)/")
        #expect(answer.status == 404)
        #expect(answer.json["errors"]?[0]?["code"] == "PLACEMENT_NOT_FOUND")
    }

    @Test("A profile's response hash changes only when the profile does; custom attributes move the segment hash")
    func profileHashes() async throws {
        let path = "/api/v1/sdk/analytics/profiles/p1/"
        let created = try await sim.call("POST", path, AdaptySimulatorFixture.profileBody("p1"))
        let fetched = try await sim.call("GET", path)
        #expect(created.headers["x-response-hash"] == fetched.headers["x-response-hash"])
        let same = try await sim.call("PATCH", path, AdaptySimulatorFixture.profileBody("p1", "{}"))
        #expect(same.headers["x-response-hash"] == created.headers["x-response-hash"])
        let changed = try await sim.call(
            "PATCH", path, AdaptySimulatorFixture.profileBody("p1", #"{"custom_attributes":{"level":"3"}}"#))
        #expect(changed.headers["x-response-hash"] != created.headers["x-response-hash"])
        #expect(
            changed.json["data"]?["attributes"]?["segment_hash"] != created.json["data"]?["attributes"]?["segment_hash"]
        )
        #expect(try await sim.call("GET", "/api/v1/sdk/analytics/profiles/nobody/").code == "PROFILE_NOT_FOUND")
    }

    @Test("Profile and event bodies sent as anything but application/json are refused with 400")
    func nonJSONBodies() async throws {
        let body = Data(#"{"data":{"type":"adapty_analytics_profile","id":"p1","attributes":{}}}"#.utf8)
        for path in ["/api/v1/sdk/analytics/profiles/p1/", "/api/v1/sdk/events/"] {
            let request = CassetteRequest(
                method: "POST", url: path,
                headers: ["Authorization": "Api-Key \(AdaptySimulatorFixture.key)", "Content-Type": "text/plain"],
                body: body)
            let response = try await sim.host.respond(vendor: "adapty", to: request)
            #expect(response.status == 400, "\(path)")
        }
    }

    @Test(
        "Malformed profile and event bodies get 400 in the detail form, never a 5xx",
        arguments: [
            "", "not json", "[]", #"{"data":1}"#, #"{"data":{"type":"x","id":"p1","attributes":{}}}"#,
            #"{"data":{"type":"adapty_analytics_profile","id":"p1","attributes":{}},"extra":true}"#,
            #"{"data":{"type":"adapty_analytics_profile","id":7,"attributes":{}}}"#,
            #"{"data":{"type":"adapty_analytics_profile","id":"p1","attributes":{"unknown_key":1}}}"#,
        ])
    func malformedBodies(_ body: String) async throws {
        let profile = try await sim.call("POST", "/api/v1/sdk/analytics/profiles/p1/", body)
        #expect(profile.status == 400)
        #expect(profile.json["detail"]?[0]?["type"] == "value_error")
        let events = try await sim.call("POST", "/api/v1/sdk/events/", body)
        #expect(events.status == 400)
    }

    @Test("A profile call with an empty id gets a status the contract declares: 400 to a write, 404 to a read")
    func emptyProfileId() async throws {
        let body = #"{"data":{"type":"adapty_analytics_profile","id":"","attributes":{}}}"#
        let created = try await sim.call("POST", "/api/v1/sdk/analytics/profiles//", body)
        #expect(created.status == 400)
        #expect(created.code == "value_error")
        let updated = try await sim.call("PATCH", "/api/v1/sdk/analytics/profiles//", body)
        #expect(updated.status == 400)
        let read = try await sim.call("GET", "/api/v1/sdk/analytics/profiles//")
        #expect(read.status == 404)
        #expect(read.code == "PROFILE_NOT_FOUND")
    }

    @Test("An event batch with an empty profile_id is refused with 400 value_error, as declared")
    func emptyEventProfileId() async throws {
        let event =
            #"{"event_name":"paywall_showed","event_id":"e1","profile_id":"","session_id":"s","created_at":"2026-01-01T00:00:00.000Z","counter":0,"platform":"iOS","device_id":"d"}"#
        let answer = try await sim.call(
            "POST", "/api/v1/sdk/events/",
            #"{"data":{"type":"sdk_background_event","attributes":{"events":[\#(event)]}}}"#)
        #expect(answer.status == 400)
        #expect(answer.code == "value_error")
        #expect(try await sim.admin("GET", "/events").json["events"]?.arrayValue?.isEmpty == true)
    }

    @Test("An onboarding script posts onboarding_completed on the screen `final` only, as the page's table says")
    func onboardingCompletedOnFinalOnly() async throws {
        func script(_ screen: String) -> String {
            #"{"messages":[{"type":"analytics","name":"onboarding_completed","meta":{"onboarding_id":"o","screen_cid":"\#(screen)","screen_index":3,"total_screens":4}}]}"#
        }
        let example = try await sim.admin("PUT", "/onboardings/onboarding_123/script", script("final_screen"))
        #expect(example.status == 400)
        #expect(example.json["detail"]?[0]?["msg"]?.stringValue?.contains("`final`") == true)
        let final = try await sim.admin("PUT", "/onboardings/onboarding_123/script", script("final"))
        #expect(final.status == 200)
        let page = try await sim.call("GET", "/onboarding-pages/onboarding_123/messages.json", key: nil)
        #expect(page.json["messages"]?[0]?["meta"]?["screen_cid"] == "final")
    }

    @Test("Events are stored as received and read back through the admin API")
    func events() async throws {
        let event =
            #"{"event_name":"paywall_showed","event_id":"e1","profile_id":"p1","session_id":"s","created_at":"2026-01-01T00:00:00.000Z","counter":0,"platform":"iOS","device_id":"d","variation_id":"v"}"#
        let answer = try await sim.call(
            "POST", "/api/v1/sdk/events/",
            #"{"data":{"type":"sdk_background_event","attributes":{"events":[\#(event)]}}}"#)
        #expect(answer.status == 200)
        let stored = try await sim.admin("GET", "/events")
        #expect(stored.json["events"]?[0]?["variation_id"] == "v")
        let missing = try await sim.call(
            "POST", "/api/v1/sdk/events/", #"{"data":{"type":"sdk_background_event","attributes":{"events":[{}]}}}"#)
        #expect(missing.status == 400)
    }

    @Test("A fault answers the next matching requests, then the simulator answers again")
    func faults() async throws {
        let set = try await sim.admin(
            "POST", "/faults",
            #"{"host":"main","path_contains":"/profiles/","status":429,"headers":{"retry-after":"30"},"body":"{\"errors\":[{\"code\":\"SLOW_DOWN\"}]}"}"#
        )
        #expect(set.status == 200)
        let path = "/api/v1/sdk/analytics/profiles/p1/"
        let limited = try await sim.call("POST", path, AdaptySimulatorFixture.profileBody("p1"))
        #expect(limited.status == 429)
        #expect(limited.headers["retry-after"] == "30")
        #expect(try await sim.call("POST", path, AdaptySimulatorFixture.profileBody("p1")).status == 200)
        #expect(try await sim.admin("POST", "/faults", #"{"status":"bad"}"#).status == 400)
    }

    @Test("The fallback host serves fallback.json paths; the app's fallback file is format version 9")
    func fallbacks() async throws {
        let paywall = try await sim.call(
            "GET",
            "/fallback/api/v1/sdk/in-apps/\(prefix)/paywall/variations/main_paywall/app_store/en/4_4/fallback.json")
        #expect(paywall.json["data"]?.arrayValue?.count == 2)
        let onboarding = try await sim.call(
            "GET", "/fallback/api/v1/sdk/in-apps/\(prefix)/onboarding/variations/welcome_onboarding/en/fallback.json")
        #expect(onboarding.json["data"]?[0]?["onboarding_id"] == "onboarding_123")
        let file = try await sim.admin("GET", "/apps/\(prefix)/fallback-file")
        #expect(file.json["meta"]?["version"] == 9)
        #expect(file.json["data"]?["main_paywall"]?["data"]?.arrayValue?.count == 2)
    }

    @Test("Placements and apps set through the admin API are served")
    func adminPlacements() async throws {
        try await sim.admin("PUT", "/apps/public_live_Second", #"{"api_key":"public_live_Second.key"}"#)
        let placement =
            #"{"kind":"paywall","placement_audience_version_id":"a","variations":[{"variation_id":"v","weight":100,"paywall_id":"p","paywall_name":"P","products":[]}]}"#
        #expect(try await sim.admin("PUT", "/apps/public_live_Second/placements/only", placement).status == 200)
        let answer = try await sim.call(
            "GET", "/api/v1/sdk/in-apps/public_live_Second/paywall/variations/only/\(md5)/",
            key: "public_live_Second.key")
        #expect(answer.json["data"]?[0]?["variation_id"] == "v")
        #expect(try await sim.admin("PUT", "/apps/public_live_Second/placements/bad", #"{"kind":"x"}"#).status == 400)
    }

    @Test(
        "Paths outside the API get 404 NOT_FOUND, never a 5xx",
        arguments: [
            "/", "/api", "/api/v1/sdk/in-apps", "/api/v1/sdk/in-apps/x/paywall/variations/p/NOTMD5/",
            "/api/v1/sdk/in-apps/x/widget/variations/p/\(AdaptySimulatorFixture.md5)/",
            "/fallback/api/v1/sdk/in-apps/x",
            "/onboarding-pages/x/y/z", "/api/v1/sdk/analytics/profiles/",
        ])
    func unknownPaths(_ path: String) async throws {
        let answer = try await sim.call("GET", path, checked: false)
        #expect(answer.status == 404)
        #expect(answer.code == "NOT_FOUND")
    }
}
