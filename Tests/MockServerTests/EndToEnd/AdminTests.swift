import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOCore
import NIOHTTP1
import Testing

@Suite("End to end: admin API")
struct AdminTests {
    @Test("health and mode report the state; PUT mode switches it")
    func healthAndMode() async throws {
        try await withServer { _, endpoints in
            let health = try await TestHTTP.fetch(endpoints.adminURL.appendingPathComponent("health"))
            #expect(
                health.json == [
                    "admin": true, "cassettes": 0, "mode": "simulate", "status": "ok", "vendors": ["counter"],
                ])
            let mode = endpoints.adminURL.appendingPathComponent("mode")
            let switched = try await TestHTTP.send(mode, method: .PUT, json: ["mode": "replay"])
            #expect(switched.json == ["mode": "replay"])
            let refused = try await TestHTTP.send(mode, method: .PUT, json: ["mode": "record"])
            #expect(refused.status == 400)
            #expect(refused.text.contains("--upstream"))
            let read = try await TestHTTP.fetch(mode)
            #expect(read.json == ["mode": "replay"])
        }
    }

    @Test("a replay server's simulators answer once PUT mode switches it to simulate (their store made then)")
    func replayThenSimulate() async throws {
        for concurrentReads in [false, true] {
            var configuration = MockServerConfiguration(mode: .replay)
            configuration.concurrentReads = concurrentReads
            try await withServer(configuration) { _, endpoints in
                let count = endpoints.baseURL(for: "counter").appendingPathComponent("count")
                #expect(try await TestHTTP.fetch(count, method: .POST).status == 404)
                let mode = endpoints.adminURL.appendingPathComponent("mode")
                #expect(try await TestHTTP.send(mode, method: .PUT, json: ["mode": "simulate"]).status == 200)
                _ = try await TestHTTP.fetch(count, method: .POST)
                #expect(try await TestHTTP.fetch(count, method: .POST).json?["count"] == 2)
            }
        }
    }

    @Test("reset clears simulator state for all vendors or one, and refuses unknown vendors")
    func reset() async throws {
        try await withServer(simulators: [CounterSimulator(), CounterSimulator(vendor: "other")]) { _, endpoints in
            for vendor in ["counter", "other"] {
                _ = try await TestHTTP.fetch(
                    endpoints.baseURL(for: vendor).appendingPathComponent("count"), method: .POST)
            }
            let one = try await TestHTTP.fetch(
                endpoints.adminURL.appendingPathComponent("reset/counter"), method: .POST)
            #expect(one.json == ["reset": ["counter"]])
            let counter = try await TestHTTP.fetch(endpoints.baseURL(for: "counter").appendingPathComponent("count"))
            let other = try await TestHTTP.fetch(endpoints.baseURL(for: "other").appendingPathComponent("count"))
            #expect(counter.json?["count"] == 0)
            #expect(other.json?["count"] == 1)
            let all = try await TestHTTP.fetch(endpoints.adminURL.appendingPathComponent("reset"), method: .POST)
            #expect(all.json == ["reset": ["counter", "other"]])
            let unknown = try await TestHTTP.fetch(
                endpoints.adminURL.appendingPathComponent("reset/nope"), method: .POST)
            #expect(unknown.status == 404)
        }
    }

    @Test("cassettes are listed, loaded by name and unloaded")
    func cassettes() async throws {
        try await withTemporaryDirectory { folder in
            try CassetteFixture.write("engage/login", in: folder.url, [CassetteFixture.json("GET", "/a", answer: [:])])
            let configuration = MockServerConfiguration(mode: .replay, cassettesDirectory: folder.url)
            try await withServer(configuration, simulators: []) { _, endpoints in
                let list = endpoints.adminURL.appendingPathComponent("cassettes")
                try CassetteFixture.write(
                    "engage/later", in: folder.url, [CassetteFixture.json("GET", "/b", answer: [:])])
                let loaded = try await TestHTTP.send(list, method: .POST, json: ["name": "engage/later"])
                #expect(loaded.status == 201)
                #expect(loaded.json?["interactions"] == 1)
                let response1 = try await TestHTTP.fetch(endpoints.baseURL(for: "engage").appendingPathComponent("b"))
                #expect(response1.status == 200)
                let missing = try await TestHTTP.send(list, method: .POST, json: ["name": "engage/none"])
                #expect(missing.status == 400)
                #expect(missing.text.contains("no such file"))
                let unloaded = try await TestHTTP.fetch(list.appendingPathComponent("engage/login"), method: .DELETE)
                #expect(unloaded.json?["loaded"]?.arrayValue?.map { $0["name"] } == ["engage/later"])
                let response2 = try await TestHTTP.fetch(endpoints.baseURL(for: "engage").appendingPathComponent("a"))
                #expect(response2.status == 404)
                let again = try await TestHTTP.fetch(list.appendingPathComponent("engage/login"), method: .DELETE)
                #expect(again.status == 404)
            }
        }
    }

    @Test("fault rules are listed and removed one by one or all at once")
    func faultRules() async throws {
        try await withServer { _, endpoints in
            let faults = endpoints.adminURL.appendingPathComponent("faults")
            _ = try await TestHTTP.send(faults, method: .POST, json: ["path": "/counter/*", "fault": "latency=5ms"])
            _ = try await TestHTTP.send(faults, method: .POST, json: ["path": "/counter/count", "fault": "reset"])
            let bad = try await TestHTTP.send(faults, method: .POST, json: ["path": "/x", "fault": "boom"])
            #expect(bad.status == 400)
            #expect(bad.text.contains("unknown fault 'boom'"))
            let list = try await TestHTTP.fetch(faults)
            #expect(list.json?["rules"]?.arrayValue?.map { $0["fault"] } == ["latency=5ms", "reset"])
            let removed = try await TestHTTP.fetch(faults.appendingPathComponent("2"), method: .DELETE)
            #expect(removed.json?["rules"]?.arrayValue?.count == 1)
            let response3 = try await TestHTTP.fetch(faults.appendingPathComponent("2"), method: .DELETE)
            #expect(response3.status == 404)
            let cleared = try await TestHTTP.fetch(faults, method: .DELETE)
            #expect(cleared.json == ["rules": []])
        }
    }

    @Test("The journal lists every request with its match result, filters, and clears")
    func journal() async throws {
        try await withServer { _, endpoints in
            let counter = endpoints.baseURL(for: "counter")
            _ = try await TestHTTP.fetch(counter.appendingPathComponent("count"), method: .POST)
            _ = try await TestHTTP.fetch(counter.appendingPathComponent("count"), method: .POST)
            _ = try await TestHTTP.fetch(counter.appendingPathComponent("missing"))
            _ = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("nobody/x"))
            let journal = endpoints.adminURL.appendingPathComponent("journal")
            let all = try await TestHTTP.fetch(journal)
            #expect(all.json?["count"] == 4)
            let first = try #require(all.json?["entries"]?[0])
            #expect(first["method"] == "POST")
            #expect(first["path"] == "/counter/count")
            #expect(first["vendor"] == "counter")
            #expect(first["outcome"] == "simulated")
            #expect(first["status"] == 200)
            #expect(first["time"]?.stringValue?.isEmpty == false)
            let posts = try await TestHTTP.fetch(
                URL(string: "\(journal)?vendor=counter&method=POST&path=/counter/count")!)
            #expect(posts.json?["count"] == 2)
            let notFound = try await TestHTTP.fetch(URL(string: "\(journal)?status=404")!)
            #expect(notFound.json?["count"] == 2)
            let unknown = try await TestHTTP.fetch(URL(string: "\(journal)?outcome=unknown-vendor")!)
            #expect(unknown.json?["entries"]?[0]?["path"] == "/nobody/x")
            _ = try await TestHTTP.fetch(journal, method: .DELETE)
            let response4 = try await TestHTTP.fetch(journal)
            #expect(response4.json?["count"] == 0)
        }
    }

    @Test("Vendor admin endpoints reach the simulator under /__harness/vendors/<name>/")
    func vendorAdmin() async throws {
        try await withServer { _, endpoints in
            let vendors = try await TestHTTP.fetch(endpoints.adminURL.appendingPathComponent("vendors"))
            #expect(vendors.json == ["vendors": [["cassettes": 0, "name": "counter", "simulator": true]]])
            let count = endpoints.adminURL.appendingPathComponent("vendors/counter/count")
            let set = try await TestHTTP.send(count, method: .PUT, json: ["count": 41])
            #expect(set.json?["count"] == 41)
            let next = try await TestHTTP.fetch(
                endpoints.baseURL(for: "counter").appendingPathComponent("count"), method: .POST)
            #expect(next.json?["count"] == 42)
            let unknown = try await TestHTTP.fetch(endpoints.adminURL.appendingPathComponent("vendors/nope/x"))
            #expect(unknown.status == 404)
            let missing = try await TestHTTP.fetch(endpoints.adminURL.appendingPathComponent("nothing-here"))
            #expect(missing.status == 404)
            #expect(missing.text.contains("admin API table"))
        }
    }

    @Test("Off loopback the admin API is off without a token, and requires the token with one")
    func token() async throws {
        try await withServer(MockServerConfiguration(host: "0.0.0.0")) { _, endpoints in
            let health = URL(string: "http://127.0.0.1:\(endpoints.port)/__harness/health")!
            let off = try await TestHTTP.fetch(health)
            #expect(off.status == 403)
            #expect(off.text.contains("--admin-token"))
            let vendor = try await TestHTTP.fetch(URL(string: "http://127.0.0.1:\(endpoints.port)/counter/count")!)
            #expect(vendor.status == 200)
        }
        try await withServer(MockServerConfiguration(host: "0.0.0.0", adminToken: "t0ken")) { _, endpoints in
            let health = URL(string: "http://127.0.0.1:\(endpoints.port)/__harness/health")!
            let response5 = try await TestHTTP.fetch(health)
            #expect(response5.status == 401)
            let response6 = try await TestHTTP.fetch(health, headers: [("Authorization", "Bearer t0ke")])
            #expect(response6.status == 401)
            let response7 = try await TestHTTP.fetch(health, headers: [("Authorization", "Bearer t0ken")])
            #expect(response7.status == 200)
        }
    }

    @Test("The server binds loopback by default")
    func loopbackDefault() async throws {
        #expect(MockServerConfiguration().host == "127.0.0.1")
        #expect(MockServerConfiguration().bindsLoopback)
        #expect(MockServerConfiguration().adminEnabled)
        #expect(!MockServerConfiguration(host: "0.0.0.0").adminEnabled)
        try await withServer { _, endpoints in
            #expect(endpoints.origin.absoluteString == "http://127.0.0.1:\(endpoints.port)")
            #expect(endpoints.adminURL.absoluteString == "http://127.0.0.1:\(endpoints.port)/__harness")
        }
    }
}
