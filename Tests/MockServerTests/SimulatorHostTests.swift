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

@Suite("SimulatorHost.respondNow")
struct SimulatorHostRespondNowTests {
    static let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_767_225_600) }

    /// The same calls to every built-in vendor, awaited on one host and on the calling thread on another.
    static let calls: [(vendor: String, request: CassetteRequest)] = [
        (
            "referralhero",
            CassetteRequest(
                method: "POST", url: "/lists/MF83c9616aa3/subscribers",
                headers: ["Content-Type": "application/json", "Authorization": "Bearer rh-sim-token"],
                body: Data(#"{"email":"a@example.com","domain":"https://example.com"}"#.utf8))
        ),
        (
            "referralhero",
            CassetteRequest(
                method: "GET", url: "/lists/MF83c9616aa3/leaderboard", headers: ["Authorization": "Bearer rh-sim-token"]
            )
        ),
        ("engage", CassetteRequest(method: "GET", url: "/XMLAPI")),
        ("engage", CassetteRequest(method: "GET", url: "/nowhere")),
        ("walkme", CassetteRequest(method: "GET", url: "/self-hosted/f3a9c2e47b1d4e0a/data.json")),
        ("webengage", CassetteRequest(method: "GET", url: "/users/~10a5cb78d/u-1/inline-properties")),
        ("adapty", CassetteRequest(method: "GET", url: "/api/v1/sdk/analytics/profiles/x/")),
    ]

    @Test("The answers on the calling thread are the awaited answers, for every built-in vendor")
    func sameAsAwaited() async throws {
        for cachesReads in [false, true] {
            let awaited = try SimulatorHost(
                simulators: SimulatorRegistry.all, concurrentReads: true, cachesReads: cachesReads, now: Self.now)
            let now = try SimulatorHost(
                simulators: SimulatorRegistry.all, concurrentReads: true, cachesReads: cachesReads, now: Self.now)
            #expect(now.respondsNow)
            for (vendor, request) in Self.calls {
                let expected = try await awaited.respond(vendor: vendor, to: request)
                let answered = try #require(try now.respondNow(vendor: vendor, to: request))
                #expect(answered.status == expected.status, "\(vendor) \(request.method) \(request.url)")
                #expect(answered.body == expected.body, "\(vendor) \(request.method) \(request.url)")
                #expect(answered.headers == expected.headers, "\(vendor) \(request.method) \(request.url)")
            }
        }
    }

    @Test("No answer for a vendor nobody mounts or a simulator that does not describe its work")
    func notAnswered() throws {
        let host = try SimulatorHost(simulators: [CounterSimulator()], now: Self.now)
        #expect(try host.respondNow(vendor: "counter", to: CassetteRequest(method: "GET", url: "/")) == nil)
        #expect(try host.respondNow(vendor: "nobody", to: CassetteRequest(method: "GET", url: "/")) == nil)
    }
}
