package import Foundation
import Logging

/// The state backend the simulators' test suites run on, chosen by the environment so that one suite runs on both
/// (GRDB's habit: one test, two backends): the embedded SQLite store by default; with `HARNESS_TEST_STATE=postgres`,
/// a fresh database on the PostgreSQL server `HARNESS_TEST_POSTGRES` names.
package enum TestStateBackend: String, Sendable {
    case sqlite
    case postgres

    /// The environment variable that picks the backend.
    package static let variable = "HARNESS_TEST_STATE"

    /// The backend `HARNESS_TEST_STATE` names; SQLite when it is unset or empty.
    package static var current: TestStateBackend {
        let value = ProcessInfo.processInfo.environment[variable] ?? ""
        return TestStateBackend(rawValue: value.isEmpty ? "sqlite" : value) ?? .sqlite
    }
}

extension SimulatorHost {
    /// A host for a test: its simulators on the backend ``TestStateBackend/current`` names.
    package static func testing(
        simulators: [any Simulator], now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> SimulatorHost {
        switch TestStateBackend.current {
        case .sqlite:
            return try SimulatorHost(simulators: simulators, now: now)
        case .postgres:
            guard let server = PostgresTestDatabase.serverURL else {
                throw MockServerError.simulators(
                    .stateStore(
                        path: "postgres",
                        reason: "\(TestStateBackend.variable)=postgres needs \(PostgresTestDatabase.variable)"))
            }
            // Hundreds of tests start at once; each schema's migrations lock every object they make, and the server's
            // lock table is shared: so a few are set up at a time.
            let databases = TestStateDatabases.shared
            await databases.enter()
            let schema: TestStateDatabases.Schema
            let store: PostgresStateStore
            do {
                schema = try await databases.schema(on: server)
                // A minute to connect: the server may be slow to answer while the suites run.
                store = try await PostgresStateStore.open(
                    url: schema.url + "&connect_timeout=60", migrator: SimulatorHost.migrator(for: simulators),
                    // One connection: a suite opens a host per test, and tests run at once.
                    connections: 1, logger: Logger(label: "harness.test-state"))
            } catch {
                await databases.leave()
                throw error
            }
            await databases.leave()
            // The test is done with its schema once the host lets go of the store.
            store.whenReleased = {
                Task {
                    await databases.enter()
                    await TestStateDatabases.drop(schema)
                    await databases.leave()
                }
            }
            return try SimulatorHost(simulators: simulators, shared: store, now: now)
        }
    }
}

/// Where the PostgreSQL run of the simulators' suites keeps each test's state: a schema of its own (`t_<random>`) in one
/// database per test process, which the store migrates as it would an empty database (`?options=-c search_path=…`,
/// each schema migrated under its own lock). A schema costs the migrations' statements; a database per test cost a copy
/// of some 9 MB of catalogs, and hundreds of those at once kept the server busy for minutes.
///
/// A test's schema is dropped once its store is released. The database goes with the process: it is named
/// `harness_copy_<seconds since 1970>_<random>_tests`, and each run first drops the copies on the server over
/// ``sweepAge`` old that nobody is connected to, before it makes its own. PostgreSQL refuses to drop a database someone is
/// connected to (no `FORCE`), so a database still in use, by another process, stays for a later sweep. Without it every
/// run of the suites would leave a database behind.
package actor TestStateDatabases {
    static let shared = TestStateDatabases()

    /// How old a copy must be before a sweep tries to drop it: well past the moment between `CREATE DATABASE` and the
    /// first connection to it.
    static let sweepAge: TimeInterval = 120
    /// The prefix of every such database's name, and nothing else's.
    package static let copyPrefix = "harness_copy_"

    /// A test's schema: the URL that opens a store in it, and the database holding it.
    struct Schema: Sendable {
        let name: String
        let database: String
        let url: String
    }

    private var database: Task<String, any Error>?

    /// How many schemas are set up or dropped at once.
    static let setups = 8
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Waits for one of the ``setups`` turns.
    func enter() async {
        guard running >= Self.setups else {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the turn to the first waiting, or frees it.
    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }

    /// A new, empty schema in this process's database on the server `server` names.
    func schema(on server: String) async throws -> Schema {
        let database = try await self.database(on: server)
        let name = "t_\(UInt32.random(in: 0...UInt32.max).hexadecimal)\(UInt32.random(in: 0...UInt32.max).hexadecimal)"
        try await PostgresTestDatabase.execute("CREATE SCHEMA \(name)", on: database)
        let separator = database.contains("?") ? "&" : "?"
        return Schema(name: name, database: database, url: database + separator + "options=-c%20search_path%3D\(name)")
    }

    /// Drops a test's schema with everything in it; a failure leaves it to go with its database.
    static func drop(_ schema: Schema) async {
        try? await PostgresTestDatabase.execute("DROP SCHEMA IF EXISTS \(schema.name) CASCADE", on: schema.database)
    }

    /// This process's database, made (after a sweep of what earlier runs left) on first use.
    private func database(on server: String) async throws -> String {
        if let made = database { return try await made.value }
        let made = Task {
            let made = Int(Date().timeIntervalSince1970)
            let name = "\(Self.copyPrefix)\(made)_\(UInt32.random(in: 0...UInt32.max).hexadecimal)_tests"
            await Self.sweepCopies(on: server, olderThan: Self.sweepAge)
            try await PostgresTestDatabase.execute("CREATE DATABASE \(name)", on: server)
            return try PostgresURL.replacingDatabase(in: server, with: name)
        }
        database = made
        return try await made.value
    }

    /// Drops the copies on the server `server` names that are over `age` seconds old and that nobody is connected to;
    /// a failed drop (a copy still in use) is left for a later sweep. Databases not named as a copy are never touched.
    package static func sweepCopies(on server: String, olderThan age: TimeInterval) async {
        let now = Date().timeIntervalSince1970
        let listed = try? await PostgresTestDatabase.strings(
            "SELECT datname FROM pg_database WHERE starts_with(datname, $1)", binds: [copyPrefix], on: server)
        for name in listed ?? [] {
            guard let made = creationTime(of: name), now - made > age else { continue }
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            try? await PostgresTestDatabase.execute("DROP DATABASE IF EXISTS \(quoted)", on: server)
        }
    }

    /// The creation time a copy's name holds, or nil for a name this type did not make.
    package static func creationTime(of name: String) -> TimeInterval? {
        guard name.hasPrefix(copyPrefix) else { return nil }
        let fields = name.dropFirst(copyPrefix.count).split(separator: "_", maxSplits: 2)
        guard fields.count == 3, fields[0].allSatisfy(\.isASCII), fields[0].allSatisfy(\.isNumber),
            fields[1].count == 8, fields[1].allSatisfy({ $0.isASCII && $0.isHexDigit }),
            fields[2].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
            let seconds = Int(fields[0])
        else { return nil }
        return TimeInterval(seconds)
    }
}
