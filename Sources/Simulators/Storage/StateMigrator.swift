import GRDB

/// The simulators' migrations, in the order they were registered, each run once per store: on SQLite through GRDB's
/// `DatabaseMigrator` (same identifiers, so a `--state` file written before keeps its tables), on PostgreSQL by
/// the shared store, which records them in `harness_migrations`.
package struct StateMigrator: Sendable {
    package typealias Migration = @Sendable (StateDB) throws -> Void
    package private(set) var migrations: [(identifier: String, body: Migration)] = []

    package init() {}

    /// Registers a migration; start its identifier with the vendor name (`engage.v1`).
    package mutating func registerMigration(_ identifier: String, migrate body: @escaping Migration) {
        migrations.append((identifier, body))
    }

    /// GRDB's migrator for the same migrations.
    var grdb: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (identifier, body) in migrations {
            migrator.registerMigration(identifier) { db in try body(StateDB(SQLiteStateExecutor(db))) }
        }
        return migrator
    }
}
