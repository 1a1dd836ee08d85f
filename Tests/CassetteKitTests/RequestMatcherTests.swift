import CassetteKit
import Foundation
import JSONCore
import Testing

@Suite("RequestMatcher")
struct RequestMatcherTests {
    /// Whether `incoming` is answered by a cassette holding only `recorded`.
    func matches(
        _ recorded: CassetteRequest, _ incoming: CassetteRequest, matcher: RequestMatcher = .default,
        harness: HarnessExtension? = nil, volatile: [FieldRule] = []
    ) throws -> Bool {
        let cassette = Sample.cassette([(recorded, Sample.response())], harness: harness)
        let index = try InteractionIndex(
            cassette: cassette, name: "test", options: ReplayOptions(matcher: matcher, volatile: volatile))
        return index.matches(for: incoming) == [0]
    }

    @Test("JSON bodies match regardless of key order and number spelling, and differ on a value")
    func jsonSemantic() throws {
        let recorded = Sample.request(body: #"{"a": 1, "b": {"c": [1, 2.0]}}"#)
        #expect(try matches(recorded, Sample.request(body: #"{"b":{"c":[1e0,2]},"a":1.0}"#)))
        #expect(try !matches(recorded, Sample.request(body: #"{"b":{"c":[2,1]},"a":1}"#)))
    }

    @Test("XML bodies match canonically: attribute order, prefixes, whitespace and comments do not matter")
    func xmlCanonical() throws {
        let headers: HeaderFields = ["Content-Type": "text/xml"]
        let recorded = Sample.request(
            headers: headers, body: #"<Envelope xmlns="urn:e"><Body a="1" b="2"><X>v</X></Body></Envelope>"#)
        let same = Sample.request(
            headers: headers,
            body:
                "<?xml version=\"1.0\"?>\n<e:Envelope xmlns:e=\"urn:e\">\n  <!-- c -->\n  <e:Body b=\"2\" a=\"1\"><e:X><![CDATA[v]]></e:X></e:Body>\n</e:Envelope>"
        )
        #expect(try matches(recorded, same))
        let changed = Sample.request(
            headers: headers, body: #"<Envelope xmlns="urn:e"><Body a="1" b="2"><X>w</X></Body></Envelope>"#)
        #expect(try !matches(recorded, changed))
    }

    @Test("Form bodies match as a field multiset, and a field holding XML is compared canonically")
    func formWithXML() throws {
        let headers: HeaderFields = ["Content-Type": "application/x-www-form-urlencoded"]
        let recorded = Sample.request(
            headers: headers,
            body: "jsessionid=1&xml=%3CEnvelope%3E%3CBody%20a%3D%221%22%20b%3D%222%22%2F%3E%3C%2FEnvelope%3E")
        let reordered = Sample.request(
            headers: headers,
            body:
                "xml=%3CEnvelope%3E%0A%20%20%3CBody+b%3D%222%22+a%3D%221%22%3E%3C%2FBody%3E%0A%3C%2FEnvelope%3E&jsessionid=1"
        )
        #expect(try matches(recorded, reordered))
        #expect(
            try !matches(
                recorded, Sample.request(headers: headers, body: "jsessionid=1&jsessionid=1&xml=%3CEnvelope%2F%3E")))
    }

    @Test("The query is a multiset: order does not matter, a repeated or missing parameter does")
    func queryMultiset() throws {
        let recorded = Sample.request("GET", "https://x.test/p?a=1&b=2&a=3")
        #expect(try matches(recorded, Sample.request("GET", "https://x.test/p?a=3&b=2&a=1")))
        #expect(try !matches(recorded, Sample.request("GET", "https://x.test/p?a=1&b=2")))
        #expect(try !matches(recorded, Sample.request("GET", "https://x.test/p?a=1&b=2&a=3&a=3")))
    }

    @Test("Headers are compared only when allow-listed, case-insensitively by name")
    func headerAllowList() throws {
        let recorded = Sample.request(
            "GET", "https://x.test/p", headers: ["Accept": "application/json", "X-Trace": "1"])
        let other = Sample.request("GET", "https://x.test/p", headers: ["accept": "application/json", "X-Trace": "2"])
        #expect(try matches(recorded, other))
        #expect(try matches(recorded, other, matcher: .method && .path && .headers("Accept")))
        #expect(try !matches(recorded, other, matcher: .method && .path && .headers("X-Trace")))
    }

    @Test("Scheme, host and port are compared only by the strict matcher")
    func hostAndPort() throws {
        let recorded = Sample.request("GET", "https://api.example.com/p")
        let otherHost = Sample.request("GET", "https://API.example.com:443/p")
        #expect(try matches(recorded, otherHost, matcher: .strict))
        #expect(try matches(recorded, Sample.request("GET", "http://localhost:8080/p")))
        #expect(try !matches(recorded, Sample.request("GET", "http://localhost:8080/p"), matcher: .strict))
    }

    @Test("Volatile fields from the cassette and the options are ignored, but must still be present")
    func volatileFields() throws {
        let harness = HarnessExtension(volatile: [.json("/events/*/ts"), .query("cb"), .header("X-Request-Id")])
        let matcher: RequestMatcher = .method && .path && .query && .headers("X-Request-Id") && .body
        let recorded = Sample.request(
            "POST", "https://x.test/e?cb=111", headers: ["Content-Type": "application/json", "X-Request-Id": "r1"],
            body: #"{"events":[{"name":"open","ts":1},{"name":"tap","ts":2}]}"#)
        let later = Sample.request(
            "POST", "https://x.test/e?cb=999", headers: ["Content-Type": "application/json", "X-Request-Id": "r2"],
            body: #"{"events":[{"name":"open","ts":51},{"name":"tap","ts":52}]}"#)
        #expect(try matches(recorded, later, matcher: matcher, harness: harness))
        let renamed = Sample.request(
            "POST", "https://x.test/e?cb=999", headers: ["Content-Type": "application/json", "X-Request-Id": "r2"],
            body: #"{"events":[{"name":"open","ts":51},{"name":"swipe","ts":52}]}"#)
        #expect(try !matches(recorded, renamed, matcher: matcher, harness: harness))
        let missing = Sample.request(
            "POST", "https://x.test/e", headers: ["Content-Type": "application/json", "X-Request-Id": "r2"],
            body: #"{"events":[{"name":"open","ts":51},{"name":"tap","ts":52}]}"#)
        #expect(try !matches(recorded, missing, matcher: matcher, harness: harness))
    }

    @Test("A volatile XPath masks an element's value; a pattern constrains the value's shape")
    func volatileXPathWithPattern() throws {
        let headers: HeaderFields = ["Content-Type": "application/xml"]
        let recorded = Sample.request(headers: headers, body: "<R><SESSIONID>ab12</SESSIONID><N>1</N></R>")
        let fresh = Sample.request(headers: headers, body: "<R><SESSIONID>ff99</SESSIONID><N>1</N></R>")
        let odd = Sample.request(headers: headers, body: "<R><SESSIONID>not hex!</SESSIONID><N>1</N></R>")
        let rule = try FieldRule(parsing: "xpath://SESSIONID", pattern: "^[0-9a-f]+$")
        #expect(try matches(recorded, fresh, volatile: [rule]))
        #expect(try !matches(recorded, odd, volatile: [rule]))
        #expect(try !matches(recorded, fresh))
    }

    @Test("A value pattern masks matching values wherever they are")
    func valuePattern() throws {
        let rule = try FieldRule(parsing: "value:^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
        let recorded = Sample.request(
            "POST", "https://x.test/e?id=6f1c2a4e-0b1d-4c3e-9f2a-1234567890ab",
            body: #"{"device":"6f1c2a4e-0b1d-4c3e-9f2a-1234567890ab","n":1}"#)
        let fresh = Sample.request(
            "POST", "https://x.test/e?id=00000000-1111-2222-3333-444444444444",
            body: #"{"device":"aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee","n":1}"#)
        #expect(try matches(recorded, fresh, volatile: [rule]))
        #expect(try !matches(recorded, fresh))
    }

    @Test("An entry's own volatile fields apply to that entry only")
    func entryVolatile() throws {
        var cassette = Sample.cassette([
            (Sample.request(body: #"{"step":1,"ts":10}"#), Sample.response()),
            (Sample.request(body: #"{"step":2,"ts":20}"#), Sample.response()),
        ])
        cassette.entries[1].harness?.volatile = [.json("/ts")]
        let index = try InteractionIndex(cassette: cassette, name: "t")
        #expect(index.matches(for: Sample.request(body: #"{"step":2,"ts":99}"#)) == [1])
        #expect(index.matches(for: Sample.request(body: #"{"step":1,"ts":99}"#)).isEmpty)
    }

    @Test("A custom matcher composes with the built-in ones")
    func custom() throws {
        let sameTenant = RequestMatcher.custom("tenant prefix") { recorded, incoming in
            recorded.headers["X-Tenant"]?.prefix(3) == incoming.headers["X-Tenant"]?.prefix(3)
        }
        let recorded = Sample.request("GET", "https://x.test/p", headers: ["X-Tenant": "acme-1"])
        #expect(
            try matches(
                recorded, Sample.request("GET", "https://x.test/p", headers: ["X-Tenant": "acme-2"]),
                matcher: .method && .path && sameTenant))
        #expect(
            try !matches(
                recorded, Sample.request("GET", "https://x.test/p", headers: ["X-Tenant": "beta-1"]),
                matcher: .method && .path && sameTenant))
        #expect((RequestMatcher.method && .path && sameTenant).description == "method && path && custom(tenant prefix)")
    }

    @Test("gzip-encoded request bodies are compared decoded")
    func gzipRequestBody() throws {
        let json = #"{"events":[{"name":"open"}]}"#
        let recorded = CassetteRequest(
            method: "POST", url: "https://x.test/batch",
            headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
            body: ContentEncoding.gzip(Data(json.utf8)))
        let plain = Sample.request("POST", "https://x.test/batch", body: #"{ "events": [ { "name": "open" } ] }"#)
        #expect(try matches(recorded, plain))
    }

    @Test("A live request carrying real secrets matches the recorded, redacted one")
    func secretsCompareRedacted() throws {
        let live = Sample.request(
            "POST", "https://x.test/oauth/token?access_token=LIVE-TOKEN-123",
            headers: ["Content-Type": "application/json", "Authorization": "Bearer LIVE-TOKEN-123"],
            body: #"{"client_secret":"s3cr3t-live","grant_type":"refresh_token","refresh_token":"rt-live"}"#)
        var cassette = Sample.cassette([(live, Sample.response())])
        cassette.redact()
        let stored = String(decoding: cassette.encoded(), as: UTF8.self)
        #expect(!stored.contains("LIVE-TOKEN-123") && !stored.contains("s3cr3t-live") && !stored.contains("rt-live"))
        let reloaded = try Cassette(data: cassette.encoded(), source: "t")
        let matcher: RequestMatcher = .default && .headers("Authorization")
        let index = try InteractionIndex(cassette: reloaded, name: "t", options: ReplayOptions(matcher: matcher))
        #expect(index.matches(for: live) == [0])
        let otherLive = Sample.request(
            "POST", "https://x.test/oauth/token?access_token=OTHER",
            headers: ["Content-Type": "application/json", "Authorization": "Bearer OTHER"],
            body: #"{"client_secret":"other","grant_type":"refresh_token","refresh_token":"other"}"#)
        #expect(index.matches(for: otherLive) == [0], "secrets are compared in redacted form, whatever their value")
        let wrongGrant = Sample.request(
            "POST", "https://x.test/oauth/token?access_token=LIVE-TOKEN-123",
            headers: ["Content-Type": "application/json", "Authorization": "Bearer LIVE-TOKEN-123"],
            body: #"{"client_secret":"s3cr3t-live","grant_type":"password","refresh_token":"rt-live"}"#)
        #expect(index.matches(for: wrongGrant).isEmpty)
    }
}
