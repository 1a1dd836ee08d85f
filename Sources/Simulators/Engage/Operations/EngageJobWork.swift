import Foundation
import JSONCore

/// What a data job does to the simulator's data when it completes (``EngageJobs/settle(_:now:)``), from the work
/// its operation stored: purges remove records, exports write their file to the FTP download directory. What it
/// finds joins the job's `PARAMETERS`; work whose list or table was removed meanwhile fails the job (`ERROR`).
struct EngageJobWork {
    let db: StateDB
    let job: EngageJobs.Job

    struct Outcome {
        var parameters = JSONObject()
        var failed = false
        static let failure = Outcome(failed: true)
    }

    /// When the job completed: the files and lists it makes carry this time.
    var completedAt: Date { job.createdAt.addingTimeInterval(EngageJobs.completeSeconds) }

    func perform(_ work: JSONObject) throws -> Outcome {
        let string = { (name: String) in work[name]?.stringValue ?? "" }
        switch string("action") {
        case "purgeData": return try purgeData(target: string("target"), source: string("source"))
        case "purgeTable": return try purgeTable(string("table"))
        case "exportList": return try exportList(work)
        case "exportTable": return try exportTable(work)
        case "metricsFile": return try metricsFile(work)
        case "rawRecipientFile": return try rawRecipientFile(work)
        case "calculateQuery": return try calculateQuery(string("query"))
        case "eventFile":
            let header = work["header"]?.arrayValue?.compactMap(\.stringValue) ?? []
            try write(string("path"), delimiter: string("delimiter"), header: header, rows: [])
            return Outcome(parameters: EngageJobs.fields(["EXPORTED_ROW_COUNT": "0"]))
        case "importList": return try importFile(work, table: false)
        case "importTable": return try importFile(work, table: true)
        default:
            return Outcome()
        }
    }

    /// Whether the database of `list` (a query's or contact list's parent) has a column `name`.
    static func hasColumn(_ db: StateDB, list: EngageJobList, named name: String) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM engage_columns WHERE list_id = ? AND name = ?"),
            arguments: [list.databaseID, name]) == true
    }

    // MARK: - Purges

    private func purgeData(target targetID: String, source sourceID: String) throws -> Outcome {
        guard let target = try EngageJobList.find(db, id: targetID),
            let source = try EngageJobList.find(db, id: sourceID)
        else { return .failure }
        if target.type == EngageJobList.relationalTable {
            let purged = try purgeRows(of: target, keysIn: source)
            return Outcome(parameters: EngageJobs.fields(["LIST_SIZE": .string(String(purged))]))
        }
        guard let database = try target.database(db), let sourceDatabase = try source.database(db) else {
            return .failure
        }
        let matched = try matches(in: target, database: database, of: source, sourceDatabase: sourceDatabase)
        if target.type == EngageJobList.contactList {
            // "If a contact list is specified for the target, records are not deleted from the database; the
            // contacts are only removed from the contact list."
            for id in matched {
                try db.execute(
                    sql: "DELETE FROM engage_contact_list_members WHERE contact_list_id = ? AND recipient_id = ?",
                    arguments: [target.id, id])
            }
            return Outcome(parameters: EngageJobs.fields(["LIST_SIZE": .string(String(matched.count))]))
        }
        let copy = try copyList(of: target, recipients: matched)
        for id in matched {
            try db.execute(sql: "DELETE FROM engage_recipients WHERE recipient_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM engage_recipient_values WHERE recipient_id = ?", arguments: [id])
        }
        return Outcome(
            parameters: EngageJobs.fields([
                "LIST_ID_C": .string(copy.id), "LIST_NAME_C": .string(copy.name),
                "LIST_SIZE": .string(String(matched.count)),
            ]))
    }

    /// The members of `target` (in `database`) that are in `source`: matched on the key columns when both databases
    /// have the same ones, else on Email (PurgeData's reference); an empty value matches nothing. Each source member
    /// is looked up through the column value index; the ids come back in order.
    private func matches(
        in target: EngageJobList, database: EngageList, of source: EngageJobList, sourceDatabase: EngageList
    ) throws -> [Int] {
        let keys = Set(database.keyColumns.map { $0.lowercased() })
        let sameKeys = !keys.isEmpty && keys == Set(sourceDatabase.keyColumns.map { $0.lowercased() })
        var columns: [String] = []
        for name in sameKeys ? database.keyColumns : ["Email"] {
            guard let column = try database.column(db, named: name) else { return [] }
            columns.append(column.name)
        }
        let store = EngageContactStore(db: db, now: completedAt)
        var found = Set<Int>()
        for member in try source.members(db) {
            let values = try EngageRecipients.values(db, recipient: member, list: sourceDatabase)
            let criteria = columns.compactMap { column in
                values.first { $0.name.lowercased() == column.lowercased() && !$0.value.isEmpty }.map {
                    (name: column, value: $0.value)
                }
            }
            guard criteria.count == columns.count else { continue }
            found.formUnion(try store.matching(database, criteria))
        }
        if target.parentID != nil { found.formIntersection(try target.members(db)) }
        return found.sorted()
    }

    /// A new database, "<target> PURGE", with the target's columns and copies of the purged recipients (PurgeData:
    /// "create a new database or list that contains copies of the purged records").
    private func copyList(of target: EngageJobList, recipients: [Int]) throws -> EngageJobList {
        var id: String
        repeat {
            id = String(800_000 + (try EngageSchema.next(db, counter: "purgeList")))
        } while try EngageJobList.find(db, id: id) != nil
        let copy = EngageList(id: id, name: "\(target.name) PURGE", type: .database, keyColumns: target.keyColumns)
        try copy.insert(db)
        try db.execute(
            sql: """
                INSERT INTO engage_columns(list_id, position, name, column_type, default_value)
                SELECT ?, position, name, column_type, default_value FROM engage_columns WHERE list_id = ?
                """, arguments: [id, target.id])
        for old in recipients {
            let new = 100_000 + (try EngageSchema.next(db, counter: "recipient"))
            try db.execute(
                sql: """
                    INSERT INTO engage_recipients(recipient_id, list_id, created_from, created_at, modified_at)
                    SELECT ?, ?, created_from, created_at, modified_at FROM engage_recipients WHERE recipient_id = ?
                    """, arguments: [new, id, old])
            try db.execute(
                sql: """
                    INSERT INTO engage_recipient_values(recipient_id, name, value)
                    SELECT ?, name, value FROM engage_recipient_values WHERE recipient_id = ?
                    """, arguments: [new, old])
        }
        return EngageJobList(id: id, name: copy.name, type: EngageJobList.database, keyColumns: target.keyColumns)
    }

    /// Deletes the rows of table `target` whose key a row of `source` has (both keyed alike); the count.
    private func purgeRows(of target: EngageJobList, keysIn source: EngageJobList) throws -> Int {
        guard source.type == EngageJobList.relationalTable, target.keyColumns == source.keyColumns else { return 0 }
        try db.execute(
            sql: """
                DELETE FROM engage_table_rows WHERE table_id = ?
                AND row_key IN (SELECT row_key FROM engage_table_rows WHERE table_id = ?)
                """, arguments: [target.id, source.id])
        return db.changesCount
    }

    private func purgeTable(_ id: String) throws -> Outcome {
        guard try EngageJobList.find(db, id: id) != nil else { return .failure }
        try db.execute(sql: "DELETE FROM engage_table_rows WHERE table_id = ?", arguments: [id])
        return Outcome(parameters: EngageJobs.fields(["NUM_PROCESSED": .string(String(db.changesCount))]))
    }

    // MARK: - Exports

    /// The contacts of a database, query or contact list, one row each in recipient id order, with its database's
    /// columns (or `EXPORT_COLUMNS`): ALL every one, OPT_IN those not opted out, OPT_OUT those opted out (the
    /// contact operations' opt-out state), UNDELIVERABLE none (the simulator keeps no bounces).
    private func exportList(_ work: JSONObject) throws -> Outcome {
        guard let id = work["list"]?.stringValue, let list = try EngageJobList.find(db, id: id),
            let database = try list.database(db)
        else { return .failure }
        let requested = work["columns"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let columns = requested.isEmpty ? try database.columns(db).map(\.name) : requested
        let withRecipientID = work["recipientID"]?.boolValue == true
        let withListID = work["listID"]?.boolValue == true
        let type = work["exportType"]?.stringValue ?? "ALL"
        var rows: [[String]] = []
        for recipient in type == "UNDELIVERABLE" ? [] : try list.members(db) {
            if type != "ALL", try EngageContactStore.isOptedOut(db, recipient: recipient) != (type == "OPT_OUT") {
                continue
            }
            let values = try EngageRecipients.values(db, recipient: recipient, list: database)
            var row: [String] = []
            if withRecipientID { row.append(String(recipient)) }
            if withListID { row.append(list.id) }
            for column in columns {
                row.append(values.first { $0.name.lowercased() == column.lowercased() }?.value ?? "")
            }
            rows.append(row)
        }
        let header = (withRecipientID ? ["RECIPIENT_ID"] : []) + (withListID ? ["LIST_ID"] : []) + columns
        try write(
            work["path"]?.stringValue ?? "", delimiter: work["delimiter"]?.stringValue ?? "", header: header, rows: rows
        )
        return Outcome(parameters: EngageJobs.fields(["NUM_PROCESSED": .string(String(rows.count))]))
    }

    /// The table's rows in insertion order, a column each.
    private func exportTable(_ work: JSONObject) throws -> Outcome {
        guard let id = work["table"]?.stringValue, let found = try EngageJobList.find(db, id: id) else {
            return .failure
        }
        let table = EngageList(id: found.id, name: found.name, type: .relationalTable, keyColumns: found.keyColumns)
        let columns = try table.columns(db).map(\.name)
        let rows = try String.fetchAll(
            db.cachedStatement(sql: "SELECT row_json FROM engage_table_rows WHERE table_id = ? ORDER BY position"),
            arguments: [table.id]
        ).map { text in
            let object = (try? JSONValue(parsing: text))?.objectValue ?? JSONObject()
            return columns.map { object[$0]?.stringValue ?? "" }
        }
        try write(
            work["path"]?.stringValue ?? "", delimiter: work["delimiter"]?.stringValue ?? "", header: columns,
            rows: rows)
        return Outcome(parameters: EngageJobs.fields(["NUM_PROCESSED": .string(String(rows.count))]))
    }

    func write(_ path: String, delimiter: String, header: [String], rows: [[String]]) throws {
        let format = EngageDelimiter(rawValue: delimiter) ?? .comma
        let content = ([header] + rows).map(format.line).joined()
        try EngageFTP(db: db).write(path, content, now: completedAt)
    }
}
