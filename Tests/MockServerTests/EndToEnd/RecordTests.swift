import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOCore
import NIOHTTP1
import Testing

@Suite("End to end: record and spy")
struct RecordTests {
    /// Runs `body` with an upstream (a counter simulator at the root of its own server) and a proxying
    /// server in `mode` recording into `folder`.
    func withProxy(
        _ mode: ServerMode, folder: URL, cassette: String? = "counter/session",
        _ body: (MockServer, MockServerEndpoints) async throws -> Void
    ) async throws {
        try await withServer(MockServerConfiguration(vendor: "counter")) { _, upstream in
            let configuration = MockServerConfiguration(
                mode: mode, cassettesDirectory: folder, cassette: cassette, upstream: upstream.origin)
            try await withServer(configuration, simulators: [], body)
        }
    }

    func cassette(_ name: String, in folder: URL) throws -> Cassette {
        try Cassette(contentsOf: folder.appendingPathComponent(name + ".har"))
    }

    @Test("Record proxies to the upstream and writes the exchange, redacted, into the cassette")
    func record() async throws {
        try await withTemporaryDirectory { folder in
            try await withProxy(.record, folder: folder.url) { server, endpoints in
                let response = try await TestHTTP.send(
                    endpoints.baseURL(for: "counter").appendingPathComponent("count"), method: .POST, json: ["by": 4],
                    headers: [("Authorization", "Bearer s3cret-token")])
                #expect(response.status == 200)
                #expect(response.json?["count"] == 4)
                #expect(server.journal.entries().map(\.outcome) == [.recorded])
            }
            let recorded = try cassette("counter/session", in: folder.url)
            let entry = try #require(recorded.entries.first)
            #expect(recorded.entries.count == 1)
            #expect(entry.request.url.hasSuffix("/count"))
            #expect(entry.request.url.hasPrefix("http://127.0.0.1:"))
            #expect(entry.response.status == 200)
            let text = String(decoding: recorded.encoded(), as: UTF8.self)
            #expect(!text.contains("s3cret-token"))
            #expect(!text.contains("X-Harness"))
        }
    }

    @Test("X-Harness-Cassette names the cassette; concurrent requests are all recorded")
    func concurrent() async throws {
        try await withTemporaryDirectory { folder in
            try await withProxy(.record, folder: folder.url, cassette: nil) { _, endpoints in
                let url = endpoints.baseURL(for: "counter").appendingPathComponent("echo")
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<20 {
                        group.addTask {
                            // A deadline for a hang, not for speed, as RacingClients'. The twenty requests queue
                            // for eight connections twice (client to proxy, proxy to upstream), and every hop
                            // waits for one of two threads shared with the whole suite: in a full `swift test` on
                            // this 2-core machine they took 20–53 s, and on CI one passed the 60 s this was.
                            try await TestHTTP.fetch(
                                url, method: .POST, headers: [("X-Harness-Cassette", "burst")],
                                body: Data("request \(index)".utf8), timeout: .seconds(300)
                            ).status
                        }
                    }
                    for try await status in group { #expect(status == 200) }
                }
            }
            let recorded = try cassette("counter/burst", in: folder.url)
            #expect(recorded.entries.count == 20)
            let bodies = Set(recorded.entries.compactMap { $0.request.cassetteRequest?.body })
            #expect(bodies.count == 20)
        }
    }

    @Test("Spy replays what the cassettes hold and records the rest, which it then replays")
    func spy() async throws {
        try await withTemporaryDirectory { folder in
            try CassetteFixture.write(
                "counter/session", in: folder.url, [CassetteFixture.json("GET", "/count", answer: ["count": 42])])
            try await withProxy(.spy, folder: folder.url) { server, endpoints in
                let url = endpoints.baseURL(for: "counter").appendingPathComponent("count")
                let replayed = try await TestHTTP.fetch(url)
                let recorded = try await TestHTTP.fetch(url, method: .POST)
                let replayedNow = try await TestHTTP.fetch(url, method: .POST)
                #expect(replayed.json?["count"] == 42)
                #expect(recorded.json?["count"] == 1)
                #expect(replayedNow.json?["count"] == 1)
                #expect(server.journal.entries().map(\.outcome) == [.hit, .recorded, .hit])
            }
            #expect(try cassette("counter/session", in: folder.url).entries.count == 2)
        }
    }

    @Test("An unreachable upstream answers 502 and records nothing")
    func upstreamDown() async throws {
        try await withTemporaryDirectory { folder in
            let configuration = MockServerConfiguration(
                mode: .record, cassettesDirectory: folder.url, cassette: "counter/down",
                upstream: URL(string: "http://127.0.0.1:9")!, upstreamTimeout: .seconds(1))
            try await withServer(configuration, simulators: []) { server, endpoints in
                let response = try await TestHTTP.fetch(endpoints.baseURL(for: "counter").appendingPathComponent("x"))
                #expect(response.status == 502)
                #expect(response.text.contains("check --upstream"))
                #expect(server.journal.entries().last?.outcome == .proxyFailed)
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appending("counter/down.har").path))
        }
    }

    @Test("Record and spy need an upstream origin")
    func configuration() {
        #expect(throws: MockServerError.missingUpstream(mode: .record)) {
            try MockServer(configuration: MockServerConfiguration(mode: .record))
        }
        #expect {
            try MockServer(
                configuration: MockServerConfiguration(mode: .spy, upstream: URL(string: "https://api.example.com/v2")!)
            )
        } throws: { error in
            "\(error)".contains("no path")
        }
    }
}
