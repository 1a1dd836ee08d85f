#if PostgreSQL
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

extension PostgresTestDatabase {
    /// The URL of a new, empty database `harness_<prefix>_<random>` on the server, or nil when no server is
    /// configured. `prefix` is reduced to lowercase letters, digits and `_`.
    package static func fresh(named prefix: String) async throws -> String? {
        guard let server = serverURL else { return nil }
        return try await create(named: prefix, on: server)
    }

    /// The URL of a new, empty database `harness_<prefix>_<random>` on the server `server` names (a URL of a
    /// database there, whose user may `CREATE DATABASE`).
    package static func create(named prefix: String, on server: String) async throws -> String {
        let kept = prefix.lowercased().unicodeScalars.filter {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
        let random = UInt32.random(in: 0...UInt32.max).hexadecimal
        let name = "harness_\(String(String.UnicodeScalarView(kept.prefix(30))))_\(random)"
        try await execute("CREATE DATABASE \(name)", on: server)
        return try PostgresURL.replacingDatabase(in: server, with: name)
    }

    /// Drops the database `url` names, ending the sessions still connected to it; nil when no server is configured.
    package static func drop(_ url: String) async throws {
        guard let server = serverURL else { return }
        try await drop(url, on: server)
    }

    /// Drops the database `url` names through the server `server` names (another database there).
    package static func drop(_ url: String, on server: String) async throws {
        guard let database = try PostgresURL(parsing: url).database else { return }
        let quoted = "\"" + database.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        try await execute("DROP DATABASE IF EXISTS \(quoted) WITH (FORCE)", on: server)
    }

    /// Ends every session connected to the database `url` names but the caller's (as an administrator's
    /// `pg_terminate_backend` would), and returns how many there were.
    @discardableResult
    package static func terminateSessions(of url: String) async throws -> Int {
        guard let database = try PostgresURL(parsing: url).database else { return 0 }
        let rows = try await query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
            binds: [database], on: url)
        return rows
    }

    /// Runs one statement with no result on the database `url` names, on a connection of its own.
    package static func execute(_ sql: String, on url: String) async throws {
        _ = try await query(sql, binds: [], on: url)
    }

    /// Runs `sql` and returns its rows' first column as text.
    package static func strings(_ sql: String, binds values: [String], on url: String) async throws -> [String] {
        try await query(sql, binds: values, on: url) { try $0.decode(String.self) }
    }

    /// Runs `sql` and returns how many rows it gave.
    private static func query(_ sql: String, binds values: [String], on url: String) async throws -> Int {
        try await query(sql, binds: values, on: url) { _ in () }.count
    }

    /// Runs `sql` and returns each row as `read` gives it.
    private static func query<Row>(
        _ sql: String, binds values: [String], on url: String, _ read: (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        let parsed = try PostgresURL(parsing: url)
        let logger = Logger(label: "harness.test-postgres")
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: parsed.configuration, id: 0,
                logger: logger
            ).get()
        } catch {
            throw PostgresFailure(error)
        }
        var binds = PostgresBindings()
        for value in values { binds.append(value) }
        do {
            let result = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger).get()
            try? await connection.close()
            return try result.rows.map(read)
        } catch {
            try? await connection.close()
            throw PostgresFailure(error)
        }
    }
}

#endif
