import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import Testing

@Suite("CassetteStore")
struct CassetteStoreTests {
    /// An upstream that answers every request with its body echoed and counts calls.
    final class Upstream: Sendable {
        let calls = Counter()

        func respond(_ request: CassetteRequest) async throws -> CassetteResponse {
            calls.increment()
            return CassetteResponse(
                status: 200, statusText: "OK",
                headers: ["Content-Type": "application/json", "Set-Cookie": "sid=live-session"],
                body: Data("{\"echo\":\(String(decoding: request.body, as: UTF8.self)),\"token\":\"t\"}".utf8))
        }
    }

    static func event(_ number: Int) -> CassetteRequest {
        Sample.request(
            "POST", "https://api.example.com/v1/events",
            headers: ["Content-Type": "application/json", "Authorization": "Bearer live-key-\(number % 3)"],
            body: "{\"n\":\(number)}")
    }

    @Test("In mode none a missing cassette is an error that says how to record it")
    func noneWithoutFile() async throws {
        try await withTemporaryDirectory { folder in
            let store = CassetteStore(root: folder.url)
            let error = await #expect(throws: CassetteError.self) {
                _ = try await CassetteRecorder(
                    cassette: "demo/missing", store: store, mode: RecordMode.none,
                    settings: HarnessExtension(flow: "demo/missing"))
            }
            #expect(
                error?.description
                    == "cassette 'demo/missing' not found at \(folder.url.path)/demo/missing.har and the record mode does not record.\n"
                    + "  to record it: swift run harness record demo/missing")
        }
    }

    @Test("once records a new cassette, then replays it and refuses new requests")
    func once() async throws {
        try await withTemporaryDirectory { folder in
            let store = CassetteStore(root: folder.url)
            let upstream = Upstream()
            let recorder = try await CassetteRecorder(cassette: "demo/once", store: store, mode: .once)
            _ = try await recorder.response(for: Self.event(1), upstream: upstream.respond)
            _ = try await recorder.response(for: Self.event(1), upstream: upstream.respond)
            try await recorder.finish()
            #expect(upstream.calls.value == 2, "a new cassette records every request, repeats included")
            let text = try String(contentsOf: folder.appending("demo/once.har"), encoding: .utf8)
            #expect(!text.contains("live-key") && !text.contains("live-session"), "secrets were redacted when recorded")

            let replay = try await CassetteRecorder(
                cassette: "demo/once", store: CassetteStore(root: folder.url), mode: .once)
            let replayed = try await replay.response(for: Self.event(1), upstream: upstream.respond)
            #expect(String(decoding: replayed.body, as: UTF8.self) == #"{"echo":{"n":1},"token":"t"}"#)
            #expect(upstream.calls.value == 2)
            await #expect(throws: CassetteError.self) {
                _ = try await replay.response(for: Self.event(2), upstream: upstream.respond)
            }
        }
    }

    @Test("An in-memory store records, redacts, loads and saves without creating a file")
    func inMemory() async throws {
        let store = CassetteStore.inMemory()
        #expect(store.keepsInMemory)
        let upstream = Upstream()
        let recorder = try await CassetteRecorder(cassette: "demo/memory", store: store, mode: .all)
        for number in 1...3 {
            _ = try await recorder.response(for: Self.event(number), upstream: upstream.respond)
        }
        try await recorder.finish()
        let recorded = try #require(try await store.load("demo/memory"))
        #expect(recorded.entries.count == 3)
        let text = String(decoding: recorded.encoded(), as: UTF8.self)
        #expect(!text.contains("live-key") && !text.contains("live-session"), "secrets were redacted when recorded")
        #expect(!FileManager.default.fileExists(atPath: store.root.path), "nothing was written")
        #expect(store.list().isEmpty)

        #expect(try await !store.exists("demo/saved"))
        try await store.save(recorded, as: "demo/saved")
        #expect(try await store.exists("demo/saved"))
        #expect(try await store.load("demo/saved")?.entries.count == 3)
        #expect(!FileManager.default.fileExists(atPath: store.root.path))
        await #expect(throws: CassetteError.invalidName("../escape")) {
            try await store.save(recorded, as: "../escape")
        }
    }

    @Test("new-episodes replays what is recorded and appends what is not")
    func newEpisodes() async throws {
        try await withTemporaryDirectory { folder in
            let upstream = Upstream()
            let first = try await CassetteRecorder(
                cassette: "demo/ne", store: CassetteStore(root: folder.url), mode: .all)
            _ = try await first.response(for: Self.event(1), upstream: upstream.respond)
            try await first.finish()
            let store = CassetteStore(root: folder.url)
            let second = try await CassetteRecorder(cassette: "demo/ne", store: store, mode: .newEpisodes)
            _ = try await second.response(for: Self.event(1), upstream: upstream.respond)
            _ = try await second.response(for: Self.event(2), upstream: upstream.respond)
            try await second.finish()
            #expect(upstream.calls.value == 2)
            let cassette = try #require(try await store.load("demo/ne"))
            #expect(cassette.entries.map { $0.harness?.order } == [0, 1])
            #expect(cassette.entries[1].request.postData?.text == #"{"n":2}"#)
            // Written from each entry's text, encoded once: byte for byte the cassette's own encoding.
            #expect(try Data(contentsOf: store.url(for: "demo/ne")) == cassette.encoded())
        }
    }

    @Test("all records everything again and keeps the cassette's _harness settings")
    func all() async throws {
        try await withTemporaryDirectory { folder in
            let store = CassetteStore(root: folder.url)
            var old = Sample.cassette(
                [(Self.event(9), Sample.response())],
                harness: HarnessExtension(flow: "demo/all", volatile: [.json("/ts")]))
            old.redact()
            try await store.save(old, as: "demo/all")
            let recorder = try await CassetteRecorder(cassette: "demo/all", store: store, mode: .all)
            let upstream = Upstream()
            _ = try await recorder.response(for: Self.event(9), upstream: upstream.respond)
            try await recorder.finish()
            #expect(upstream.calls.value == 1, "a recorded match is recorded again")
            let cassette = try Cassette(contentsOf: try store.url(for: "demo/all"))
            #expect(cassette.entries.count == 1)
            #expect(cassette.harness.flow == "demo/all")
            #expect(cassette.harness.volatile == [.json("/ts")])
        }
    }

    @Test("A wrong HARNESS_RECORD lists the valid modes")
    func invalidMode() throws {
        let error = #expect(throws: CassetteError.self) {
            try RecordMode.fromEnvironment(["HARNESS_RECORD": "sometimes"])
        }
        #expect(
            error?.description
                == "'sometimes' (from HARNESS_RECORD) is not a record mode; valid modes: none, once, new-episodes, all")
        #expect(try RecordMode.fromEnvironment(["HARNESS_RECORD": "New-Episodes"]) == .newEpisodes)
        #expect(try RecordMode.fromEnvironment([:], default: .none) == RecordMode.none)
    }

    @Test("64 concurrent tasks recording 100 requests each into one cassette lose nothing")
    func concurrentRecording() async throws {
        try await withTemporaryDirectory { folder in
            let store = CassetteStore(root: folder.url)
            let recorder = try await CassetteRecorder(cassette: "load/concurrent", store: store, mode: .all)
            let upstream = Upstream()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<64 {
                    group.addTask {
                        for request in 0..<100 {
                            _ = try await recorder.response(
                                for: Self.event(task * 100 + request), upstream: upstream.respond)
                        }
                    }
                }
                try await group.waitForAll()
            }
            try await recorder.finish()
            let cassette = try Cassette(contentsOf: folder.appending("load/concurrent.har"))
            #expect(cassette.entries.count == 6400)
            // Responses came back out of order, moving entries already written: the file is still exactly the
            // cassette's own encoding.
            #expect(try Data(contentsOf: folder.appending("load/concurrent.har")) == cassette.encoded())
            let numbers = Set(
                cassette.entries.compactMap { entry in
                    entry.request.postData?.text.flatMap { try? JSONValue(parsing: $0)["n"]?.numberValue?.integer }
                })
            #expect(numbers == Set((0..<6400).map(Int64.init)))
            #expect(cassette.entries.map { $0.harness?.order } == (0..<6400).map { $0 })
            let authorizations = Set(
                cassette.entries.compactMap { $0.request.headers.first { $0.name == "Authorization" }?.value })
            #expect(
                authorizations == [
                    "Bearer <redacted:authorization:1>", "Bearer <redacted:authorization:2>",
                    "Bearer <redacted:authorization:3>",
                ])
        }
    }

    @Test("Names that would leave the cassette folder are refused")
    func names() throws {
        let store = CassetteStore(root: URL(fileURLWithPath: "/tmp/cassettes"))
        #expect(try store.url(for: "engage/login").path == "/tmp/cassettes/engage/login.har")
        #expect(try store.url(for: "engage/login.har").path == "/tmp/cassettes/engage/login.har")
        for bad in ["", "../etc/passwd", "engage/../../x", "a//b", ".hidden", "a b"] {
            #expect(throws: CassetteError.invalidName(bad)) { try store.url(for: bad) }
        }
    }

    @Test("Listing finds cassettes only, never temporary files; abandoned temporary files are removed on save")
    func listing() async throws {
        try await withTemporaryDirectory { folder in
            let store = CassetteStore(root: folder.url)
            try await store.save(Sample.cassette([]), as: "a/one")
            try await store.save(Sample.cassette([]), as: "b/two")
            let abandoned = folder.appending("a/.one.har.999999.deadbeef.tmp")
            try Data("{\"log\":".utf8).write(to: abandoned)
            #expect(store.list() == ["a/one", "b/two"])
            try await store.save(Sample.cassette([]), as: "a/one")
            #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        }
    }

    @Test("A cassette that cannot be written is reported and the previous file is untouched")
    func unwritable() async throws {
        try await withTemporaryDirectory { folder in
            let store = CassetteStore(root: folder.url)
            try await store.save(Sample.cassette([(Self.event(1), Sample.response())]), as: "x/kept")
            let before = try Data(contentsOf: folder.appending("x/kept.har"))
            try Data().write(to: folder.appending("blocked"))
            let error = await #expect(throws: CassetteError.self) {
                try await store.save(Sample.cassette([]), as: "blocked/flow")
            }
            #expect(error?.description.hasPrefix("cannot write cassette \(folder.url.path)/blocked/flow.har") == true)
            #expect(try Data(contentsOf: folder.appending("x/kept.har")) == before)
        }
    }
}

/// A thread-safe call counter for test doubles.
final class Counter: Sendable {
    private let storage = Locked(0)
    func increment() { storage.withLock { $0 += 1 } }
    var value: Int { storage.withLock { $0 } }
}
