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
            return try SimulatorHost(simulators: simulators, shared: store, now: now)
        }
    }
}

/// Databases the simulators' migrations already ran in, one per set of vendors, which each test's fresh database copies
/// (`CREATE DATABASE … TEMPLATE …`): copying is several times cheaper than creating an empty one and migrating it,
/// and the PostgreSQL run of the suites opens a database per test.
actor TestTemplates {
    static let shared = TestTemplates()

    private var templates: [String: Task<String, any Error>] = [:]

    /// The URL of a new database holding `simulators`' tables and demo data, as a store opened on an empty one would.
    func copy(of simulators: [any Simulator], on server: String) async throws -> String {
        let vendors = simulators.map(\.vendor).sorted().joined(separator: "_")
        let template = try await template(for: vendors, simulators, on: server)
        let name = "harness_\(String(vendors.prefix(30)))_\(UInt32.random(in: 0...UInt32.max).hexadecimal)"
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
