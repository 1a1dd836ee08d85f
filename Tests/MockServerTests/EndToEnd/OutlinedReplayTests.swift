import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOHTTP1
import Testing

/// A cassette the derived index knows is only outlined at its first use and its entries decoded as requests reach
/// them; whatever the file holds by then, replay answers as a full read of it would, or reports it.
@Suite("End to end: outlined replay")
struct OutlinedReplayTests {
    func replay(_ folder: URL) -> MockServerConfiguration {
        MockServerConfiguration(mode: .replay, cassettesDirectory: folder)
    }

    /// A poll answered in order, JSON bodies matched semantically, a query, and a volatile field of one entry.
    static func write(in folder: URL, name: String = "Ann") throws {
        var interactions = [
            CassetteFixture.json("GET", "/jobs/7", answer: ["state": "queued"]),
            CassetteFixture.json("POST", "/events", body: ["b": 2, "a": [1, "x"]], answer: ["id": 1]),
            CassetteFixture.json("GET", "/profile?id=7", answer: ["name": .string(name)]),
            CassetteFixture.json("GET", "/jobs/7", answer: ["state": "done"]),
            CassetteFixture.json("POST", "/stamped", body: ["ts": 1, "n": "x"], answer: ["own": true]),
        ]
        interactions += (0..<40).map {
            CassetteFixture.json("GET", "/items/\($0)", answer: ["item": .number(JSONNumber($0))])
        }
        try CassetteFixture.write("engage/flow", in: folder, interactions)
        // One entry with a volatile field of its own.
        let file = folder.appendingPathComponent("engage/flow.har")
        var cassette = try Cassette(contentsOf: file)
        cassette.entries[4].harness = HarnessExtension(volatile: [.json("/ts")])
        try cassette.encoded().write(to: file)
    }

    /// The answers to a fixed series of requests, in order.
    func answers(_ endpoints: MockServerEndpoints) async throws -> [String] {
        let engage = endpoints.baseURL(for: "engage")
        var texts: [String] = []
        for _ in 0..<3 { texts.append(try await TestHTTP.fetch(URL(string: "\(engage)/jobs/7")!).text) }
        texts.append(
            try await TestHTTP.send(URL(string: "\(engage)/events")!, method: .POST, json: ["a": [1, "x"], "b": 2]).text
        )
        texts.append(
            try await TestHTTP.send(URL(string: "\(engage)/stamped")!, method: .POST, json: ["n": "x", "ts": 42]).text)
        texts.append(try await TestHTTP.fetch(URL(string: "\(engage)/profile?id=7")!).text)
        texts.append(String(try await TestHTTP.fetch(URL(string: "\(engage)/profile?id=8")!).status))
        for item in [39, 0, 17] { texts.append(try await TestHTTP.fetch(URL(string: "\(engage)/items/\(item)")!).text) }
        return texts
    }

    /// Sets the file's modification time to one fixed instant, as a copy keeping times or a coarse clock would
    /// leave a rewritten file.
    func stamp(_ file: URL) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000.5)], ofItemAtPath: file.path)
    }

    @Test("a cassette known to the index answers from its outline exactly as a full read does")
    func outlinedAnswersAsFullRead() async throws {
        try await withTemporaryDirectory { folder in
            try Self.write(in: folder.url)
            let full = try await withServer(replay(folder.url)) { _, endpoints in try await answers(endpoints) }
            let outlined = try await withServer(replay(folder.url)) { server, endpoints in
                let texts = try await answers(endpoints)
                #expect(server.journal.entries().filter { $0.outcome == .hit }.count == 9)
                return texts
            }
            #expect(outlined == full)
            #expect(full[0].contains("queued") && full[1].contains("done") && full[2].contains("done"))
            #expect(full[6] == "404")
        }
    }

    @Test("an index that lies about the number of interactions makes the cassette read in full")
    func lyingCount() async throws {
        try await withTemporaryDirectory { folder in
            try Self.write(in: folder.url)
            let full = try await withServer(replay(folder.url)) { _, endpoints in try await answers(endpoints) }
            let index = folder.url.appendingPathComponent(".harness-index")
            let text = try String(contentsOf: index, encoding: .utf8)
            let lying = text.replacingOccurrences(of: "\t45\n", with: "\t44\n")
            #expect(lying != text)
            try Data(lying.utf8).write(to: index)
            let answered = try await withServer(replay(folder.url)) { _, endpoints in try await answers(endpoints) }
            #expect(answered == full)
        }
    }

    @Test("a cassette rewritten with the same size and time is answered from what the file now holds")
    func rewrittenUnderTheSameStamp() async throws {
        try await withTemporaryDirectory { folder in
            try Self.write(in: folder.url)
            let file = folder.url.appendingPathComponent("engage/flow.har")
            try stamp(file)
            _ = try await withServer(replay(folder.url)) { _, endpoints in try await answers(endpoints) }
            try Self.write(in: folder.url, name: "Bob")
            try stamp(file)
            try await withServer(replay(folder.url)) { _, endpoints in
                let answer = try await TestHTTP.fetch(URL(string: "\(endpoints.baseURL(for: "engage"))/profile?id=7")!)
                #expect(answer.json == ["name": "Bob"])
            }
        }
    }

    @Test("a cassette broken under the same size and time is reported naming the file and entry, never trusted")
    func brokenUnderTheSameStamp() async throws {
        try await withTemporaryDirectory { folder in
            try Self.write(in: folder.url)
            let file = folder.url.appendingPathComponent("engage/flow.har")
            try stamp(file)
            _ = try await withServer(replay(folder.url)) { _, endpoints in try await answers(endpoints) }
            let original = try String(contentsOf: file, encoding: .utf8)
            // The same length: one status becomes a string, or the text is cut short and padded with spaces.
            let wrongType = original.replacingOccurrences(of: "\"status\": 200", with: "\"status\": \"x\"")
            let cut =
                String(original.prefix(original.count / 2))
                + String(repeating: " ", count: original.count - original.count / 2)
            for (broken, expected) in [(wrongType, "/log/entries/0/response/status"), (cut, "not valid JSON")] {
                try Data(broken.utf8).write(to: file)
                try stamp(file)
                try await withServer(replay(folder.url)) { server, endpoints in
                    let engage = endpoints.baseURL(for: "engage")
                    let poll = try await TestHTTP.fetch(URL(string: "\(engage)/jobs/7")!)
                    #expect(poll.status == 404)
                    let cassettes = try await TestHTTP.fetch(
                        endpoints.origin.appendingPathComponent("__harness/cassettes"))
                    let failed = cassettes.json?["failed"]?.arrayValue ?? []
                    #expect(failed.count == 1)
                    let error = failed.first?["error"]?.stringValue ?? ""
                    #expect(error.contains(file.path) && error.contains(expected), "\(error)")
                }
            }
        }
    }

    @Test(
        "a cassette the index lays out reads only the entries requests reach: one broken elsewhere is found at its use")
    func onlyReachedEntriesAreRead() async throws {
        try await withTemporaryDirectory { folder in
            try Self.write(in: folder.url)
            let file = folder.url.appendingPathComponent("engage/flow.har")
            try stamp(file)
            _ = try await withServer(replay(folder.url)) { _, endpoints in try await answers(endpoints) }
            // /items/20's entry loses its closing brace, the same size and time: the file no longer outlines.
            var bytes = try Data(contentsOf: file)
            let outline = try #require(CassetteOutline(bytes: bytes))
            let entry = try #require(outline.entries.firstIndex { $0.url.hasSuffix("/items/20") })
            bytes[outline.entries[entry].range.upperBound - 1] = UInt8(ascii: " ")
            try bytes.write(to: file)
            try stamp(file)
            #expect(CassetteOutline(bytes: bytes) == nil)
            try await withServer(replay(folder.url)) { server, endpoints in
                let engage = endpoints.baseURL(for: "engage")
                let poll = try await TestHTTP.fetch(URL(string: "\(engage)/jobs/7")!)
                #expect(poll.json == ["state": "queued"])
                let item = try await TestHTTP.fetch(URL(string: "\(engage)/items/19")!)
                #expect(item.json == ["item": 19])
                let broken = try await TestHTTP.fetch(URL(string: "\(engage)/items/20")!)
                #expect(broken.status == 404)
                let cassettes = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/cassettes"))
                let error = cassettes.json?["failed"]?.arrayValue?.first?["error"]?.stringValue ?? ""
                #expect(error.contains(file.path), "\(error)")
            }
        }
    }
}
