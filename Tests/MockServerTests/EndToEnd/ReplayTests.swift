import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOCore
import NIOHTTP1
import Testing

@Suite("End to end: replay")
struct ReplayTests {
    /// Serves ``cassettes(in:)`` in replay mode from a temporary folder while `body` runs.
    static func withReplayServer<Result>(
        _ body: (MockServer, MockServerEndpoints) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory { folder in
            try cassettes(in: folder.url)
            return try await withServer(MockServerConfiguration(mode: .replay, cassettesDirectory: folder.url), body)
        }
    }

    /// A cassette folder with `engage/login` (two interactions) and `engage/events`.
    static func cassettes(in folder: URL) throws {
        try CassetteFixture.write(
            "engage/login", in: folder,
            [
                CassetteFixture.json("POST", "/oauth/token", body: ["user": "ann"], answer: ["token": "t-1"]),
                CassetteFixture.json("GET", "/profile?id=7", answer: ["name": "Ann"]),
            ])
        try CassetteFixture.write(
            "engage/events", in: folder,
            [
                CassetteFixture.json(
                    "POST", "/events", body: ["name": "open", "count": 1], status: 202, answer: ["ok": true])
            ])
    }

    func replay(_ folder: URL, missStatus: Int = 404) -> MockServerConfiguration {
        MockServerConfiguration(mode: .replay, cassettesDirectory: folder, missStatus: missStatus)
    }

    @Test("A recorded request is answered with the recorded status, headers and body, across cassettes")
    func hit() async throws {
        try await withTemporaryDirectory { folder in
            try Self.cassettes(in: folder.url)
            try await withServer(replay(folder.url)) { server, endpoints in
                let engage = endpoints.baseURL(for: "engage")
                let token = try await TestHTTP.send(
                    engage.appendingPathComponent("oauth/token"), method: .POST, json: ["user": "ann"])
                #expect(token.status == 200)
                #expect(token.json == ["token": "t-1"])
                #expect(token.headers.first(name: "content-type") == "application/json")
                let event = try await TestHTTP.send(
                    engage.appendingPathComponent("events"), method: .POST, json: ["count": 1.0, "name": "open"])
                #expect(event.status == 202)
                let profile = try await TestHTTP.fetch(URL(string: "\(engage)/profile?id=7")!)
                #expect(profile.json == ["name": "Ann"])
                let journal = server.journal.entries()
                #expect(journal.map(\.outcome) == [.hit, .hit, .hit])
                #expect(journal.map(\.cassette) == ["engage/login", "engage/events", "engage/login"])
            }
        }
    }

    @Test("A miss answers 404 naming the nearest recorded request and the field that differs")
    func miss() async throws {
        try await withTemporaryDirectory { folder in
            try Self.cassettes(in: folder.url)
            try await withServer(replay(folder.url)) { server, endpoints in
                let response = try await TestHTTP.send(
                    endpoints.baseURL(for: "engage").appendingPathComponent("oauth/token"), method: .POST,
                    json: ["user": "bob"])
                #expect(response.status == 404)
                let body = try #require(response.json)
                #expect(body["error"] == "no recorded interaction matches")
                #expect(body["nearest"]?["cassette"] == "engage/login")
                #expect(body["nearest"]?["entry"] == 0)
                #expect(body["nearest"]?["request"] == "POST https://api.example.com/oauth/token")
                let difference = try #require(body["nearest"]?["differences"]?[0])
                #expect(difference["field"]?.stringValue?.contains("/user") == true)
                #expect(difference["expected"]?.stringValue?.contains("ann") == true)
                #expect(difference["actual"]?.stringValue?.contains("bob") == true)
                #expect(body["message"]?.stringValue?.contains("nearest recorded request") == true)
                #expect(server.journal.entries(matching: JournalFilter(outcome: .miss)).count == 1)
            }
        }
    }

    @Test("The miss status is configurable")
    func missStatus() async throws {
        try await withTemporaryDirectory { folder in
            try Self.cassettes(in: folder.url)
            try await withServer(replay(folder.url, missStatus: 599)) { _, endpoints in
                let response = try await TestHTTP.fetch(endpoints.baseURL(for: "engage").appendingPathComponent("nope"))
                #expect(response.status == 599)
            }
        }
    }

    @Test("X-Harness-Cassette restricts replay to the named cassette")
    func namedCassette() async throws {
        try await withTemporaryDirectory { folder in
            try Self.cassettes(in: folder.url)
            try await withServer(replay(folder.url)) { _, endpoints in
                let url = URL(string: "\(endpoints.baseURL(for: "engage"))/profile?id=7")!
                let elsewhere = try await TestHTTP.fetch(url, headers: [("X-Harness-Cassette", "events")])
                #expect(elsewhere.status == 404)
                #expect(elsewhere.json?["cassettes"] == ["engage/events"])
                let named = try await TestHTTP.fetch(url, headers: [("X-Harness-Cassette", "engage/login")])
                #expect(named.status == 200)
            }
        }
    }

    @Test("A broken cassette is named in the list of failures while the others are served")
    func brokenCassette() async throws {
        try await withTemporaryDirectory { folder in
            try Self.cassettes(in: folder.url)
            let broken = folder.url.appendingPathComponent("engage/broken.har")
            try Data("{\"log\": [".utf8).write(to: broken)
            try await withServer(replay(folder.url)) { _, endpoints in
                let list = try await TestHTTP.fetch(endpoints.adminURL.appendingPathComponent("cassettes"))
                #expect(list.json?["loaded"]?.arrayValue?.count == 2)
                #expect(list.json?["failed"]?[0]?["file"]?.stringValue == broken.path)
                #expect(list.json?["failed"]?[0]?["error"]?.stringValue?.contains("not valid JSON") == true)
                let profile = try await TestHTTP.fetch(URL(string: "\(endpoints.baseURL(for: "engage"))/profile?id=7")!)
                #expect(profile.status == 200)
            }
        }
    }

    @Test("Vendors with cassettes are served; others get the unknown-vendor 404")
    func vendors() async throws {
        try await withTemporaryDirectory { folder in
            try Self.cassettes(in: folder.url)
            try await withServer(replay(folder.url), simulators: []) { _, endpoints in
                #expect(endpoints.vendors == ["engage"])
                let response = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("walkme/x"))
                #expect(response.status == 404)
                #expect(response.json?["vendors"] == ["engage"])
            }
        }
    }
}
