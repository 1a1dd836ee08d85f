import CassetteKit
import ContractKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOHTTP1
import Testing

@Suite("Journal API")
struct JournalAPITests {
    func withShop<Result>(_ body: (MockServerEndpoints, URL) async throws -> Result) async throws -> Result {
        try await withTemporaryDirectory { folder in
            try InspectorFixture.shopCassettes(in: folder.url)
            var configuration = MockServerConfiguration(mode: .replay, cassettesDirectory: folder.url)
            configuration.contractCheck = try InspectorFixture.check(in: folder.url)
            return try await withServer(configuration) { _, endpoints in try await body(endpoints, folder.url) }
        }
    }

    /// The valid order, the contract-breaking one and a miss.
    func session(_ endpoints: MockServerEndpoints) async throws {
        let url = endpoints.baseURL(for: "shop").appendingPathComponent("orders")
        _ = try await TestHTTP.send(url, method: .POST, json: ["item": "tea", "count": 1])
        _ = try await TestHTTP.send(url, method: .POST, json: ["item": "<script>alert(1)</script>", "count": "two"])
        _ = try await TestHTTP.send(url, method: .POST, json: ["item": "coffee", "count": 1])
    }

    func list(_ endpoints: MockServerEndpoints, _ query: String) async throws -> Fetched {
        try await TestHTTP.fetch(URL(string: endpoints.origin.absoluteString + "/__harness/journal?" + query)!)
    }

    @Test("The list filters by violations, outcome, status, vendor and since")
    func filters() async throws {
        try await withShop { endpoints, _ in
            try await session(endpoints)
            let sequences = { (fetched: Fetched) in fetched.json?["entries"]?.arrayValue?.compactMap { $0["sequence"] }
            }
            #expect(sequences(try await list(endpoints, "violations=1")) == [2])
            #expect(sequences(try await list(endpoints, "outcome=miss")) == [3])
            #expect(sequences(try await list(endpoints, "status=201")) == [1, 2])
            #expect(sequences(try await list(endpoints, "since=1&vendor=shop")) == [2, 3])
            #expect(sequences(try await list(endpoints, "vendor=engage")) == [])
        }
    }

    @Test("Hostile query numbers and sequences answer 400 or 404 naming what was wrong, never trap")
    func hostile() async throws {
        try await withShop { endpoints, _ in
            try await session(endpoints)
            for query in ["since=-1", "since=99999999999999999999", "status=abc", "status=-5", "outcome=nope"] {
                let fetched = try await list(endpoints, query)
                let name = String(query.prefix { $0 != "=" })
                #expect(fetched.status == 400, "\(query): \(fetched.text)")
                #expect(fetched.json?["message"]?.stringValue?.contains(name) == true, "\(query): \(fetched.text)")
            }
            for path in ["0", "-1", "abc", "99999999999999999999"] {
                let fetched = try await TestHTTP.fetch(
                    endpoints.origin.appendingPathComponent("__harness/journal/" + path))
                #expect(fetched.status == 400, "\(path): \(fetched.text)")
            }
            let absent = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/journal/999"))
            #expect(absent.status == 404 && absent.text.contains("999"), "\(absent.text)")
            let huge = try await TestHTTP.fetch(
                endpoints.baseURL(for: "shop").appendingPathComponent("orders"), method: .POST,
                headers: [("Content-Type", "application/json"), ("X-Note", String(repeating: "<x>", count: 2000))],
                body: Data(repeating: UInt8(ascii: "a"), count: 2 << 20))
            #expect(huge.status == 404, "a huge body that matches nothing is a miss: \(huge.status)")
            let entry = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/journal/4"))
            #expect(entry.json?["contract"]?["violations"]?.arrayValue?.isEmpty == false, "\(entry.text.prefix(300))")
        }
    }

    @Test("journal.har is a redacted cassette that the contract check reads and finds the breaking entry in")
    func cassette() async throws {
        try await withShop { endpoints, folder in
            try await session(endpoints)
            let fetched = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/journal.har"))
            #expect(fetched.status == 200, "\(fetched.text)")
            let cassette = try Cassette(data: fetched.body, source: "journal.har")
            #expect(cassette.entries.count == 2, "the miss is the harness's answer, not the vendor's")
            #expect(cassette.harness.vendor == "shop")
            let check = try InspectorFixture.check(in: folder)
            let interactions = InteractionCassette(cassette, path: "journal.har", folderVendor: "shop").interactions
            #expect(check.check(interactions[0], vendor: "shop").isEmpty)
            #expect(check.check(interactions[1], vendor: "shop").map(\.location) == ["request body /count"])
            let good = try await TestHTTP.fetch(
                URL(string: endpoints.origin.absoluteString + "/__harness/journal.har?violations=0&since=0&status=201")!
            )
            #expect(good.status == 200)
            let none = try await TestHTTP.fetch(
                URL(string: endpoints.origin.absoluteString + "/__harness/journal.har?outcome=miss")!)
            #expect(none.status == 400 && none.text.contains("no journaled exchange"), "\(none.text)")
        }
    }

    @Test("The event stream sends the entries after since, then each new one as it is journaled")
    func stream() async throws {
        try await withShop { endpoints, _ in
            try await session(endpoints)
            let client = JournalClient(origin: endpoints.origin)
            var received: [Int] = []
            for try await entry in client.follow(query: "since=1") {
                received.append(entry.sequence)
                if received == [2, 3] {
                    _ = try await TestHTTP.send(
                        endpoints.baseURL(for: "shop").appendingPathComponent("orders"), method: .POST,
                        json: ["item": "tea", "count": 1])
                }
                if received.count == 3 { break }
            }
            #expect(received == [2, 3, 4])
        }
    }

    @Test("The journal keeps its byte bound, dropping the oldest entries and counting them")
    func byteBound() async throws {
        var configuration = MockServerConfiguration()
        configuration.journalByteCapacity = 2_000
        try await withServer(configuration) { _, endpoints in
            for _ in 0..<4 {
                _ = try await TestHTTP.fetch(
                    endpoints.baseURL(for: "counter").appendingPathComponent("echo"), method: .POST,
                    body: Data(repeating: UInt8(ascii: "z"), count: 900))
            }
            let journal = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/journal"))
            let kept = journal.json?["entries"]?.arrayValue?.compactMap { $0["sequence"]?.numberValue?.integer } ?? []
            #expect(kept == [4], "\(journal.text.prefix(200))")
            #expect(journal.json?["dropped"] == 3)
        }
    }
}
