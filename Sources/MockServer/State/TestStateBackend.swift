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
            let vendors = simulators.map(\.vendor).sorted().joined(separator: "_")
            guard let fresh = try await PostgresTestDatabase.fresh(named: vendors) else {
                throw MockServerError.simulators(
                    .stateStore(
                        path: "postgres",
                        reason: "\(TestStateBackend.variable)=postgres needs \(PostgresTestDatabase.variable)"))
            }
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
