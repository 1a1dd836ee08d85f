package import Foundation

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
            return try SimulatorHost(simulators: simulators, now: now)
        }
    }
}
