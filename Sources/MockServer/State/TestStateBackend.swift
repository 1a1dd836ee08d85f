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
            let fresh = try await TestTemplates.shared.copy(of: simulators, on: server)
            // A minute to connect: the suites create hundreds of databases at once, and the server answers slowly.
            let url = fresh + (fresh.contains("?") ? "&" : "?") + "connect_timeout=60"
            // One connection: a suite opens a host per test, and tests run at once.
            let store = try await PostgresStateStore.open(
                url: url, migrator: SimulatorHost.migrator(for: simulators), connections: 1,
                logger: Logger(label: "harness.test-state"))
            // The test is done with its copy once the host lets go of the store.
            store.whenReleased = { Task { try? await PostgresTestDatabase.drop(fresh, on: server) } }
            return try SimulatorHost(simulators: simulators, shared: store, now: now)
        }
    }
}

/// Databases the simulators' migrations already ran in, one per set of vendors, which each test's fresh database copies
/// (`CREATE DATABASE … TEMPLATE …`): copying is several times cheaper than creating an empty one and migrating it,
/// and the PostgreSQL run of the suites opens a database per test.
///
/// A copy is dropped once its test's store is released; what a run leaves (a process that ended first, a store kept
/// alive) is dropped by this run or a later one: every copy is named
/// `harness_copy_<seconds since 1970>_<random>_<vendors>`, and each new copy first drops the copies on the server over
/// ``sweepAge`` old. PostgreSQL refuses to drop a database someone is connected to (no `FORCE`), and a test's store keeps
/// its connection until its host is gone, so a copy still in use, by this process or another, stays for a later sweep.
/// Without it every run of the suites would leave a few hundred databases of about 9 MB each behind.
package actor TestTemplates {
    static let shared = TestTemplates()

    /// How old a copy must be before a sweep tries to drop it: well past the moment between `CREATE DATABASE` and the
    /// store's first connection.
    static let sweepAge: TimeInterval = 120
    /// The prefix of every copy's name, and nothing else's.
    package static let copyPrefix = "harness_copy_"

    private var templates: [String: Task<String, any Error>] = [:]

    /// The URL of a new database holding `simulators`' tables and demo data, as a store opened on an empty one would.
    func copy(of simulators: [any Simulator], on server: String) async throws -> String {
        let vendors = simulators.map(\.vendor).sorted().joined(separator: "_")
        let template = try await template(for: vendors, simulators, on: server)
        await sweep(on: server)
        let made = Int(Date().timeIntervalSince1970)
        let random = UInt32.random(in: 0...UInt32.max).hexadecimal
        let name = "\(Self.copyPrefix)\(made)_\(random)_\(String(vendors.prefix(28)))"
        // The template's last session may still be ending after its store closed: PostgreSQL refuses to copy a
        // database someone is connected to, so try again shortly.
        for attempt in 1...50 {
            do {
                try await PostgresTestDatabase.execute("CREATE DATABASE \(name) TEMPLATE \(template)", on: server)
                break
            } catch  where attempt < 50 && "\(error)".contains("being accessed by other users") {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        return try PostgresURL.replacingDatabase(in: server, with: name)
    }

    /// Sweeps the server (``sweepCopies(on:olderThan:)``) at most once every ``sweepInterval``.
    private func sweep(on server: String) async {
        let now = Date()
        guard now.timeIntervalSince(lastSweep) >= Self.sweepInterval else { return }
        lastSweep = now
        await Self.sweepCopies(on: server, olderThan: Self.sweepAge)
    }
    private var lastSweep = Date.distantPast
    /// How often a run sweeps.
    static let sweepInterval: TimeInterval = 30

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

    private func template(for vendors: String, _ simulators: [any Simulator], on server: String) async throws -> String
    {
        if let made = templates[vendors] { return try await made.value }
        let migrator = SimulatorHost.migrator(for: simulators)
        let made = Task {
            let url = try await PostgresTestDatabase.create(named: "template_\(vendors)", on: server)
            let store = try await PostgresStateStore.open(
                url: url, migrator: migrator, connections: 1, logger: Logger(label: "harness.test-state"))
            await store.close()
            return try PostgresURL(parsing: url).database ?? ""
        }
        templates[vendors] = made
        return try await made.value
    }
}
