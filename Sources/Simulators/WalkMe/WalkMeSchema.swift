import Foundation
import JSONCore

/// The simulator's tables (all `walkme_…`) and the state a reset returns to: the demo app (``WalkMeDemo``) with its
/// four campaigns, no tokens, no events.
enum WalkMeSchema {
    static func register(_ migrator: inout StateMigrator) {
        migrator.registerMigration("walkme.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE walkme_apps (key TEXT PRIMARY KEY, secret TEXT NOT NULL, config TEXT NOT NULL);
                    CREATE TABLE walkme_campaigns (
                        app TEXT NOT NULL, position INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (app, position));
                    CREATE TABLE walkme_tokens (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, token TEXT NOT NULL UNIQUE, app TEXT NOT NULL,
                        issued_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
                    CREATE TABLE walkme_events (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, app TEXT NOT NULL, received_at INTEGER NOT NULL,
                        device_id TEXT NOT NULL, user_id TEXT, event TEXT NOT NULL);
                    """)
            try seed(db)
        }
    }

    /// Empties every table and seeds the demo app.
    static func reset(_ db: StateDB) throws {
        try db.clear(tables: ["apps", "campaigns", "tokens", "events"].map { "walkme_\($0)" })
        try seed(db)
    }

    private static func seed(_ db: StateDB) throws {
        try WalkMeApp.demo.save(db)
        try WalkMeApp.replaceCampaigns(of: WalkMeDemo.appKey, with: WalkMeDemo.campaigns, db)
    }
}
