import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import Simulators
import Testing

@Suite("SimulatorHost")
struct SimulatorHostTests {
    @Test("A simulator answers in-process, without sockets, and keeps its state until reset")
    func inProcess() async throws {
        let host = try SimulatorHost(simulators: [CounterSimulator()])
        let add = CassetteRequest(method: "POST", url: "/count", body: Data(#"{"by": 5}"#.utf8))
        _ = try await host.respond(vendor: "counter", to: add)
        let second = try await host.respond(vendor: "counter", to: add)
        #expect(try JSONValue(parsing: second.body)["count"] == 10)
        try await host.reset()
        let read = try await host.respond(vendor: "counter", to: CassetteRequest(method: "GET", url: "/count"))
        #expect(try JSONValue(parsing: read.body)["count"] == 0)
    }

    @Test("A store migrated at first use migrates once, at its first call; a migration that fails fails that call")
    func migratesAtFirstUse() throws {
        let runs = Locked(0)
        var migrator = StateMigrator()
        migrator.registerMigration("test.v1") { db in
            let run = runs.withLock { runs in
                runs += 1
                return runs
            }
            if run == 1 { throw SimulatorError.stateStore(path: "test", reason: "the first run fails") }
            try db.execute(sql: "CREATE TABLE t (n INTEGER)")
        }
        for concurrent in [false, true] {
            runs.withLock { $0 = 0 }
            let database = concurrent ? try SimulatorDatabase.concurrent(path: nil) : try SimulatorDatabase()
            database.migrateAtFirstUse(migrator)
            #expect(runs.withLock { $0 } == 0)
            let failed = #expect(throws: SimulatorError.self) { try database.write { try $0.execute(sql: "SELECT 1") } }
            #expect("\(failed.map(String.init(describing:)) ?? "")".contains("the first run fails"))
            try database.write { try $0.execute(sql: "INSERT INTO t (n) VALUES (7)") }
            let row = try database.read { try StateRow.fetchOne($0, sql: "SELECT n FROM t") }
            #expect(row?.value(named: "n") == .integer(7))
            #expect(runs.withLock { $0 } == 2)
        }
    }

    @Test("State kept in a --state file outlives the host")
    func stateFile() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appending("state.sqlite").path
            let add = CassetteRequest(method: "POST", url: "/count")
            _ = try await SimulatorHost(simulators: [CounterSimulator()], statePath: path).respond(
                vendor: "counter", to: add)
            let reopened = try SimulatorHost(simulators: [CounterSimulator()], statePath: path)
            let read = try await reopened.respond(vendor: "counter", to: CassetteRequest(method: "GET", url: "/count"))
            #expect(try JSONValue(parsing: read.body)["count"] == 1)
        }
    }

    @Test("A copy of a WAL store holds what the store held, its WAL's pages included, and then goes its own way")
    func copyState() async throws {
        try await withTemporaryDirectory { folder in
            let host = try SimulatorHost(
                simulators: [CounterSimulator()], statePath: folder.appending("state.sqlite").path,
                concurrentReads: true)
            let add = CassetteRequest(method: "POST", url: "/count")
            _ = try await host.respond(vendor: "counter", to: add)
            _ = try await host.respond(vendor: "counter", to: add)
            let path = folder.appending("copy.sqlite").path
            try host.copyState(to: path)
            _ = try await host.respond(vendor: "counter", to: add)
            let copy = try SimulatorHost(simulators: [CounterSimulator()], statePath: path, concurrentReads: true)
            let read = CassetteRequest(method: "GET", url: "/count")
            #expect(try JSONValue(parsing: try await copy.respond(vendor: "counter", to: read).body)["count"] == 2)
            #expect(try JSONValue(parsing: try await host.respond(vendor: "counter", to: read).body)["count"] == 3)
        }
    }

    @Test("Two simulators for one vendor, a bad vendor name or an unknown vendor are errors that say so")
    func errors() async throws {
        #expect(throws: SimulatorError.duplicateVendor("counter")) {
            try SimulatorHost(simulators: [CounterSimulator(), CounterSimulator()])
        }
        #expect(throws: SimulatorError.invalidVendorName("Not/A/Prefix")) {
            try SimulatorHost(simulators: [CounterSimulator(vendor: "Not/A/Prefix")])
        }
        let host = try SimulatorHost(simulators: [CounterSimulator()])
        await #expect(throws: SimulatorError.unknownVendor("engage", known: ["counter"])) {
            try await host.respond(vendor: "engage", to: CassetteRequest(method: "GET", url: "/"))
        }
    }

    @Test("A state file that is not SQLite is refused with its path")
    func brokenStateFile() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appending("state.sqlite")
            try Data("not a database".utf8).write(to: file)
            #expect {
                try SimulatorHost(simulators: [CounterSimulator()], statePath: file.path)
            } throws: { error in
                "\(error)".contains(file.path) && "\(error)".contains("--state PATH")
            }
        }
    }
}
