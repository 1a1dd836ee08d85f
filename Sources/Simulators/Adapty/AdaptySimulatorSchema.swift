import Foundation
import JSONCore

/// The simulator's tables (all `adapty_…`) and the state a reset returns to: the demo app of
/// ``AdaptyDemoApp`` with its placements and onboarding script, no profiles, no events, no faults.
enum AdaptySimulatorSchema {
    static func register(_ migrator: inout StateMigrator) {
        migrator.registerMigration("adapty.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE adapty_apps (prefix TEXT PRIMARY KEY, api_key TEXT NOT NULL);
                    CREATE TABLE adapty_placements (
                        app TEXT NOT NULL, placement_id TEXT NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL,
                        PRIMARY KEY (app, placement_id));
                    CREATE TABLE adapty_onboarding_scripts (onboarding_id TEXT PRIMARY KEY, messages TEXT NOT NULL);
                    CREATE TABLE adapty_profiles (
                        profile_id TEXT PRIMARY KEY, customer_user_id TEXT, attributes TEXT NOT NULL,
                        installation_meta TEXT NOT NULL, timestamp INTEGER NOT NULL);
                    CREATE TABLE adapty_events (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, profile_id TEXT NOT NULL, event_name TEXT NOT NULL,
                        body TEXT NOT NULL);
                    CREATE TABLE adapty_faults (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, host TEXT NOT NULL, path_contains TEXT NOT NULL,
                        status INTEGER NOT NULL, headers TEXT NOT NULL, body TEXT NOT NULL, remaining INTEGER NOT NULL);
                    CREATE TABLE adapty_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    """)
            try seed(db)
        }
    }

    static func reset(_ db: StateDB) throws {
        try db.clear(tables: [
            "adapty_apps", "adapty_placements", "adapty_onboarding_scripts", "adapty_profiles", "adapty_events",
            "adapty_faults", "adapty_settings",
        ])
        try seed(db)
    }

    /// The demo app, its placements and its onboarding script.
    static func seed(_ db: StateDB) throws {
        try db.execute(
            sql: "INSERT INTO adapty_apps (prefix, api_key) VALUES (?, ?)",
            arguments: [AdaptyDemoApp.keyPrefix, AdaptyDemoApp.apiKey])
        for (id, placement) in AdaptyDemoApp.placements {
            try AdaptyPlacementStore.save(app: AdaptyDemoApp.keyPrefix, placementId: id, placement, db)
        }
        try AdaptyPlacementStore.saveScript(
            onboardingId: AdaptyDemoApp.onboardingId, messages: AdaptyDemoApp.script, db)
    }
}

/// Simulator-wide settings.
struct AdaptySimulatorSettings {
    /// Where the onboarding pages are served (`onboarding_builder.config_url` starts with it).
    var pageBaseURL: String

    static let defaultPageBaseURL = "http://simulator.local/adapty"

    init(_ db: StateDB) throws {
        var values: [String: String] = [:]
        for row in try StateRow.fetchAll(db.cachedStatement(sql: "SELECT key, value FROM adapty_settings")) {
            values[row["key"]] = row["value"]
        }
        pageBaseURL = values["page_base_url"] ?? Self.defaultPageBaseURL
    }

    static func set(_ key: String, _ value: String, _ db: StateDB) throws {
        try db.execute(
            sql: """
                INSERT INTO adapty_settings (key, value) VALUES (?, ?)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, arguments: [key, value])
    }
}

/// Short stable hashes the simulator hands out (`segment_hash`, `x-response-hash`): FNV-1a 64 of a text, as
/// 16 hex digits. The vendor's own hashes are opaque to clients, so any stable function serves.
enum AdaptySimulatorHash {
    static func of(_ text: String) -> String { StableHash(text).hex }
}
