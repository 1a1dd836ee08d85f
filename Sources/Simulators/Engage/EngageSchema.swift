import Foundation

/// The simulator's tables and the data every fresh simulator starts with.
enum EngageSchema {
    /// The recipient database the flows use (the pilot list id of the iOS integration tests, §9).
    static let defaultListID = "23949"
    /// The audit relational table of §6.2 (the pilot table id of the iOS integration tests).
    static let auditTableID = "29392"
    /// `ORGANIZATION_ID` in results.
    static let organizationID = "sim-org-1"

    static let tables = [
        "engage_settings", "engage_counters", "engage_tokens", "engage_lists", "engage_columns",
        "engage_recipients", "engage_recipient_values", "engage_table_rows", "engage_events",
    ]

    static func create(_ db: StateDB) throws {
        try db.execute(
            sql: """
                CREATE TABLE engage_settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE engage_counters(name TEXT PRIMARY KEY, value INTEGER NOT NULL);
                CREATE TABLE engage_tokens(
                    token TEXT PRIMARY KEY, issued_at REAL NOT NULL, expires_at REAL NOT NULL,
                    uses INTEGER NOT NULL DEFAULT 0, revoked INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE engage_lists(
                    list_id TEXT PRIMARY KEY, name TEXT NOT NULL, list_type INTEGER NOT NULL,
                    key_columns TEXT NOT NULL DEFAULT '[]');
                CREATE TABLE engage_columns(
                    list_id TEXT NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL COLLATE NOCASE,
                    column_type INTEGER NOT NULL, default_value TEXT NOT NULL DEFAULT '',
                    PRIMARY KEY(list_id, name));
                CREATE TABLE engage_recipients(
                    recipient_id INTEGER PRIMARY KEY, list_id TEXT NOT NULL, created_from INTEGER NOT NULL,
                    created_at TEXT NOT NULL, modified_at TEXT NOT NULL);
                CREATE TABLE engage_recipient_values(
                    recipient_id INTEGER NOT NULL, name TEXT NOT NULL COLLATE NOCASE, value TEXT NOT NULL,
                    PRIMARY KEY(recipient_id, name));
                CREATE TABLE engage_table_rows(
                    table_id TEXT NOT NULL, row_key TEXT NOT NULL, position INTEGER NOT NULL, row_json TEXT NOT NULL,
                    PRIMARY KEY(table_id, row_key));
                CREATE TABLE engage_events(
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, body TEXT NOT NULL,
                    received_at TEXT NOT NULL);
                """)
    }

    static func clear(_ db: StateDB) throws {
        for table in tables + EngageOperations.tables { try db.execute(sql: "DELETE FROM \(table)") }
    }

    /// The default list (Email, Mobile User Id, Merged Recipient Id, Merged Date; no key columns, a flexible
    /// database as in §6) and the audit table keyed by `Audit Record Id`.
    static func seed(_ db: StateDB) throws {
        let database = EngageList(id: defaultListID, name: "Mobile App Users", type: .database, keyColumns: [])
        try database.insert(db)
        for (name, type) in [("Email", 0), ("Mobile User Id", 0), ("Merged Recipient Id", 0), ("Merged Date", 3)] {
            try database.addColumn(db, name: name, type: type, defaultValue: "")
        }
        let audit = EngageList(
            id: auditTableID, name: "Identity Audit", type: .relationalTable, keyColumns: ["Audit Record Id"])
        try audit.insert(db)
        for (name, type) in [
            ("Audit Record Id", 0), ("Old Recipient Id", 0), ("New Recipient Id", 0), ("Create Date", 3),
        ] {
            try audit.addColumn(db, name: name, type: type, defaultValue: "")
        }
    }

    /// The next value of a named counter (1, 2, …).
    static func next(_ db: StateDB, counter name: String) throws -> Int {
        try db.next(counter: name, in: "engage_counters")
    }

    static func counter(_ db: StateDB, _ name: String) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT value FROM engage_counters WHERE name = ?"), arguments: [name])
            ?? 0
    }
}
