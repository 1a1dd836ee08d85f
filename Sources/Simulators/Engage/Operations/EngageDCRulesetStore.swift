import Foundation

/// The rulesets in `engage_dc_rulesets`. Every lookup goes through an index (ruleset id, mailing id, name within its
/// scope), so an operation costs the same however many rulesets the simulator holds.
struct EngageDCRulesetStore {
    let db: StateDB
    let now: Date

    static let tables = ["engage_dc_rulesets"]

    /// A ruleset's name is unique within its scope: its mailing, or the Asset Library (assumed: the reference names
    /// fault 300 "A Ruleset with the provided name already exists." but not its scope).
    static func migrate(_ db: StateDB) throws {
        try db.execute(
            sql: """
                CREATE TABLE engage_dc_rulesets(
                    ruleset_id INTEGER PRIMARY KEY, name TEXT NOT NULL, list_id TEXT NOT NULL, mailing_id TEXT,
                    scope TEXT NOT NULL, definition TEXT NOT NULL, created_at REAL NOT NULL,
                    modified_at REAL NOT NULL);
                CREATE UNIQUE INDEX engage_dc_rulesets_by_name ON engage_dc_rulesets(scope, name COLLATE NOCASE);
                CREATE INDEX engage_dc_rulesets_by_mailing ON engage_dc_rulesets(mailing_id, ruleset_id);
                """)
    }

    private static func scope(_ mailingID: String?) -> String { mailingID.map { "mailing:\($0)" } ?? "library" }

    func find(_ id: Int) throws -> EngageDCRuleset? {
        try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM engage_dc_rulesets WHERE ruleset_id = ?"), arguments: [id]
        ).map(Self.ruleset)
    }

    /// The rulesets of a mailing, by id.
    func rulesets(mailing id: String) throws -> [EngageDCRuleset] {
        try StateRow.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM engage_dc_rulesets WHERE mailing_id = ? ORDER BY ruleset_id"),
            arguments: [id]
        ).map(Self.ruleset)
    }

    /// Every ruleset by id (the admin API's listing).
    func all() throws -> [EngageDCRuleset] {
        try StateRow.fetchAll(db.cachedStatement(sql: "SELECT * FROM engage_dc_rulesets ORDER BY ruleset_id")).map(
            Self.ruleset)
    }

    func nameTaken(_ name: String, mailing: String?) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(
                sql: "SELECT EXISTS(SELECT 1 FROM engage_dc_rulesets WHERE scope = ? AND name = ? COLLATE NOCASE)"),
            arguments: [Self.scope(mailing), name]) ?? false
    }

    /// Stores a new ruleset and returns it with its id (550001, 550002, …).
    func insert(
        name: String, listID: String, mailingID: String?, definition: EngageDCRuleset.Definition
    ) throws -> EngageDCRuleset {
        let id = 550_000 + (try EngageSchema.next(db, counter: "dcRuleset"))
        try db.execute(
            sql: """
                INSERT INTO engage_dc_rulesets(
                    ruleset_id, name, list_id, mailing_id, scope, definition, created_at, modified_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, name, listID, mailingID, Self.scope(mailingID), try definition.stored(),
                now.timeIntervalSince1970, now.timeIntervalSince1970,
            ])
        return EngageDCRuleset(id: id, name: name, listID: listID, mailingID: mailingID, definition: definition)
    }

    func replace(_ id: Int, with definition: EngageDCRuleset.Definition) throws {
        try db.execute(
            sql: "UPDATE engage_dc_rulesets SET definition = ?, modified_at = ? WHERE ruleset_id = ?",
            arguments: [try definition.stored(), now.timeIntervalSince1970, id])
    }

    func delete(_ id: Int) throws {
        try db.execute(sql: "DELETE FROM engage_dc_rulesets WHERE ruleset_id = ?", arguments: [id])
    }

    private static func ruleset(_ row: StateRow) throws -> EngageDCRuleset {
        EngageDCRuleset(
            id: row["ruleset_id"], name: row["name"], listID: row["list_id"], mailingID: row["mailing_id"],
            definition: try EngageDCRuleset.Definition(stored: row["definition"]))
    }

    // MARK: Other groups' tables

    /// Whether the mailing exists (`engage_mailings`, migration `engage.v5.mailings`).
    func mailingExists(_ id: String) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM engage_mailings WHERE mailing_id = ?)"),
            arguments: [id]) ?? false
    }
}
