/// The simulator's tables (all `webengage_…`) and the demo account every reset returns to (see ``WebEngageDemo``).
enum WebEngageSchema {
    static func register(_ migrator: inout StateMigrator) {
        migrator.registerMigration("webengage.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE webengage_licenses (code TEXT PRIMARY KEY);
                    CREATE TABLE webengage_users (
                        license TEXT NOT NULL, luid TEXT NOT NULL, cuid TEXT, PRIMARY KEY (license, luid));
                    CREATE TABLE webengage_properties (
                        license TEXT NOT NULL, screen TEXT NOT NULL, property_id TEXT NOT NULL,
                        target_view TEXT NOT NULL, variation_id TEXT NOT NULL, campaign_id TEXT,
                        failure_timeout INTEGER, params TEXT, default_content TEXT, journey_id TEXT,
                        control_group INTEGER NOT NULL DEFAULT 0, position INTEGER NOT NULL,
                        PRIMARY KEY (license, screen, property_id));
                    CREATE TABLE webengage_variations (
                        variation_id TEXT PRIMARY KEY, template TEXT NOT NULL,
                        render_delay_ms INTEGER NOT NULL DEFAULT 0, fault TEXT);
                    CREATE TABLE webengage_resources (name TEXT PRIMARY KEY, failing INTEGER NOT NULL DEFAULT 0);
                    CREATE TABLE webengage_events (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, license TEXT NOT NULL, luid TEXT NOT NULL,
                        cuid TEXT, name TEXT NOT NULL, system_data TEXT NOT NULL, event_data TEXT NOT NULL,
                        event_time TEXT NOT NULL);
                    """)
            try WebEngageDemo.seed(db)
        }
    }

    /// Empties every table and seeds the demo account again.
    static func reset(_ db: StateDB) throws {
        try db.clear(
            tables: ["licenses", "users", "properties", "variations", "resources", "events"].map { "webengage_\($0)" })
        try WebEngageDemo.seed(db)
    }
}
