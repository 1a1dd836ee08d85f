import CassetteKit
import Foundation
import GRDB
import HarnessTesting
import JSONCore
import Logging
import MockServer
import NIOHTTP1
import Testing

@Suite(
    "End to end: a full disk",
    .enabled(if: SmallFileSystem.isAvailable, Comment(rawValue: SmallFileSystem.unavailableReason ?? "")))
struct FullDiskTests {
    @Test(
        "Record mode on a full disk answers, logs the file and ENOSPC, and records again once space is back")
    func record() async throws {
        try await withSmallFileSystem(kibibytes: 512) { disk in
            let folder = disk.url.appendingPathComponent("Cassettes")
            let file = folder.appendingPathComponent("counter/session.har")
            try CassetteFixture.write(
                "counter/session", in: folder, [CassetteFixture.json("GET", "/count", answer: ["count": 42])])
            let previous = try Data(contentsOf: file)
            let log = LogCapture()
            try await withServer(MockServerConfiguration(vendor: "counter")) { _, upstream in
                let configuration = MockServerConfiguration(
                    mode: .record, cassettesDirectory: folder, cassette: "counter/session", upstream: upstream.origin)
                try await withServer(configuration, simulators: [], logger: log.logger) { _, endpoints in
                    let count = endpoints.baseURL(for: "counter").appendingPathComponent("count")
                    try disk.fill()
                    let answered = try await TestHTTP.send(count, method: .POST, json: ["by": 4])
                    #expect(answered.status == 200)
                    #expect(answered.json?["count"] == 4, "the client gets the upstream's answer")
                    let failure = await log.next("cassette not written")
                    #expect(failure.contains("cannot write \(file.path): no space left on device (ENOSPC)"))
                    #expect(try Data(contentsOf: file) == previous, "the previous cassette is untouched")
                    let sessionFolder = file.deletingLastPathComponent().path
                    let names = try FileManager.default.contentsOfDirectory(atPath: sessionFolder)
                    #expect(names == ["session.har"], "no temporary file is left")

                    disk.free()
                    let next = try await TestHTTP.send(count, method: .POST, json: ["by": 1])
                    #expect(next.json?["count"] == 5)
                    _ = await log.next("exchange recorded")
                    let recorded = try Cassette(contentsOf: file)
                    #expect(recorded.entries.count == 2, "both exchanges are written, the one the full disk held too")
                    #expect(recorded.entries.map { $0.response.status } == [200, 200])
                }
            }
        }
    }

    @Test(
        "A --state file on a full disk answers 507 naming it; stored rows stay intact and writes resume")
    func state() async throws {
        try await withSmallFileSystem(kibibytes: 1024) { disk in
            let path = disk.url.appendingPathComponent("state.sqlite").path
            var configuration = MockServerConfiguration(statePath: path)
            configuration.concurrentReads = true
            try await withServer(configuration, simulators: [NotesSimulator()]) { _, endpoints in
                let notes = endpoints.baseURL(for: "notes").appendingPathComponent("notes")
                for index in 1...5 {
                    let stored = try await TestHTTP.fetch(notes, method: .POST, body: Data("note \(index)".utf8))
                    #expect(stored.status == 200)
                }
                try disk.fill()
                let large = Data(repeating: UInt8(ascii: "n"), count: 256 * 1024)
                let refused = try await TestHTTP.fetch(notes, method: .POST, body: large)
                #expect(refused.status == 507)
                let expected = "cannot write simulator state store \(path): no space left on device (SQLITE_FULL)"
                #expect(refused.text.contains(expected))
                #expect(try await TestHTTP.fetch(notes).json?["count"] == 5, "the state stored before is intact")

                disk.free()
                #expect(try await TestHTTP.fetch(notes, method: .POST, body: large).status == 200)
                #expect(try await TestHTTP.fetch(notes).json?["count"] == 6)
            }
            let database = try DatabaseQueue(path: path)
            #expect(try await database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
            let bodies = try await database.read { db in
                try Int.fetchAll(db, sql: "SELECT length(body) FROM notes_note ORDER BY id")
            }
            #expect(bodies == [6, 6, 6, 6, 6, 256 * 1024])
        }
    }
}

/// A vendor that keeps every `POST /notes` body as a row; `GET /notes` answers how many it keeps.
struct NotesSimulator: Simulator, StateStoreSimulator {
    var vendor = "notes"

    func registerMigrations(_ migrator: inout StateMigrator) {
        migrator.registerMigration("notes.v1") { db in
            try db.execute(sql: "CREATE TABLE notes_note (id INTEGER PRIMARY KEY AUTOINCREMENT, body BLOB NOT NULL)")
        }
    }

    func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        switch (request.method, request.parts.path) {
        case ("POST", "/notes"):
            let body = request.body
            try await state.database.write { db in
                try db.execute(sql: "INSERT INTO notes_note (body) VALUES (?)", arguments: [body])
            }
            return .json(status: 200, ["stored": true])
        case ("GET", "/notes"):
            let count = try await state.database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notes_note") ?? 0
            }
            return .json(status: 200, ["count": .number(JSONNumber(count))])
        default:
            return .json(status: 404, ["error": "no such endpoint"])
        }
    }

    func respondToAdmin(_ request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        .json(status: 404, ["error": "no such admin endpoint"])
    }

    func reset(state: SimulatorState) async throws {
        try await state.database.write { db in try db.execute(sql: "DELETE FROM notes_note") }
    }
}

/// Every log message of a server, as `message error…` text, which a test awaits by message.
final class LogCapture: Sendable {
    let lines: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() {
        (lines, continuation) = AsyncStream.makeStream()
    }

    /// A logger at debug level that sends every message here.
    var logger: Logger {
        let continuation = continuation
        var logger = Logger(label: "mockserver.tests.full-disk") { _ in Handler(continuation: continuation) }
        logger.logLevel = .debug
        return logger
    }

    /// The next line that starts with `message`, awaited.
    func next(_ message: String) async -> String {
        for await line in lines where line.hasPrefix(message) { return line }
        return ""
    }

    private struct Handler: LogHandler {
        let continuation: AsyncStream<String>.Continuation
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .debug

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            continuation.yield(([event.message.description] + fields).joined(separator: " "))
        }
    }
}
