import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOHTTP1
import Testing

/// The derived index replay keeps beside the cassettes (`.harness-index`): written at the first start, used by the
/// next (cassettes parsed at first use), and rebuilt when a cassette changes.
@Suite("End to end: derived cassette index")
struct DerivedIndexTests {
    func replay(_ folder: URL) -> MockServerConfiguration {
        MockServerConfiguration(mode: .replay, cassettesDirectory: folder)
    }

    func profile(_ endpoints: MockServerEndpoints) async throws -> Fetched {
        try await TestHTTP.fetch(URL(string: "\(endpoints.baseURL(for: "engage"))/profile?id=7")!)
    }

    @Test("a second start replays from the index as the first did, and a changed cassette is read again")
    func indexIsUsedAndRebuilt() async throws {
        try await withTemporaryDirectory { folder in
            try ReplayTests.cassettes(in: folder.url)
            let index = folder.url.appendingPathComponent(".harness-index")
            let first = try await withServer(replay(folder.url)) { _, endpoints in try await profile(endpoints) }
            #expect(first.json == ["name": "Ann"])
            let written = try String(contentsOf: index, encoding: .utf8)
            #expect(written.hasPrefix("harness-index 2\n"))
            #expect(written.contains("C\tengage/login\t") && written.contains("R\tGET\t/profile"))
            // Where each interaction lies: its byte range, method and URL.
            #expect(written.contains(#/\nE\t\d+\t\d+\tGET\thttps?://[^\t\n]*/profile\?id=7\n/#))

            try await withServer(replay(folder.url)) { server, endpoints in
                let cassettes = try await TestHTTP.fetch(
                    endpoints.origin.appendingPathComponent("__harness/cassettes"))
                #expect(cassettes.json?["loaded"]?.arrayValue?.count == 2)
                #expect(cassettes.text.contains("\"interactions\":2"))
                #expect(try await profile(endpoints).json == ["name": "Ann"])
                #expect(server.journal.entries().map(\.outcome) == [.hit])
            }
            // The index is only rewritten when something changed.
            #expect(try String(contentsOf: index, encoding: .utf8) == written)

            try CassetteFixture.write(
                "engage/login", in: folder.url,
                [CassetteFixture.json("GET", "/profile?id=7", answer: ["name": "Ann Changed"])])
            try await withServer(replay(folder.url)) { _, endpoints in
                let changed = try await profile(endpoints)
                #expect(changed.json == ["name": "Ann Changed"])
            }
            #expect(try String(contentsOf: index, encoding: .utf8) != written)
        }
    }

    @Test("a garbled or foreign index is ignored and replaced; a cassette that broke is reported")
    func hostileIndex() async throws {
        try await withTemporaryDirectory { folder in
            try ReplayTests.cassettes(in: folder.url)
            let index = folder.url.appendingPathComponent(".harness-index")
            for garbage in [
                "not an index", "harness-index 2\nC\tengage/login\tx\t1\t2\t3\n", "harness-index 2\nR\tGET\t/x\n",
                "harness-index 2\nC\tengage/login\t1\t1\t1\n", "\u{0}\u{FF}", "harness-index 2\nE\t1\t2\tGET\t/x\n",
                "harness-index 1\nC\tengage/login\t1\t1\t1\t1\nR\tGET\t/profile\n",
            ] {
                try Data(garbage.utf8).write(to: index)
                try await withServer(replay(folder.url)) { _, endpoints in
                    let answer = try await profile(endpoints)
                    #expect(answer.json == ["name": "Ann"], "\(garbage)")
                }
                #expect(try String(contentsOf: index, encoding: .utf8).hasPrefix("harness-index 2\nC\t"))
            }
            try Data("{ broken".utf8).write(to: folder.url.appendingPathComponent("engage/events.har"))
            try await withServer(replay(folder.url)) { _, endpoints in
                let cassettes = try await TestHTTP.fetch(
                    endpoints.origin.appendingPathComponent("__harness/cassettes"))
                #expect(cassettes.json?["failed"]?.arrayValue?.count == 1)
                #expect(try await profile(endpoints).json == ["name": "Ann"])
            }
        }
    }
}
