import CassetteKit
import ContractKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import Testing

/// A WebEngage simulator in a `SimulatorHost`; every answer is checked against the WebEngage contract.
private struct WebEngageFixture {
    static let user = "/users/~10a5cb78d/luid-1"
    let host: SimulatorHost

    init() async throws {
        host = try await SimulatorHost.testing(simulators: [WebEngageSimulator()])
    }

    struct Answer {
        var status: Int
        var headers: HeaderFields
        var body: Data
        var json: JSONValue { (try? JSONValue(parsing: body)) ?? .null }
        var code: String? { json["error"]?["code"]?.stringValue }
    }

    @discardableResult
    func call(
        _ method: String, _ path: String, body: Data = Data(), headers: HeaderFields = [:], validRequest: Bool = true,
        checked: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Answer {
        let request = CassetteRequest(method: method, url: path, headers: headers, body: body)
        let response = try await host.respond(vendor: "webengage", to: request)
        if checked { Self.expectContract(request, response, validRequest: validRequest, sourceLocation) }
        return Answer(status: response.status, headers: response.headers, body: response.body)
    }

    func template(
        _ variation: String, _ params: String = "{}", query: String = "", validRequest: Bool = true
    ) async throws -> Answer {
        try await call(
            "POST", "\(Self.user)/templates/APP_PERSONALIZATION-\(variation)\(query)",
            body: ContentEncoding.gzip(Data(params.utf8)),
            headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], validRequest: validRequest)
    }

    @discardableResult
    func admin(_ method: String, _ path: String, _ body: String = "") async throws -> JSONValue {
        let response = try await host.respondToAdmin(
            vendor: "webengage", CassetteRequest(method: method, url: path, body: Data(body.utf8)))
        return try JSONValue(parsing: response.body)
    }

    private static let registry = Result { try SchemaRegistry(folder: RepositoryRoot.schemas()) }

    private static func expectContract(
        _ request: CassetteRequest, _ response: CassetteResponse, validRequest: Bool, _ location: SourceLocation
    ) {
        do {
            let interaction = Interaction(
                cassette: "simulator", entry: 0,
                request: Interaction.Request(
                    method: request.method, url: "https://c.webengage.com" + request.url,
                    headers: request.headers.map { HeaderField(name: $0.name, value: $0.value) },
                    body: request.body.isEmpty
                        ? nil : Interaction.Body(data: request.decodedBody, contentType: "application/json")),
                response: Interaction.Response(
                    status: response.status,
                    headers: response.headers.map { HeaderField(name: $0.name, value: $0.value) },
                    body: response.body.isEmpty
                        ? nil : Interaction.Body(data: response.body, contentType: response.headers["Content-Type"])))
            let violations = ContractCheck(registry: try registry.get()).check(interaction, vendor: "webengage")
                .filter { validRequest || !"\($0)".contains("] request ") }
            #expect(violations.isEmpty, "\(request.summary): \(violations)", sourceLocation: location)
        } catch {
            Issue.record("the WebEngage contract did not load: \(error)", sourceLocation: location)
        }
    }
}

@Suite("WebEngageSimulator")
struct WebEngageSimulatorTests {
    @Test("A screen's properties come with their campaign, failure timeout and default content")
    func properties() async throws {
        let fixture = try await WebEngageFixture()
        let home = try await fixture.call("GET", "\(WebEngageFixture.user)/inline-properties?screen=home")
        #expect(home.status == 200)
        #expect(
            home.json["properties"]?[0]?["campaign"] == ["notificationEncId": "c-banner-1", "failureTimeout": 2000])
        let offers = try await fixture.call("GET", "\(WebEngageFixture.user)/inline-properties?screen=offers")
        #expect(offers.json["properties"]?[1]?["campaign"] == .null)
        #expect(offers.json["properties"]?[1]?["content"]?["content"]?["text"] == "See all offers")
        let cart = try await fixture.call("GET", "\(WebEngageFixture.user)/inline-properties?screen=cart")
        #expect(cart.json["properties"]?[0]?["isControlGroup"] == true)
        let unknown = try await fixture.call("GET", "\(WebEngageFixture.user)/inline-properties?screen=nowhere")
        #expect(unknown.json == ["properties": []])
    }

    @Test("A known user's properties are a read: kept by the read cache until a call changes the user's cuid")
    func knownUserReads() async throws {
        let host = try SimulatorHost(
            simulators: [WebEngageSimulator()], concurrentReads: true, cachesReads: true, now: { Date() })
        func get(_ query: String) async throws -> CassetteRequest {
            let request = CassetteRequest(method: "GET", url: "/users/~10a5cb78d/luid-9/inline-properties" + query)
            #expect(try await host.respond(vendor: "webengage", to: request).status == 200)
            return request
        }
        func cuid() async throws -> JSONValue? {
            let response = try await host.respondToAdmin(
                vendor: "webengage", CassetteRequest(method: "GET", url: "/users"))
            let users = try JSONValue(parsing: response.body)["users"]?.arrayValue ?? []
            return users.first { $0["luid"] == "luid-9" }?["cuid"]
        }
        // A new user is recorded (a write: nothing kept); the next call finds it and only reads.
        let first = try await get("?screen=home")
        #expect(host.cachedAnswer(vendor: "webengage", to: first) == nil)
        #expect(try await cuid() == .null)
        let again = try await get("?screen=home")
        #expect(host.cachedAnswer(vendor: "webengage", to: again) != nil)
        // A new cuid is remembered (a write); the same cuid again, or none, leaves it as it is.
        let ada = try await get("?screen=home&cuid=ada")
        #expect(host.cachedAnswer(vendor: "webengage", to: ada) == nil)
        #expect(try await cuid() == "ada")
        let adaAgain = try await get("?screen=home&cuid=ada")
        #expect(host.cachedAnswer(vendor: "webengage", to: adaAgain) != nil)
        _ = try await get("?screen=offers")
        #expect(try await cuid() == "ada")
        let bob = try await get("?screen=home&cuid=bob")
        #expect(host.cachedAnswer(vendor: "webengage", to: bob) == nil)
        #expect(try await cuid() == "bob")
    }

    @Test(
        "An event upload with an unknown member, a non-string cuid or a non-JSON type is refused with 400",
        arguments: [
            (#"{"events":[],"extra":1}"#, "application/json"),
            (
                #"{"cuid":12345,"events":[{"event_name":"a","system_data":{},"event_data":{},"event_time":"t"}]}"#,
                "application/json"
            ),
            (#"{"events":[{"event_name":"a","system_data":{},"event_data":{},"event_time":"t"}]}"#, "text/plain"),
        ])
    func badEventUploads(body: String, contentType: String) async throws {
        let fixture = try await WebEngageFixture()
        let answer = try await fixture.call(
            "POST", "\(WebEngageFixture.user)/events", body: Data(body.utf8), headers: ["Content-Type": contentType],
            validRequest: false)
        #expect(answer.status == 400)
        #expect(answer.code == "invalid_events")
        #expect(try await fixture.admin("GET", "/events")["events"] == [])
    }

    @Test("An unknown license, a missing screen and an unknown path get the documented errors")
    func errors() async throws {
        let fixture = try await WebEngageFixture()
        #expect(
            try await fixture.call("GET", "/users/~nope/luid-1/inline-properties?screen=home").code == "invalid_license"
        )
        #expect(
            try await fixture.call("GET", "\(WebEngageFixture.user)/inline-properties", validRequest: false).code
                == "missing_screen")
        let unknown = try await fixture.call("GET", "/elsewhere", checked: false)
        #expect(unknown.status == 404)
        #expect(unknown.code == "not_found")
        // An empty license code or user id names none: the documented errors, not a 404 the contract does not know.
        let noLicense = try await fixture.call(
            "GET", "/users//luid-1/inline-properties?screen=home", validRequest: false)
        #expect(noLicense.code == "invalid_license")
        let noUser = try await fixture.call("POST", "/users/~10a5cb78d//events", validRequest: false)
        #expect(noUser.code == "invalid_luid")
    }

    @Test("A template fetch inflates the gzip body and personalises the Text for the cuid")
    func templates() async throws {
        let fixture = try await WebEngageFixture()
        let banner = try await fixture.template("v-banner-1")
        #expect(banner.json["templateData"]?["config"]?["ctnt"]?["lt"] == "2341ifb0")
        let text = try await fixture.template("v-text-1", query: "?cuid=ada%40example.com")
        #expect(
            text.json["templateData"]?["config"]?["ctnt"]?["text"] == "Hello ada@example.com, our autumn range is here")
        let users = try await fixture.admin("GET", "/users")
        #expect(users["users"]?[0]?["cuid"] == "ada@example.com")
    }

    @Test("A body that does not inflate, is not JSON, or names an unknown variation is refused")
    func badTemplateRequests() async throws {
        let fixture = try await WebEngageFixture()
        let broken = try await fixture.call(
            "POST", "\(WebEngageFixture.user)/templates/APP_PERSONALIZATION-v-banner-1", body: Data([0x1f, 0x8b, 1]),
            headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], validRequest: false)
        #expect(broken.status == 400)
        #expect(broken.code == "invalid_body")
        #expect(try await fixture.template("v-banner-1", "[1]", validRequest: false).code == "invalid_body")
        #expect(try await fixture.template("v-missing").code == "unknown_variation")
    }

    @Test("Faults on demand: 503, 204, null templateData, and a render delay header")
    func faults() async throws {
        let fixture = try await WebEngageFixture()
        try await fixture.admin("PUT", "/variations/v-banner-1", #"{"fault":"unavailable"}"#)
        #expect(try await fixture.template("v-banner-1").status == 503)
        try await fixture.admin("PUT", "/variations/v-banner-1", #"{"fault":"no-content","render_delay_ms":3000}"#)
        let empty = try await fixture.template("v-banner-1")
        #expect(empty.status == 204)
        #expect(empty.headers["X-Simulated-Render-Delay-Ms"] == "3000")
        try await fixture.admin("PUT", "/variations/v-banner-1", #"{"fault":"null-data"}"#)
        #expect(try await fixture.template("v-banner-1").json == ["templateData": .null])
        let refused = try await fixture.admin("PUT", "/variations/v-banner-1", #"{"fault":"explode"}"#)
        #expect(refused["error"] == "bad request")
    }

    @Test("Images are served, fail on demand with 503, and unknown ones are 404")
    func resources() async throws {
        let fixture = try await WebEngageFixture()
        let image = try await fixture.call("GET", "/resources/summer-sale.png")
        #expect(image.status == 200)
        #expect(image.headers["Content-Type"] == "image/png")
        try await fixture.admin("PUT", "/resources/summer-sale.png", #"{"failing":true}"#)
        #expect(try await fixture.call("GET", "/resources/summer-sale.png").code == "resource_unavailable")
        #expect(try await fixture.call("GET", "/resources/none.png").code == "resource_not_found")
    }

    @Test("Uploaded events are stored and listed by the admin API; malformed batches are refused")
    func events() async throws {
        let fixture = try await WebEngageFixture()
        let batch =
            #"{"cuid":"ada","events":[{"event_name":"app_personalization_view","category":"system","#
            + #""system_data":{"p_id":"1001","id":"v-banner-1","experiment_id":"c-banner-1"},"#
            + #""event_data":{"offer":"SUMMER25"},"event_time":"2026-01-01T00:00:00.000Z"}]}"#
        let stored = try await fixture.call(
            "POST", "\(WebEngageFixture.user)/events", body: Data(batch.utf8),
            headers: ["Content-Type": "application/json"])
        #expect(stored.json == ["status": "success", "accepted": 1])
        let listed = try await fixture.admin("GET", "/events")
        #expect(listed["events"]?[0]?["event_name"] == "app_personalization_view")
        #expect(listed["events"]?[0]?["cuid"] == "ada")
        #expect(listed["events"]?[0]?["event_data"] == ["offer": "SUMMER25"])
        let bad = try await fixture.call(
            "POST", "\(WebEngageFixture.user)/events", body: Data(#"{"events":[{"event_name":1}]}"#.utf8),
            headers: ["Content-Type": "application/json"], validRequest: false)
        #expect(bad.code == "invalid_events")
        try await fixture.host.reset(vendor: "webengage")
        #expect(try await fixture.admin("GET", "/events") == ["events": []])
    }
}
