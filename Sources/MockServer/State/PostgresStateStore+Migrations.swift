#if PostgreSQL
import PostgresNIO

extension PostgresStateStore {
    /// The advisory lock every instance takes while it prepares the database or runs a migration: one per schema
    /// (the first of the session's `search_path`), so stores kept apart by `?options=-c search_path=…` migrate at
    /// once.
    static let migrationLock =
        "SELECT pg_advisory_xact_lock(hashtext('harness_migrations:' || coalesce(current_schema(), '')))"

    /// Prepares the database and runs the migrations not recorded in `harness_migrations`, on the calling thread
    /// (one of the store's). Each runs in its own `READ COMMITTED` transaction holding the advisory lock, and is
    /// checked again once the lock is held: another instance may have run it meanwhile. `READ COMMITTED` because
    /// each statement then sees what that instance committed before it released the lock.
    func prepare(_ migrator: StateMigrator) throws {
        try session("preparing the database") { executor in
            try executor.control(Self.migrationLock)
            try executor.script(
                """
                CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
                CREATE TABLE IF NOT EXISTS harness_migrations (identifier TEXT PRIMARY KEY)
                """)
        }
        let recorded = try session("reading harness_migrations") { executor in
            Set(
                try executor.run(sql: "SELECT identifier FROM harness_migrations", arguments: [], cached: false).rows
                    .compactMap { String.fromStateValue($0.values[0]) })
        }
        for (identifier, body) in migrator.migrations where !recorded.contains(identifier) {
            try session("migration \(identifier)") { executor in
                try executor.control(Self.migrationLock)
                let done = try executor.run(
                    sql: "SELECT 1 FROM harness_migrations WHERE identifier = ?", arguments: [.text(identifier)],
                    cached: false)
                guard done.rows.isEmpty else { return }
                try body(StateDB(executor))
                if let failure = executor.failure { throw failure }
                _ = try executor.run(
                    sql: "INSERT INTO harness_migrations (identifier) VALUES (?)", arguments: [.text(identifier)],
                    cached: false)
            }
        }
    }

    /// One `READ COMMITTED` transaction for preparing the database; a failure names `step`.
    private func session<T>(_ step: String, _ body: (PostgresStateExecutor) throws -> T) throws -> T {
        let (connection, _) = try checkout()
        let executor = PostgresStateExecutor(connection: connection, translations: SQLTranslations(), logger: logger)
        do {
            try executor.control("BEGIN ISOLATION LEVEL READ COMMITTED")
            let value = try body(executor)
            if let failure = executor.failure { throw failure }
            try executor.control("COMMIT")
            pool.checkin(connection)
            return value
        } catch {
            let failure = executor.failure.map { $0 as any Error } ?? error
            switch failure {
            case let failure as PostgresStateExecutor.Failure:
                if case .connection(let reason) = failure.failure {
                    pool.discard(connection)
                    throw MockServerError.stateStoreUnavailable(location: location, reason: reason)
                }
                rollBack(connection)
                throw MockServerError.simulators(.stateStore(path: location, reason: "\(step): \(failure)"))
            default:
                rollBack(connection)
                throw MockServerError.simulators(.stateStore(path: location, reason: "\(step): \(failure)"))
            }
        }
    }
}
#endif
