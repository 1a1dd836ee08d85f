import Foundation

/// Throw-away PostgreSQL databases for tests, on the server the environment variable `HARNESS_TEST_POSTGRES` names
/// (a URL of a server where the tests may `CREATE DATABASE`, such as the one `.ci/postgres/start` prints).
///
/// ```swift
/// @Suite(.enabled(if: PostgresTestDatabase.isConfigured, "set HARNESS_TEST_POSTGRES to run it"))
/// struct StoreTests {
///     @Test func roundTrip() async throws {
///         let url = try #require(try await PostgresTestDatabase.fresh(named: "round_trip"))
///         …
///         try await PostgresTestDatabase.drop(url)
///     }
/// }
/// ```
package enum PostgresTestDatabase {
    /// The environment variable that names the server.
    package static let variable = "HARNESS_TEST_POSTGRES"

    /// The server's URL, or nil when the variable is unset or empty.
    package static var serverURL: String? {
        guard let url = ProcessInfo.processInfo.environment[variable], !url.isEmpty else { return nil }
        return url
    }

    /// Whether a server is configured and this build can use it, for `.enabled(if:)`.
    package static var isConfigured: Bool { unavailableReason == nil }

    /// Why the PostgreSQL tests cannot run here, or nil when they can: for `.enabled(if:)`'s comment.
    package static var unavailableReason: String? {
        guard PostgresStateStore.isBuiltIn else {
            return
                "built without the PostgreSQL trait: run swift test --traits PostgreSQL to test the shared state store"
        }
        guard serverURL != nil else {
            return "\(variable) is unset: no PostgreSQL server to test the shared state store against "
                + "(export \(variable)=$(.ci/postgres/start /tmp/harness-pg))"
        }
        return nil
    }

    /// The URL of the database `name` on the server `server` names.
    package static func url(of name: String, on server: String) throws -> String {
        try PostgresURL.replacingDatabase(in: server, with: name)
    }

    /// The name of the database `url` names, or nil when it names none.
    package static func name(in url: String) throws -> String? {
        try PostgresURL(parsing: url).database
    }
}

extension UInt32 {
    var hexadecimal: String {
        let digits = String(self, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
