import Foundation
import Testing

@testable import MockServer
@testable import Simulators

/// The temporary simulator store of `harness serve`: named with the server's pid, so the next server removes
/// the ones a killed server left behind.
@Suite("Temporary simulator stores")
struct TemporaryStoreTests {
    static let uuid = "0A1B2C3D-4E5F-4061-8273-8495A6B7C8D9"

    @Test(
        "The owner's pid is read from a store's name and nothing else",
        arguments: [
            ("4242-\(uuid).sqlite", Int32(4242)),
            ("4242-\(uuid).sqlite-wal", 4242),
            ("4242-\(uuid).sqlite-shm", 4242),
            ("\(uuid).sqlite", nil),  // no pid
            ("4242-\(uuid).sqlite-journal", nil),
            ("4242-\(uuid).db", nil),
            ("x4242-\(uuid).sqlite", nil),
            ("-4242-\(uuid).sqlite", nil),
            ("99999999999999999999-\(uuid).sqlite", nil),  // beyond pid_t, not a trap
            ("4242--\(uuid).sqlite", nil),
            ("4242-\(uuid)-extra.sqlite", nil),
            (".sqlite", nil),
            ("", nil),
        ] as [(String, Int32?)])
    func owner(name: String, pid: Int32?) {
        #expect(SimulatorDatabase.temporaryStoreOwner(name) == pid)
    }

    @Test("Opening a temporary store removes those of processes that no longer run, and keeps the rest")
    func sweepsDeadServers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-state")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A pid that surely ended: a process started and waited for here.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        let suffix = UUID().uuidString
        let abandoned = ["", "-wal", "-shm"].map { "\(dead)-\(suffix).sqlite\($0)" }
        let live = "\(getppid())-\(suffix).sqlite"
        let other = "notes-\(suffix).txt"
        for name in abandoned + [live, other] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        defer {
            for name in abandoned + [live, other] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }

        let store = try SimulatorDatabase.concurrent(path: nil)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        for name in abandoned { #expect(!names.contains(name), "\(name)") }
        #expect(names.contains(live))
        #expect(names.contains(other))
        let own = names.filter { $0.hasPrefix("\(getpid())-") && $0.hasSuffix(".sqlite") }
        #expect(!own.isEmpty, "the new store is named with this process's pid")
        _ = store
    }

    /// GRDB turns WAL on after `prepareDatabase`, with `synchronous = NORMAL`: a setting made there is lost, and
    /// every checkpoint paid an fsync.
    @Test("A WAL store's writer does not sync, at a path or in a temporary file", arguments: [false, true])
    func writerDoesNotSync(atPath: Bool) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(UUID().uuidString).sqlite")
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        }
        let store = try SimulatorDatabase.concurrent(path: atPath ? file.path : nil)
        let level: Int? = try store.write { db in
            try db.rows(sql: "PRAGMA synchronous", arguments: [], cached: false).first?[0]
        }
        #expect(level == 0, "PRAGMA synchronous is \(level.map(String.init) ?? "nothing"), not OFF (0)")
        let mode: String? = try store.write { db in
            try db.rows(sql: "PRAGMA journal_mode", arguments: [], cached: false).first?[0]
        }
        #expect(mode == "wal")
    }
}
