import Foundation
import JSONCore

/// `InsertUpdateRelationalTable` (§2.4): rows upserted by the table's key columns, at most 100 per call. A row
/// with an unknown column or without every key column is reported in `<FAILURES>` (permanent) and the others
/// are stored. Faults: 125 no or unknown `TABLE_ID`, 51 no `ROWS` or more than 100 rows.
struct EngageRelationalTables {
    let db: StateDB

    static let maximumRows = 100

    func insertUpdate(_ request: EngageRequest) throws -> EngageResult {
        guard let id = request.scalar("TABLE_ID"), !id.isEmpty else { throw EngageFault(125, "TABLE_ID is missing.") }
        guard let table = try EngageList.find(db, id: id), table.type == .relationalTable else {
            throw EngageFault(125, "Relational table \(id) not found.")
        }
        let rows = request.rows
        guard !rows.isEmpty else { throw EngageFault.invalidXML("ROWS with at least one ROW is required") }
        guard rows.count <= Self.maximumRows else {
            throw EngageFault.invalidXML("at most \(Self.maximumRows) rows per request")
        }
        var failures = ""
        for row in rows {
            if let problem = try store(row, in: table) {
                failures += "<FAILURE failure_type=\"permanent\" description=\"\(XMLText.attribute(problem))\">"
                for column in row where table.keyColumns.contains(column.name) {
                    failures +=
                        "<COLUMN name=\"\(XMLText.attribute(column.name))\">\(XMLText.text(column.value))</COLUMN>"
                }
                failures += "</FAILURE>"
            }
        }
        var result = EngageResult()
        if !failures.isEmpty { result.raw("<FAILURES>\(failures)</FAILURES>") }
        return result
    }

    /// Stores one row; returns why it was refused, or nil.
    private func store(_ row: [(name: String, value: String)], in table: EngageList) throws -> String? {
        var values: [(String, JSONValue)] = []
        for column in row {
            guard let known = try table.column(db, named: column.name) else {
                return "Column '\(column.name)' not found in table."
            }
            values.append((known.name, .string(column.value)))
        }
        let object = JSONObject(values)
        var key: [JSONValue] = []
        for name in table.keyColumns {
            guard let value = object[name] else { return "Key column '\(name)' is missing." }
            key.append(value)
        }
        let keyText = String(decoding: JSONValue.array(key).data(), as: UTF8.self)
        let existing = try String.fetchOne(
            db.cachedStatement(sql: "SELECT row_json FROM engage_table_rows WHERE table_id = ? AND row_key = ?"),
            arguments: [table.id, keyText])
        var merged = existing.flatMap { try? JSONValue(parsing: $0).objectValue } ?? JSONObject()
        for (name, value) in object { merged[name] = value }
        let position =
            try Int.fetchOne(
                db.cachedStatement(
                    sql: "SELECT COALESCE(MAX(position), 0) + 1 FROM engage_table_rows WHERE table_id = ?"),
                arguments: [table.id]) ?? 1
        try db.execute(
            sql: """
                INSERT INTO engage_table_rows(table_id, row_key, position, row_json) VALUES (?, ?, ?, ?)
                ON CONFLICT(table_id, row_key) DO UPDATE SET row_json = excluded.row_json
                """,
            arguments: [
                table.id, keyText, position,
                String(decoding: JSONValue.object(merged).data([.sortedKeys]), as: UTF8.self),
            ])
        return nil
    }
}
