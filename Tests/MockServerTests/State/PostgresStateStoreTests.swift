import Foundation
import JSONCore
import Logging
import MockServer
import Testing

/// The PostgreSQL store against a real server: `HARNESS_TEST_POSTGRES` names one where the tests may create
/// databases (`.ci/postgres/start` prints such a URL). Without it the suite is skipped, saying why.
@Suite(
    "PostgresStateStore",
    .enabled(
        if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.unavailableReason ?? "")))
struct PostgresStateStoreTests {
    /// A fresh database for `body`, dropped after it whatever happens.
    @discardableResult
    static func withDatabase<T>(_ name: String, _ body: (String) async throws -> T) async throws -> T {
        let url = try #require(try await PostgresTestDatabase.fresh(named: name))
        do {
            let result = try await body(url)
            try await PostgresTestDatabase.drop(url)
            return result
        } catch {
            try? await PostgresTestDatabase.drop(url)
            throw error
        }
    }

    /// A store on a fresh database with `migrator`, closed and dropped after `body`.
    @discardableResult
    static func withStore<T>(
        _ name: String, migrator: StateMigrator = StateMigrator(), connections: Int = 4,
        _ body: (PostgresStateStore, String) async throws -> T
    ) async throws -> T {
        try await withDatabase(name) { url in
            let store = try await PostgresStateStore.open(
                url: url, migrator: migrator, connections: connections, logger: quietLogger)
            do {
                let result = try await body(store, url)
                await store.close()
                return result
            } catch {
                await store.close()
                throw error
            }
        }
    }

    static let quietLogger: Logger = {
        var logger = Logger(label: "postgres.tests")
        logger.logLevel = .critical
        return logger
    }()

    static let counterTable: StateMigrator = {
        var migrator = StateMigrator()
        migrator.registerMigration("test.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
                    INSERT INTO counters VALUES ('hits', 0)
                    """)
        }
        return migrator
    }()

    @Test("Every StateValue kind is stored and read back as it was")
    func roundTrip() async throws {
        var migrator = StateMigrator()
        migrator.registerMigration("values.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE vals (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, i INTEGER, r REAL, t TEXT, b BLOB)
                    """)
        }
        let rows: [(StateValue, StateValue, StateValue, StateValue)] = [
            (.integer(.max), .real(-0.5), .text("héllo, 世界 'quoted' ?"), .blob(Data([0, 1, 2, 255]))),
            (.integer(.min), .real(.infinity), .text(""), .blob(Data())),
            (.null, .null, .null, .null),
        ]
        try await Self.withStore("round_trip", migrator: migrator) { store, _ in
            try await store.write(readFirst: false) { db in
                for row in rows {
                    try db.execute(
                        sql: "INSERT INTO vals (i, r, t, b) VALUES (?, ?, ?, ?)",
                        arguments: StateArguments(values: [row.0, row.1, row.2, row.3]))
                }
            }
            let read = try await store.read { db in
                try StateRow.fetchAll(db, sql: "SELECT seq, i, r, t, b FROM vals ORDER BY seq")
            }
            #expect(read.map { Array($0.values.dropFirst()) } == rows.map { [$0.0, $0.1, $0.2, $0.3] })
            #expect(read.map { $0["seq"] as Int } == [1, 2, 3])
            let computed = try await store.read { db in
                try StateRow.fetchOne(
                    db,
                    sql: "SELECT 1 = 1 AS yes, count(*) AS n, sum(i) IS NULL AS none, 2.5::numeric AS half, "
                        + "6::numeric AS six, 'x'::varchar AS v, length(?) AS len FROM vals",
                    arguments: ["abc"])
            }
            let values = try #require(computed).values
            #expect(
                values == [.integer(1), .integer(3), .integer(0), .real(2.5), .integer(6), .text("x"), .integer(3)])
        }
    }

    @Test("A column of a type SQLite has no counterpart for is an error naming the column and the type")
    func unsupportedType() async throws {
        try await Self.withStore("unsupported") { store, _ in
            await #expect {
                try await store.read { db in try StateRow.fetchAll(db, sql: "SELECT now() AS started") }
            } throws: { error in
                guard case .stateStatement(_, let sql, _, let message) = error as? MockServerError else { return false }
                return sql.contains("now()") && message.contains("started")
                    && message.lowercased().contains("timestamptz")
            }
        }
    }

    @Test("execute reports how many rows an INSERT, UPDATE or DELETE changed, and a SELECT none")
    func changes() async throws {
        try await Self.withStore("changes", migrator: Self.counterTable) { store, _ in
            let counts = try await store.write(readFirst: false) { db -> [Int] in
                var counts: [Int] = []
                try db.execute(sql: "INSERT INTO counters VALUES ('a', 1), ('b', 2), ('c', 3)")
                counts.append(db.changesCount)
                try db.execute(sql: "UPDATE counters SET value = value + 1 WHERE value >= ?", arguments: [2])
                counts.append(db.changesCount)
                try db.execute(sql: "DELETE FROM counters WHERE name = ?", arguments: ["a"])
                counts.append(db.changesCount)
                try db.execute(sql: "INSERT INTO counters VALUES ('b', 9) ON CONFLICT (name) DO NOTHING")
                counts.append(db.changesCount)
                _ = try Int.fetchAll(db, sql: "SELECT value FROM counters")
                counts.append(db.changesCount)
                try db.cachedStatement(sql: "UPDATE counters SET value = 0").execute()
                counts.append(db.changesCount)
                return counts
            }
            #expect(counts == [3, 2, 1, 0, 0, 3])
        }
    }

    @Test("64 concurrent read-modify-write transactions on one counter lose no update: conflicts run again")
    func concurrentCounter() async throws {
        try await Self.withStore("counter", migrator: Self.counterTable, connections: 8) { store, _ in
            let runs = Locked(0)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<64 {
                    group.addTask {
                        try await store.write(readFirst: false) { db in
                            runs.withLock { $0 += 1 }
                            let value = try Int.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'hits'") ?? 0
                            try db.execute(
                                sql: "UPDATE counters SET value = ? WHERE name = 'hits'", arguments: [value + 1])
                        }
                    }
                }
                try await group.waitForAll()
            }
            let total = try await store.read { db in
                try Int.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'hits'")
            }
            #expect(total == 64)
            #expect(runs.withLock { $0 } >= 64)
        }
    }

    @Test("readFirst runs a body that only reads once, and a body that writes again read-write, keeping its write")
    func readFirst() async throws {
        try await Self.withStore("read_first", migrator: Self.counterTable) { store, _ in
            let reads = Locked(0)
            let value = try await store.write(readFirst: true) { db in
                reads.withLock { $0 += 1 }
                return try Int.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'hits'")
            }
            #expect(value == 0)
            #expect(reads.withLock { $0 } == 1)
            let writes = Locked(0)
            try await store.write(readFirst: true) { db in
                writes.withLock { $0 += 1 }
                try db.execute(sql: "UPDATE counters SET value = 7 WHERE name = 'hits'")
            }
            #expect(writes.withLock { $0 } == 2)
            let stored = try await store.read { db in
                try Int.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'hits'")
            }
            #expect(stored == 7)
        }
    }

    @Test("A write in a read transaction is refused with SQLSTATE 25006 and changes nothing")
    func readIsReadOnly() async throws {
        try await Self.withStore("read_only", migrator: Self.counterTable) { store, _ in
            await #expect {
                try await store.read { db in try db.execute(sql: "UPDATE counters SET value = 1") }
            } throws: { error in
                guard case .stateStatement(_, _, let sqlState, _) = error as? MockServerError else { return false }
                return sqlState == "25006"
            }
        }
    }

    @Test("Two stores opened at once on one new database run each migration exactly once")
    func concurrentMigrations() async throws {
        try await Self.withDatabase("migrations") { url in
            var migrator = StateMigrator()
            migrator.registerMigration("race.v1") { db in
                try db.execute(sql: "CREATE TABLE runs (migration TEXT NOT NULL)")
            }
            for version in 2...5 {
                migrator.registerMigration("race.v\(version)") { db in
                    _ = try StateRow.fetchAll(db, sql: "SELECT pg_sleep(0.05)::text")
                    try db.execute(sql: "INSERT INTO runs VALUES (?)", arguments: ["race.v\(version)"])
                }
            }
            let logger = Self.quietLogger
            let migrations = migrator
            async let first = PostgresStateStore.open(url: url, migrator: migrations, connections: 2, logger: logger)
            async let second = PostgresStateStore.open(url: url, migrator: migrations, connections: 2, logger: logger)
            let stores = try await [first, second]
            let runs = try await stores[0].read { db in
                try StateRow.fetchAll(
                    db, sql: "SELECT migration, count(*) AS n FROM runs GROUP BY migration ORDER BY 1")
            }
            #expect(runs.map { "\($0["migration"] as String)=\($0["n"] as Int)" } == (2...5).map { "race.v\($0)=1" })
            let recorded = try await stores[1].read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM harness_migrations ORDER BY identifier")
            }
            #expect(recorded == (1...5).map { "race.v\($0)" })
            for store in stores { await store.close() }
        }
    }

    @Test("?options=-c search_path=… keeps a store's tables and migrations in that schema, apart from another's")
    func schemas() async throws {
        try await Self.withDatabase("schemas") { url in
            for schema in ["team_a", "team_b"] {
                try await PostgresTestDatabase.execute("CREATE SCHEMA \(schema)", on: url)
            }
            let logger = Self.quietLogger
            let migrator = Self.counterTable
            let a = try await PostgresStateStore.open(
                url: url + "?options=-c%20search_path%3Dteam_a", migrator: migrator, connections: 2, logger: logger)
            let b = try await PostgresStateStore.open(
                url: url + "?options=-csearch_path%3Dteam_b", migrator: migrator, connections: 2, logger: logger)
            try await a.write(readFirst: false) { db in
                try db.execute(sql: "UPDATE counters SET value = value + 5 WHERE name = 'hits'")
            }
            var values: [Int?] = []
            for store in [a, b] {
                values.append(try await store.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counters") })
            }
            #expect(values == [5, 0])
            let tables = try await PostgresTestDatabase.strings(
                "SELECT schemaname || '.' || tablename FROM pg_tables WHERE tablename IN ('counters', "
                    + "'harness_migrations') ORDER BY 1", binds: [], on: url)
            #expect(
                tables == [
                    "team_a.counters", "team_a.harness_migrations", "team_b.counters", "team_b.harness_migrations",
                ])
            await a.close()
            await b.close()
        }
    }

    @Test("The closure's own error comes back unchanged, and what it wrote before is rolled back")
    func closureError() async throws {
        struct Refusal: Error, Equatable {
            let code: Int
        }
        try await Self.withStore("closure_error", migrator: Self.counterTable) { store, _ in
            await #expect(throws: Refusal(code: 7)) {
                try await store.write(readFirst: false) { db in
                    try db.execute(sql: "UPDATE counters SET value = 99")
                    throw Refusal(code: 7)
                }
            }
            let value = try await store.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counters") }
            #expect(value == 0)
        }
    }

    @Test("A statement the server refuses is an error with the SQL, the SQLSTATE and the message, swallowed or not")
    func statementError() async throws {
        try await Self.withStore("statement_error", migrator: Self.counterTable) { store, _ in
            let expectation: (any Error) -> Bool = { error in
                guard case .stateStatement(let location, let sql, let sqlState, let message) = error as? MockServerError
                else { return false }
                return location.hasPrefix("postgres") && sql == "SELECT * FROM missing WHERE a = ?"
                    && sqlState == "42P01" && message.contains("missing")
            }
            await #expect {
                try await store.write(readFirst: false) { db in
                    try db.execute(sql: "UPDATE counters SET value = 5")
                    _ = try StateRow.fetchAll(db, sql: "SELECT * FROM missing WHERE a = ?", arguments: [1])
                }
            } throws: { expectation($0) }
            // A closure that catches the failure cannot commit over it: PostgreSQL aborted the transaction there.
            await #expect {
                try await store.write(readFirst: false) { db in
                    try db.execute(sql: "UPDATE counters SET value = 5")
                    _ = try? StateRow.fetchAll(db, sql: "SELECT * FROM missing WHERE a = ?", arguments: [1])
                }
            } throws: { expectation($0) }
            // Thrown on by a savepoint that rolled it back, it is still the server's error, named.
            await #expect {
                try await store.write(readFirst: false) { db in
                    try db.inSavepoint {
                        _ = try StateRow.fetchAll(db, sql: "SELECT * FROM missing WHERE a = ?", arguments: [1])
                        return .commit
                    }
                }
            } throws: { expectation($0) }
            let value = try await store.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counters") }
            #expect(value == 0)
        }
    }

    @Test("A savepoint rolled back after a refused statement lets the transaction go on and commit")
    func savepoint() async throws {
        try await Self.withStore("savepoint", migrator: Self.counterTable) { store, _ in
            try await store.write(readFirst: false) { db in
                try? db.inSavepoint {
                    try db.execute(sql: "INSERT INTO counters VALUES ('hits', 1)")
                    return .commit
                }
                try db.execute(sql: "UPDATE counters SET value = 3")
            }
            let value = try await store.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counters") }
            #expect(value == 3)
        }
    }

    @Test("A connection the server closed is replaced: the next transaction succeeds")
    func reconnects() async throws {
        try await Self.withStore("reconnect", migrator: Self.counterTable, connections: 2) { store, url in
            try await store.write(readFirst: false) { db in try db.execute(sql: "UPDATE counters SET value = 1") }
            #expect(try await PostgresTestDatabase.terminateSessions(of: url) >= 1)
            try await store.write(readFirst: false) { db in try db.execute(sql: "UPDATE counters SET value = 2") }
            let value = try await store.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counters") }
            #expect(value == 2)
        }
    }

    @Test("A database that is gone makes every transaction fail as unavailable, naming the store")
    func databaseGone() async throws {
        try await Self.withDatabase("gone") { url in
            let store = try await PostgresStateStore.open(
                url: url, migrator: Self.counterTable, connections: 2, logger: Self.quietLogger)
            try await PostgresTestDatabase.drop(url)
            await #expect {
                try await store.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counters") }
            } throws: { error in
                guard case .stateStoreUnavailable(let location, let reason) = error as? MockServerError else {
                    return false
                }
                return location == url && reason.contains("does not exist")
            }
            await store.close()
        }
    }

    @Test("A missing database or a closed store is unavailable, naming the store")
    func unavailable() async throws {
        let server = try #require(PostgresTestDatabase.serverURL)
        let missing = server.replacingOccurrences(of: "/postgres", with: "/harness_no_such_database")
        await #expect {
            _ = try await PostgresStateStore.open(url: missing, migrator: StateMigrator(), logger: Self.quietLogger)
        } throws: { error in
            guard case .stateStoreUnavailable(let location, let reason) = error as? MockServerError else {
                return false
            }
            return location.contains("harness_no_such_database") && reason.contains("does not exist")
        }
        try await Self.withStore("closed") { store, _ in
            await store.close()
            let closed = MockServerError.stateStoreUnavailable(location: store.location, reason: "the store was closed")
            await #expect(throws: closed) {
                try await store.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
            }
        }
    }
}

/// The store's errors that need no server.
@Suite("PostgresStateStore without a server")
struct PostgresStateStoreOfflineTests {
    @Test(
        "A port nothing listens on is unavailable, naming the store without its password and the cause",
        .enabled(if: PostgresStateStore.isBuiltIn, "built without the PostgreSQL trait: no store to connect"))
    func refused() async throws {
        await #expect {
            _ = try await PostgresStateStore.open(
                url: "postgres://harness:secret@127.0.0.1:1/x", migrator: StateMigrator(),
                logger: PostgresStateStoreTests.quietLogger)
        } throws: { error in
            guard case .stateStoreUnavailable(let location, let reason) = error as? MockServerError else {
                return false
            }
            let text = "\(error)"
            return location == "postgres://harness@127.0.0.1:1/x" && reason.lowercased().contains("refused")
                && !text.contains("secret")
        }
    }

    @Test(
        "Without the PostgreSQL trait a readable URL is refused, naming the store without its password and the trait",
        .enabled(if: !PostgresStateStore.isBuiltIn, "built with the PostgreSQL trait: the store connects"))
    func notBuilt() async throws {
        await #expect(throws: MockServerError.stateStoreNotBuilt(location: "postgres://harness@127.0.0.1:1/x")) {
            _ = try await PostgresStateStore.open(
                url: "postgres://harness:secret@127.0.0.1:1/x", migrator: StateMigrator(),
                logger: PostgresStateStoreTests.quietLogger)
        }
        let message = MockServerError.stateStoreNotBuilt(location: "postgres://harness@127.0.0.1:1/x").description
        #expect(message.contains("swift build --traits PostgreSQL"))
    }

    @Test("A malformed URL is refused before any connection, naming the part")
    func malformed() async throws {
        await #expect(
            throws: MockServerError.invalidStateURL(
                location: "postgres://h:x/db",
                reason:
                    "port 'x' is not a number from 1 to 65535 (expected postgres://user[:password]@host[:port]/database)"
            )
        ) {
            _ = try await PostgresStateStore.open(
                url: "postgres://h:x/db", migrator: StateMigrator(), logger: PostgresStateStoreTests.quietLogger)
        }
    }
}
