import Foundation
import JSONCore

/// A list of the simulated org: a recipient database (type 0) or a relational table (type 15), with its columns
/// and key columns.
struct EngageList: Sendable, Equatable {
    enum ListType: Int, Sendable {
        case database = 0
        case relationalTable = 15
    }

    struct Column: Sendable, Equatable {
        var name: String
        var type: Int
        var defaultValue: String
    }

    var id: String
    var name: String
    var type: ListType
    var keyColumns: [String]

    /// The column types of §2.4 (TEXT 0 … MULTI_SELECT 20).
    static let columnTypes: Set<Int> = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 14, 15, 16, 17, 19, 20]

    func insert(_ db: StateDB) throws {
        let keys = String(decoding: JSONValue.array(keyColumns.map(JSONValue.string)).data(), as: UTF8.self)
        try db.execute(
            sql: "INSERT INTO engage_lists(list_id, name, list_type, key_columns) VALUES (?, ?, ?, ?)",
            arguments: [id, name, type.rawValue, keys])
    }

    static func find(_ db: StateDB, id: String) throws -> EngageList? {
        guard
            let row = try StateRow.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM engage_lists WHERE list_id = ?"), arguments: [id])
        else { return nil }
        let keyText: String = row["key_columns"]
        let keys = (try? JSONValue(parsing: keyText))?.arrayValue?.compactMap(\.stringValue) ?? []
        return EngageList(
            id: row["list_id"], name: row["name"], type: ListType(rawValue: row["list_type"]) ?? .database,
            keyColumns: keys)
    }

    static func all(_ db: StateDB) throws -> [EngageList] {
        try String.fetchAll(db.cachedStatement(sql: "SELECT list_id FROM engage_lists ORDER BY list_id")).compactMap {
            try find(db, id: $0)
        }
    }

    func addColumn(_ db: StateDB, name: String, type: Int, defaultValue: String) throws {
        let position =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT COALESCE(MAX(position), 0) + 1 FROM engage_columns WHERE list_id = ?"),
                arguments: [id]) ?? 1
        try db.execute(
            sql: """
                INSERT INTO engage_columns(list_id, position, name, column_type, default_value) VALUES (?, ?, ?, ?, ?)
                """, arguments: [id, position, name, type, defaultValue])
    }

    func columns(_ db: StateDB) throws -> [Column] {
        try StateRow.fetchAll(
            db.cachedStatement(
                sql: "SELECT name, column_type, default_value FROM engage_columns WHERE list_id = ? ORDER BY position"),
            arguments: [id]
        ).map { Column(name: $0["name"], type: $0["column_type"], defaultValue: $0["default_value"]) }
    }

    /// The list's spelling of a column name (names match case-insensitively), or nil when it has no such column.
    func column(_ db: StateDB, named name: String) throws -> Column? {
        try StateRow.fetchOne(
            db.cachedStatement(
                sql: "SELECT name, column_type, default_value FROM engage_columns WHERE list_id = ? AND name = ?"),
            arguments: [id, name]
        ).map { Column(name: $0["name"], type: $0["column_type"], defaultValue: $0["default_value"]) }
    }

    var json: JSONValue {
        [
            "listID": .string(id), "name": .string(name), "type": .number(JSONNumber(type.rawValue)),
            "keyColumns": .array(keyColumns.map(JSONValue.string)),
        ]
    }
}
