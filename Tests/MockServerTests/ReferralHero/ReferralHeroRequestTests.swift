import CassetteKit
import Foundation
import JSONCore
import MockServer
import Testing

@Suite("ReferralHeroSimulator: credentials, client quirks and bad input")
struct ReferralHeroRequestTests {
    @Test("A missing or wrong token, an unknown or missing campaign answer the documented envelope and status")
    func credentials() async throws {
        let fixture = try await ReferralHeroFixture()
        let path = "/lists/\(ReferralHeroFixture.campaign)/leaderboard"
        let missing = try await fixture.call(
            "GET", path, headers: ["Accept": "application/vnd.referralhero.v1"], validRequest: false)
        #expect(missing.status == 400)
        #expect(missing.json == ["status": "error", "message": "Missing API token", "code": "no_token"])
        let wrong = try await fixture.call("GET", path, headers: ["Authorization": "nope"])
        #expect(wrong.status == 401)
        #expect(wrong.code == "invalid_token")
        let unknown = try await fixture.call("GET", "/lists/MFffffffffff/leaderboard")
        #expect(unknown.status == 401)
        #expect(unknown.code == "invalid_list")
        let noList = try await fixture.call("GET", "/lists/leaderboard", checked: false)
        #expect(noList.status == 400)
        #expect(noList.code == "no_list_uuid")
    }

    @Test("The token is accepted raw, with 'Bearer ' or as X-API-Key; a redaction placeholder never")
    func tokenStyles() async throws {
        let fixture = try await ReferralHeroFixture()
        let path = "/lists/\(ReferralHeroFixture.campaign)/leaderboard"
        for headers: HeaderFields in [
            ["Authorization": "rh-sim-token"], ["Authorization": "Bearer rh-sim-token"], ["X-API-Key": "rh-sim-token"],
        ] {
            #expect(try await fixture.call("GET", path, headers: headers, validRequest: false).status == 200)
        }
        let redacted: HeaderFields = ["Authorization": "<redacted:referralhero.token>"]
        #expect(try await fixture.call("GET", path, headers: redacted).code == "invalid_token")
        #expect(try await fixture.call("GET", path, headers: ["Authorization": "<redacted:>"]).code == "invalid_token")
        try await fixture.admin("PUT", "/tokens", #"{"tokens":["other"]}"#)
        #expect(try await fixture.call("GET", path).code == "invalid_token")
        #expect(try await fixture.call("GET", path, headers: ["Authorization": "other"]).status == 200)
    }

    @Test("Double slashes, a trailing slash, the /api/sdk/v1 prefix and Android's camelCase keys are accepted")
    func quirks() async throws {
        let fixture = try await ReferralHeroFixture()
        let created = try await fixture.call(
            "POST", "//lists/\(ReferralHeroFixture.campaign)/subscribers/",
            #"{"email":"and@example.com","domain":"https://example.com","extraField2":"two","phoneNumber":"+1","doubleOptIn":true,"points":3,"conversionValue":12}"#,
            checked: false)
        #expect(created.status == 200)
        #expect(created.data["extra_field_2"] == "two")
        #expect(created.data["phone_number"] == "+1")
        #expect(created.data["points"] == 3)
        let id = try #require(created.data["id"]?.stringValue)
        let viaPrefix = try await fixture.call(
            "GET", "/api/sdk/v1//lists/\(ReferralHeroFixture.campaign)/subscribers/\(id)/", checked: false)
        #expect(viaPrefix.data["id"] == .string(id))
    }

    @Test("An empty subscriber id names no subscriber: subscriber_not_found, never a 404 the contract does not know")
    func emptySubscriberID() async throws {
        let fixture = try await ReferralHeroFixture()
        let list = "/lists/\(ReferralHeroFixture.campaign)/subscribers"
        for (method, path, body) in [
            ("GET", "\(list)/", nil), ("DELETE", "\(list)/", nil), ("GET", "\(list)//rewards", nil),
            ("GET", "\(list)//referrals_data", nil), ("POST", "\(list)//confirm", "{}"),
        ] {
            let answer = try await fixture.call(method, path, body, validRequest: false)
            #expect(answer.code == "subscriber_not_found", "\(method) \(path): \(answer.json)")
        }
    }

    @Test("The iOS model's string-typed points, double_optin, conversion_value and its extra_field2 are stored")
    func iOSModelStrings() async throws {
        let fixture = try await ReferralHeroFixture()
        let created = try await fixture.campaignCall(
            "POST", "/subscribers",
            #"{"email":"ios@example.com","domain":"https://example.com","points":"-7","double_optin":"true","conversion_value":"+19.5","extra_field2":"blue"}"#
        )
        #expect(created.status == 200)
        #expect(created.data["points"] == -7)
        #expect(created.data["conversion_amount"] == 19.5)
        #expect(created.data["extra_field_2"] == "blue")
        let id = try #require(created.data["id"]?.stringValue)
        let updated = try await fixture.campaignCall(
            "PATCH", "/subscribers/\(id)", #"{"points":"12","conversion_value":"3","double_optin":false}"#)
        #expect(updated.data["points"] == 12)
        #expect(updated.data["conversion_amount"] == 3)
    }

    @Test("Malformed JSON, wrong types, unknown fields and bad values are invalid_request_body, never a crash")
    func badBodies() async throws {
        let fixture = try await ReferralHeroFixture()
        let bodies = [
            #"{"email":"#, "[]", #""text""#, #"{"email":42,"domain":"https://example.com"}"#,
            #"{"email":"a@example.com","domain":"https://example.com","points":1.5}"#,
            #"{"email":"a@example.com","domain":"https://example.com","double_optin":"yes"}"#,
            #"{"email":"a@example.com","domain":"https://example.com","points":"ten"}"#,
            #"{"email":"a@example.com","domain":"https://example.com","points":"99999999999999999999"}"#,
            #"{"email":"a@example.com","domain":"https://example.com","conversion_value":"1e400"}"#,
            #"{"email":"a@example.com","domain":"https://example.com","conversion_value":"12."}"#,
            #"{"email":"a@example.com","domain":"https://example.com","extra_field3":"unknown"}"#,
            #"{"email":"a@example.com","domain":"https://example.com","timestamp":"soon"}"#,
            #"{"email":"a@example.com","domain":"https://example.com","screen_size":"big"}"#,
        ]
        for body in bodies {
            let answer = try await fixture.campaignCall("POST", "/subscribers", body, validRequest: false)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.code == "invalid_request_body", "\(body)")
        }
        let share = try await fixture.signUp("s@example.com")
        for body in ["{}", #"{"social":""}"#, #"{"social":1}"#, ""] {
            let answer = try await fixture.campaignCall(
                "POST", "/subscribers/\(share.id)/click_capture", body, validRequest: false)
            #expect(answer.code == "invalid_request_body", "\(body)")
        }
        #expect(
            try await fixture.campaignCall("POST", "/subscribers/\(share.id)/confirm", "[1]", validRequest: false).code
                == "invalid_request_body")
    }

    @Test("A missing or invalid email, a missing host and an unknown subscriber have their codes")
    func parameterErrors() async throws {
        let fixture = try await ReferralHeroFixture()
        let noEmail = try await fixture.campaignCall(
            "POST", "/subscribers", #"{"domain":"https://example.com"}"#, validRequest: false)
        #expect(noEmail.code == "no_email_address")
        let badEmail = try await fixture.campaignCall(
            "POST", "/subscribers", #"{"email":"not-an-email","domain":"https://example.com"}"#)
        #expect(badEmail.status == 400)
        #expect(badEmail.code == "invalid_email_address")
        #expect(
            try await fixture.campaignCall("POST", "/subscribers", #"{"email":"a@example.com"}"#, validRequest: false)
                .code == "no_hosting_url")
        for (method, path) in [
            ("GET", "/subscribers/sub_999"), ("DELETE", "/subscribers/sub_999"),
            ("GET", "/subscribers/sub_999/rewards"),
            ("GET", "/subscribers/sub_999/referrals_data"),
        ] {
            let answer = try await fixture.campaignCall(method, path)
            #expect(answer.status == 403)
            #expect(answer.code == "subscriber_not_found")
        }
    }

    @Test(
        "An email needs one @, a local part and a dotted domain, and no white space inside, ASCII or not",
        arguments: [
            ("a@example.com", true), ("A.B+c@sub.example.co", true), ("\u{00FC}@example.com", true),
            ("a\u{1F}@example.com", true), ("@example.com", false), ("a@@example.com", false),
            ("a@b@example.com", false), ("a@example", false), ("a@.example.com", false), ("a@example.com.", false),
            ("a b@example.com", false), ("a\t@example.com", false), ("a@exam\u{0B}ple.com", false),
            ("a@exa\u{00A0}mple.com", false), ("a@exa\r\nmple.com", false), ("a@", false),
            (" a@example.com\r\n", true),
        ])
    func emailForms(email: String, valid: Bool) async throws {
        let fixture = try await ReferralHeroFixture()
        let body = try JSONSerialization.data(withJSONObject: ["email": email, "domain": "https://example.com"])
        let answer = try await fixture.campaignCall(
            "POST", "/subscribers", String(decoding: body, as: UTF8.self))
        #expect((answer.status == 200) == valid, "\(email.debugDescription): \(answer.status)")
        #expect(answer.code == (valid ? nil : "invalid_email_address"))
    }

    @Test("The rate limit answers too_many_calls (429) past the allowance and reopens after an hour")
    func rateLimit() async throws {
        var now = ReferralHeroFixture.now
        let clock = SettableDate(now)
        let host = try await SimulatorHost.testing(simulators: [ReferralHeroSimulator()], now: { clock.now })
        let request = CassetteRequest(
            method: "GET", url: "/lists/\(ReferralHeroFixture.campaign)/leaderboard",
            headers: ["Authorization": ReferralHeroFixture.token])
        _ = try await host.respondToAdmin(
            vendor: "referralhero",
            CassetteRequest(method: "PUT", url: "/rate-limit", body: Data(#"{"calls_per_hour":2}"#.utf8)))
        #expect(try await host.respond(vendor: "referralhero", to: request).status == 200)
        #expect(try await host.respond(vendor: "referralhero", to: request).status == 200)
        let refused = try await host.respond(vendor: "referralhero", to: request)
        #expect(refused.status == 429)
        #expect(try JSONValue(parsing: refused.body)["code"] == "too_many_calls")
        now.addTimeInterval(3600)
        clock.set(now)
        #expect(try await host.respond(vendor: "referralhero", to: request).status == 200)
    }

    @Test("Admin: goals outside one to three, bad rewards and incomplete clicks are refused; reset forgets all")
    func admin() async throws {
        let fixture = try await ReferralHeroFixture()
        let campaign = "/campaigns/\(ReferralHeroFixture.campaign)"
        #expect(try await fixture.admin("PUT", campaign, #"{"goal":4}"#).status == 400)
        #expect(try await fixture.admin("PUT", campaign, "nope").status == 400)
        #expect(try await fixture.admin("PUT", campaign + "/rewards", #"{"rewards":[{"name":"x"}]}"#).status == 400)
        #expect(
            try await fixture.admin("POST", campaign + "/clicks", #"{"referrer":"x","os_type":"iOS"}"#).status == 400)
        #expect(try await fixture.admin("GET", "/nothing").status == 404)
        let created = try await fixture.admin(
            "PUT", "/campaigns/MF000000goal", #"{"goal":2,"host":"https://a.example"}"#)
        #expect(created.json == ["uuid": "MF000000goal", "goal": 2, "host": "https://a.example"])
        _ = try await fixture.signUp("ada@example.com")
        try await fixture.host.reset(vendor: "referralhero")
        #expect(try await fixture.admin("GET", "/campaigns").json["campaigns"]?.arrayValue?.count == 1)
        #expect(try await fixture.signUp("bob@example.com").id == "sub_000000000001")
    }
}

/// A settable time source for the rate-limit window.
private final class SettableDate: Sendable {
    private let value: Locked<Date>
    init(_ start: Date) { value = Locked(start) }
    var now: Date { value.withLock { $0 } }
    func set(_ date: Date) { value.withLock { $0 = date } }
}
