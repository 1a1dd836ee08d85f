import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOHTTP1
import Testing

@Suite("Live contract check")
struct LiveCheckTests {
    /// A server over `mode` with the fixture contracts checked live.
    func withChecked<Result>(
        _ mode: ServerMode = .simulate, strict: Bool = false,
        _ body: (MockServerEndpoints) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory { folder in
            try InspectorFixture.shopCassettes(in: folder.url)
            var configuration = MockServerConfiguration(mode: mode, cassettesDirectory: folder.url)
            configuration.contractCheck = try InspectorFixture.check(in: folder.url)
            configuration.strictContract = strict
            return try await withServer(configuration) { _, endpoints in try await body(endpoints) }
        }
    }

    func entry(_ endpoints: MockServerEndpoints, _ link: String) async throws -> JSONValue {
        let fetched = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent(link))
        #expect(fetched.status == 200, "\(fetched.text)")
        return try #require(fetched.json)
    }

    @Test("A simulated exchange that keeps the contract is answered with X-Harness-Contract: ok and journaled whole")
    func simulatedOK() async throws {
        try await withChecked { endpoints in
            let answer = try await TestHTTP.send(
                endpoints.baseURL(for: "counter").appendingPathComponent("count"), method: .POST, json: ["by": 2])
            #expect(answer.status == 200)
            #expect(answer.headers.first(name: "X-Harness-Contract") == "ok")
            let entry = try await entry(endpoints, "__harness/journal/1")
            #expect(entry["contract"]?["violations"]?.arrayValue?.isEmpty == true)
            #expect(entry["mode"] == "simulate")
            #expect(entry["exchange"]?["request"]?["body"] == #"{"by":2}"#)
            #expect(entry["exchange"]?["response"]?["body"]?.stringValue?.contains("\"count\":2") == true)
            #expect(entry["exchange"]?["url"] == "http://simulator.local/counter/count")
        }
    }

    @Test("A request breaking the contract is answered, with violations=N and the journal link naming each violation")
    func simulatedViolation() async throws {
        try await withChecked { endpoints in
            let answer = try await TestHTTP.send(
                endpoints.baseURL(for: "counter").appendingPathComponent("count"), method: .POST,
                json: ["by": 1, "note": "<script>alert(1)</script>"])
            #expect(answer.status == 200, "the simulator still answers without --strict-contract")
            let header = try #require(answer.headers.first(name: "X-Harness-Contract"))
            #expect(header == "violations=1; /__harness/journal/1")
            let entry = try await entry(endpoints, "__harness/journal/1")
            let violation = try #require(entry["contract"]?["violations"]?[0])
            #expect(violation["kind"] == "json-schema")
            #expect(violation["location"]?.stringValue?.hasPrefix("request body /note") == true, "\(violation)")
        }
    }

    @Test(
        "--strict-contract answers a contract-breaking request with 422 naming each violation; the simulator is not asked"
    )
    func strict() async throws {
        try await withChecked(strict: true) { endpoints in
            let url = endpoints.baseURL(for: "counter").appendingPathComponent("count")
            let refused = try await TestHTTP.send(url, method: .POST, json: ["by": "two"])
            #expect(refused.status == 422, "\(refused.text)")
            #expect(refused.json?["error"] == "request breaks the contract")
            let violation = try #require(refused.json?["violations"]?[0])
            #expect(violation["location"] == "request body /by")
            #expect(violation["expected"]?.stringValue?.contains("integer") == true, "\(violation)")
            #expect(violation["actual"]?.stringValue?.contains("two") == true, "\(violation)")
            #expect(refused.headers.first(name: "X-Harness-Contract")?.hasPrefix("violations=1; ") == true)
            let total = try await TestHTTP.fetch(url)
            #expect(total.json?["count"] == 0, "the refused request did not reach the simulator: \(total.text)")
            #expect(total.headers.first(name: "X-Harness-Contract") == "ok")
            let kept = try await TestHTTP.send(url, method: .POST, json: ["by": 3])
            #expect(kept.status == 200 && kept.json?["count"] == 3)
        }
    }

    @Test("Replay hits carry the verdict on every answer, the breaking one too, also when answered from the wire")
    func replayHits() async throws {
        try await withChecked(.replay) { endpoints in
            let url = endpoints.baseURL(for: "shop").appendingPathComponent("orders")
            for _ in 0..<3 {
                let good = try await TestHTTP.send(url, method: .POST, json: ["item": "tea", "count": 1])
                #expect(good.status == 201 && good.headers.first(name: "X-Harness-Contract") == "ok", "\(good.text)")
            }
            let bad = try await TestHTTP.send(
                url, method: .POST, json: ["item": "<script>alert(1)</script>", "count": "two"])
            #expect(bad.status == 201)
            let header = try #require(bad.headers.first(name: "X-Harness-Contract"))
            #expect(header == "violations=1; /__harness/journal/4", "\(header)")
            let entry = try await entry(endpoints, "__harness/journal/4")
            #expect(entry["outcome"] == "hit")
            #expect(entry["contract"]?["violations"]?[0]?["location"] == "request body /count")
            let body = #"{"item":"tea","count":1}"#
            let raw = try await RawTCP.exchange(
                port: endpoints.port,
                "POST /shop/orders HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
            #expect(raw.text.contains("X-Harness-Contract: ok\r\n"), "\(raw.text)")
        }
    }

    @Test("A replay miss is journaled with the nearest recorded request and the fields that differ")
    func miss() async throws {
        try await withChecked(.replay) { endpoints in
            let url = endpoints.baseURL(for: "shop").appendingPathComponent("orders")
            let missed = try await TestHTTP.send(url, method: .POST, json: ["item": "coffee", "count": 1])
            #expect(missed.status == 404)
            #expect(missed.headers.first(name: "X-Harness-Contract") == "ok", "the request itself keeps the contract")
            let entry = try await entry(endpoints, "__harness/journal/1")
            #expect(entry["outcome"] == "miss")
            #expect(entry["nearest"]?["cassette"] == "shop/orders")
            #expect(entry["nearest"]?["entry"] == 0)
            let fields = entry["nearest"]?["differences"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
            #expect(fields.contains { $0.contains("item") }, "\(fields)")
            #expect(entry["contract"]?["requestOnly"] == true)
        }
    }

    @Test("Secrets are redacted in the journal with the recording rules")
    func redacted() async throws {
        try await withChecked { endpoints in
            _ = try await TestHTTP.fetch(
                endpoints.baseURL(for: "counter").appendingPathComponent("count"),
                headers: [("Authorization", "Bearer sk-live-0123456789abcdef")])
            let journal = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/journal/1"))
            #expect(!journal.text.contains("sk-live-0123456789abcdef"), "\(journal.text)")
            #expect(journal.text.contains("redacted"), "\(journal.text)")
        }
    }

    @Test("Record and spy modes check the upstream's exchange too", arguments: [ServerMode.record, .spy])
    func proxied(mode: ServerMode) async throws {
        try await withTemporaryDirectory { folder in
            try await withServer(MockServerConfiguration(vendor: "counter")) { _, upstream in
                var configuration = MockServerConfiguration(
                    mode: mode, cassettesDirectory: folder.url, cassette: "counter/session", upstream: upstream.origin)
                configuration.contractCheck = try InspectorFixture.check(in: folder.url)
                try await withServer(configuration, simulators: []) { _, endpoints in
                    let url = endpoints.baseURL(for: "counter").appendingPathComponent("count")
                    let kept = try await TestHTTP.send(url, method: .POST, json: ["by": 2])
                    #expect(
                        kept.status == 200 && kept.headers.first(name: "X-Harness-Contract") == "ok", "\(kept.text)")
                    let broken = try await TestHTTP.send(url, method: .POST, json: ["by": 1, "note": "x"])
                    #expect(broken.headers.first(name: "X-Harness-Contract") == "violations=1; /__harness/journal/2")
                    let entry = try await entry(endpoints, "__harness/journal/2")
                    #expect(entry["outcome"] == "recorded")
                    #expect(entry["mode"] == .string(mode.rawValue))
                    #expect(entry["contract"]?["violations"]?[0]?["location"] == "request body /note")
                }
            }
        }
    }
}
