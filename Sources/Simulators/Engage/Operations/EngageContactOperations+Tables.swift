import Foundation
import JSONCore
import LibXML

/// CreateTable, JoinTable, DeleteRelationalTableData and DeleteTable, on the relational tables InsertUpdateRelationalTable
/// fills (`engage_lists` type 15, rows in `engage_table_rows` keyed by the JSON array of their key values).
extension EngageContactOperations {
    /// CreateTable's column `TYPE`s (https://developer.goacoustic.com/acoustic-campaign/reference/createtable) as the
    /// simulator's column type numbers (DATE_TIME as TIMESTAMP 17, SYNC_ID as 19).
    static let tableColumnTypes: [String: Int] = [
        "TEXT": 0, "YESNO": 1, "NUMERIC": 2, "DATE": 3, "TIME": 4, "COUNTRY": 5, "SELECTION": 6, "EMAIL": 7,
        "DATE_TIME": 17, "SYNC_ID": 19,
    ]

    /// CreateTable: a shared relational table with the `COLUMNS` given, keyed by those with `KEY_COLUMN` true,
    /// answered with `TABLE_ID`. A column without `TYPE` is TEXT (assumed: "not all children elements may be
    /// required").
    ///
    /// Faults: 100 no `TABLE_NAME`, no `COLUMN`, no `KEY_COLUMN` true (assumed: rows are stored by their key) or a
    /// SELECTION column without a `SELECTION_VALUES` `VALUE` ("You must provide at least one VALUE element"), 316 a
    /// `COLUMN` without `NAME`, 303 a column named twice, 51 a `TYPE` or flag outside the documented values, 256 of
    /// class SP.ListManager "A List With This Name Already Exists.".
    static func createTable(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult {
        let store = EngageContactStore(db: context.db, now: context.now)
        let name = try store.required(request, "TABLE_NAME")
        let columns = request.element.first("COLUMNS")?.all("COLUMN") ?? []
        guard !columns.isEmpty else { throw EngageContactStore.notProvided("COLUMNS/COLUMN") }
        var definitions: [EngageList.Column] = []
        var keys: [String] = []
        for column in columns {
            let columnName = column.first("NAME")?.text.trimmingWhitespace(newlines: true) ?? ""
            guard !columnName.isEmpty else { throw EngageFault(316, "COLUMN element is missing NAME.") }
            guard !definitions.contains(where: { $0.name.lowercased() == columnName.lowercased() }) else {
                throw EngageFault(303, "Column '\(columnName)' already exists in table.")
            }
            let typeName = (column.first("TYPE")?.text ?? "TEXT").trimmingWhitespace(newlines: true)
            guard let type = tableColumnTypes[typeName.uppercased()] else {
                throw EngageFault.invalidXML(
                    "TYPE \(typeName) is not one of \(tableColumnTypes.keys.sorted().joined(separator: ", "))")
            }
            if type == 6, (column.first("SELECTION_VALUES")?.all("VALUE") ?? []).isEmpty {
                throw EngageContactStore.notProvided("SELECTION_VALUES/VALUE")
            }
            if try flag(column, "KEY_COLUMN") { keys.append(columnName) }
            _ = try flag(column, "IS_REQUIRED")
            let defaultValue = column.first("DEFAULT_VALUE")?.text ?? ""
            definitions.append(EngageList.Column(name: columnName, type: type, defaultValue: defaultValue))
        }
        guard !keys.isEmpty else { throw EngageContactStore.notProvided("KEY_COLUMN") }
        guard try !store.nameTaken(name) else { throw nameExists }
        let table = EngageList(id: try store.newListID(), name: name, type: .relationalTable, keyColumns: keys)
        try table.insert(context.db)
        for column in definitions {
            try table.addColumn(context.db, name: column.name, type: column.type, defaultValue: column.defaultValue)
        }
        try store.save(store.newDetails(visibility: 1, parentFolderID: nil), for: table.id)
        var result = EngageResult()
        result.add("TABLE_ID", table.id)
        return result
    }

    private static func flag(_ element: XML.Element, _ name: String) throws -> Bool {
        guard let text = element.first(name)?.text.trimmingWhitespace(newlines: true) else { return false }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: throw EngageFault.invalidXML("\(name) must be true or false")
        }
    }

    /// JoinTable (github:Silverpop/engage-api-client JoinTableCommand.java; "Associate Relational Data with Contacts in
    /// a database", https://developer.goacoustic.com/acoustic-campaign/reference/relational-table-management): the
    /// table (`TABLE_ID`, or `TABLE_NAME` with `TABLE_VISIBILITY`) is associated with the database (`LIST_ID`, or
    /// `LIST_NAME` with `LIST_VISIBILITY`) by the `MAP_FIELD` pairs, or with `REMOVE` true no longer is; a data job,
    /// answered with `JOB_ID` (the association is stored at once, assumed).
    ///
    /// Faults: 125 no or unknown table or database, 104 a visibility other than 0 or 1, 100 no `MAP_FIELD`,
    /// `LIST_FIELD` or `TABLE_FIELD`, 314 a field the database or the table lacks, 51 a `REMOVE` that is not true or
    /// false.
    static func joinTable(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult {
        let store = EngageContactStore(db: context.db, now: context.now)
        let table = try relationalTable(request, store)
        let database = try joinedDatabase(request, store)
        let remove = try store.flag(request, "REMOVE", invalid: .invalidXML("REMOVE must be true or false")) ?? false
        var pairs: [JSONValue] = []
        if remove {
            try context.db.execute(
                sql: "DELETE FROM engage_table_joins WHERE table_id = ? AND list_id = ?",
                arguments: [table.id, database.id])
        } else {
            let maps = request.element.all("MAP_FIELD")
            guard !maps.isEmpty else { throw EngageContactStore.notProvided("MAP_FIELD") }
            for map in maps {
                let listField = map.first("LIST_FIELD")?.text.trimmingWhitespace(newlines: true) ?? ""
                let tableField = map.first("TABLE_FIELD")?.text.trimmingWhitespace(newlines: true) ?? ""
                guard !listField.isEmpty else { throw EngageContactStore.notProvided("LIST_FIELD") }
                guard !tableField.isEmpty else { throw EngageContactStore.notProvided("TABLE_FIELD") }
                guard let listColumn = try database.column(context.db, named: listField) else {
                    throw EngageFault.columnNotFound(listField)
                }
                guard let tableColumn = try table.column(context.db, named: tableField) else {
                    throw EngageFault(314, "Column '\(tableField)' not found in table.")
                }
                pairs.append(["listField": .string(listColumn.name), "tableField": .string(tableColumn.name)])
            }
            try context.db.execute(
                sql: "INSERT INTO engage_table_joins(table_id, list_id, fields) VALUES (?, ?, ?) "
                    + "ON CONFLICT(table_id, list_id) DO UPDATE SET fields = excluded.fields",
                arguments: [table.id, database.id, JSONValue.array(pairs).serialized()])
        }
        try store.touch(table.id)
        let job = try EngageJobs.create(
            context.db, now: context.now, kind: "JoinTable",
            description: "\(remove ? "Remove the association of" : "Associate") \(table.name) with \(database.name)",
            parameters: JSONObject([
                ("TABLE_ID", .string(table.id)), ("TABLE_NAME", .string(table.name)),
                ("LIST_ID", .string(database.id)), ("LIST_NAME", .string(database.name)),
                ("REMOVE", .string(remove ? "true" : "false")),
            ]))
        var result = EngageResult()
        result.add("JOB_ID", String(job))
        return result
    }

    /// The table of `TABLE_ID`, or of `TABLE_NAME` (with `TABLE_VISIBILITY` when given).
    private static func relationalTable(_ request: EngageRequest, _ store: EngageContactStore) throws -> EngageList {
        if let id = request.scalar("TABLE_ID"), !id.isEmpty { return try store.relationalTable(id) }
        guard let name = request.scalar("TABLE_NAME"), !name.isEmpty else {
            throw EngageFault(125, "TABLE_ID or TABLE_NAME is missing.")
        }
        let visibility = try store.visibility(request, "TABLE_VISIBILITY", required: false)
        guard let table = try store.list(named: name, type: .relationalTable, visibility: visibility) else {
            throw EngageFault(125, "Relational table \(name) not found.")
        }
        return table
    }

    /// The database of `LIST_ID`, or of `LIST_NAME` (with `LIST_VISIBILITY` when given).
    private static func joinedDatabase(_ request: EngageRequest, _ store: EngageContactStore) throws -> EngageList {
        if let id = request.scalar("LIST_ID"), !id.isEmpty { return try store.database(id) }
        guard let name = request.scalar("LIST_NAME"), !name.isEmpty else {
            throw EngageFault(125, "LIST_ID or LIST_NAME is missing.")
        }
        let visibility = try store.visibility(request, "LIST_VISIBILITY", required: false)
        guard let database = try store.list(named: name, type: .database, visibility: visibility) else {
            throw EngageFault(125, "List \(name) not found or is not a database.")
        }
        return database
    }

    /// DeleteRelationalTableData (https://developer.goacoustic.com/acoustic-campaign/reference/deleterelationaltabledata):
    /// deletes each `ROW` by all its `KEY_COLUMN`s. A row that cannot be deleted is a permanent `FAILURE` with its key
    /// columns: "Row Not Found", an unknown or non-key column, a key column missing. `SUCCESS` stays TRUE when no row
    /// is deleted (assumed: the reference says "True if any rows are deleted", but a false SUCCESS without a Fault is
    /// read as a failed call by every client).
    ///
    /// Faults: 125 no or unknown `TABLE_ID`, 51 no `ROWS` with a `ROW` (as InsertUpdateRelationalTable answers).
    static func deleteRelationalTableData(
        _ request: EngageRequest, _ context: EngageOperationContext
    ) throws -> EngageResult {
        let store = EngageContactStore(db: context.db, now: context.now)
        let table = try store.relationalTable(request.scalar("TABLE_ID"))
        let rows = request.element.first("ROWS")?.all("ROW") ?? []
        guard !rows.isEmpty else { throw EngageFault.invalidXML("ROWS with at least one ROW is required") }
        var failures = ""
        var deleted = 0
        for row in rows {
            let given = row.all("KEY_COLUMN").map { (name: $0.attribute("name") ?? "", value: $0.text) }
            if let problem = try delete(given, from: table, db: context.db) {
                failures += "<FAILURE failure_type=\"permanent\" description=\"\(XMLText.attribute(problem))\">"
                for column in given {
                    failures += "<KEY_COLUMN name=\"\(XMLText.attribute(column.name))\">"
                    failures +=
                        "\(XMLText.text(column.value.trimmingWhitespace(newlines: true)))</KEY_COLUMN>"
                }
                failures += "</FAILURE>"
            } else {
                deleted += 1
            }
        }
        if deleted > 0 { try store.touch(table.id) }
        var result = EngageResult()
        if !failures.isEmpty { result.raw("<FAILURES>\(failures)</FAILURES>") }
        return result
    }

    /// Deletes the row of `given` key values; returns why it could not, or nil. A value is matched as sent, then
    /// without the surrounding whitespace the reference's own example puts around its CDATA.
    private static func delete(
        _ given: [(name: String, value: String)], from table: EngageList, db: StateDB
    ) throws -> String? {
        var values: [String: String] = [:]
        for column in given {
            guard let known = try table.column(db, named: column.name) else {
                return "Column '\(column.name)' not found in table."
            }
            guard table.keyColumns.contains(where: { $0.lowercased() == known.name.lowercased() }) else {
                return "Column '\(column.name)' is not a key column."
            }
            values[known.name.lowercased()] = column.value
        }
        var exact: [String] = []
        for key in table.keyColumns {
            guard let value = values[key.lowercased()] else { return "Key column '\(key)' is missing." }
            exact.append(value)
        }
        let trimmed = exact.map { $0.trimmingWhitespace(newlines: true) }
        for candidate in exact == trimmed ? [exact] : [exact, trimmed] {
            let key = String(decoding: JSONValue.array(candidate.map(JSONValue.string)).data(), as: UTF8.self)
            try db.execute(
                sql: "DELETE FROM engage_table_rows WHERE table_id = ? AND row_key = ?", arguments: [table.id, key])
            if db.changesCount > 0 { return nil }
        }
        return "Row Not Found"
    }

    /// DeleteTable (https://developer.goacoustic.com/acoustic-campaign/reference/deletetable): deletes the table
    /// (`TABLE_ID`, or `TABLE_NAME` with `TABLE_VISIBILITY`) with its rows, columns and associations; a data job,
    /// answered with `JOB_ID` (done at once, assumed). The documented refusals (a table used by an active mailing,
    /// autoresponder or group of automated messages) need mailings the simulator does not tie to tables.
    ///
    /// Faults: 125 no or unknown table, 104 a visibility other than 0 or 1.
    static func deleteTable(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult {
        let store = EngageContactStore(db: context.db, now: context.now)
        let table = try relationalTable(request, store)
        let rows = try store.counts(table.id).size
        for sql in [
            "DELETE FROM engage_table_rows WHERE table_id = ?", "DELETE FROM engage_columns WHERE list_id = ?",
            "DELETE FROM engage_lists WHERE list_id = ?", "DELETE FROM engage_table_joins WHERE table_id = ?",
            "DELETE FROM engage_list_details WHERE list_id = ?", "DELETE FROM engage_list_counts WHERE list_id = ?",
        ] {
            try context.db.execute(sql: sql, arguments: [table.id])
        }
        let job = try EngageJobs.create(
            context.db, now: context.now, kind: "DeleteTable", description: "Delete relational table \(table.name)",
            parameters: JSONObject([
                ("TABLE_ID", .string(table.id)), ("TABLE_NAME", .string(table.name)),
                ("NUM_REMOVED", .string(String(rows))),
            ]))
        var result = EngageResult()
        result.add("JOB_ID", String(job))
        return result
    }
}
