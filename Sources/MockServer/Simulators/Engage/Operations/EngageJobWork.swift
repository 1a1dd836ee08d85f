import Foundation
import GRDB
import JSONCore

/// What a data job does to the simulator's data when it completes (``EngageJobs/settle(_:now:)``), from the work
/// its operation stored: purges remove records, exports write their file to the FTP download directory. What it
/// finds joins the job's `PARAMETERS`; work whose list or table was removed meanwhile fails the job (`ERROR`).
struct EngageJobWork {
    let db: Database
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
        case "eventFile":
            let header = work["header"]?.arrayValue?.compactMap(\.stringValue) ?? []
            try write(string("path"), delimiter: string("delimiter"), header: header, rows: [])
            return Outcome(parameters: EngageJobs.fields(["EXPORTED_ROW_COUNT": "0"]))
        case "import":
            return Outcome(
                parameters: EngageJobs.fields([
                    "RESULTS_FILE_NAME": .string("\(job.id).res"), "ERROR_FILE_NAME": .string("\(job.id).err"),
                ]))
        default:
            return Outcome()
        }
    }

    /// Whether `list` has a column `name` (any name, for a list whose columns the simulator does not keep).
    static func hasColumn(_ db: Database, list: EngageJobList, named name: String) throws -> Bool {
        let columns = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) FROM engage_columns WHERE list_id = ?"), arguments: [list.id])
        guard columns != 0 else { return true }
        return try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM engage_columns WHERE list_id = ? AND name = ?"),
            arguments: [list.id, name]) == true
    }

    // MARK: - Purges

    private static let recipientLists: Set<Int> = [0, 5, 6, 13]

    private func purgeData(target targetID: String, source sourceID: String) throws -> Outcome {
        guard let target = try EngageJobList.find(db, id: targetID),
            let source = try EngageJobList.find(db, id: sourceID)
        else { return .failure }
        if target.type == EngageJobList.relationalTable {
            let purged = try purgeRows(of: target, keysIn: source)
            return Outcome(parameters: EngageJobs.fields(["LIST_SIZE": .string(String(purged))]))
        }
        // Contacts of a query or a contact list, and the members of a contact list target, are kept by the
        // contact operations; a purge by or of one finds nothing here.
        var matched: [Int] = []
        if Self.recipientLists.contains(target.type), Self.recipientLists.contains(source.type) {
            matched = try matches(in: target, of: source)
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

    /// The recipients of `target` that are in `source`: by the key columns when both lists have the same ones, else
    /// by Email (PurgeData's reference); empty values match nothing. Found through the column value index.
    private func matches(in target: EngageJobList, of source: EngageJobList) throws -> [Int] {
        let keys = Set(target.keyColumns.map { $0.lowercased() })
        let columns =
            !keys.isEmpty && keys == Set(source.keyColumns.map { $0.lowercased() }) ? target.keyColumns : ["Email"]
        var sql = """
            SELECT DISTINCT t.recipient_id FROM engage_recipients s
            JOIN engage_recipient_values sv ON sv.recipient_id = s.recipient_id AND sv.name = ? AND sv.value <> ''
            JOIN engage_recipient_values tv ON tv.name = ? AND tv.value = sv.value COLLATE NOCASE
            JOIN engage_recipients t ON t.recipient_id = tv.recipient_id AND t.list_id = ?
            WHERE s.list_id = ?
            """
        var arguments: StatementArguments = [columns[0], columns[0], target.id, source.id]
        for column in columns.dropFirst() {
            sql += """
                 AND EXISTS (SELECT 1 FROM engage_recipient_values a JOIN engage_recipient_values b
                 ON b.name = a.name AND b.value = a.value COLLATE NOCASE
                 WHERE a.recipient_id = s.recipient_id AND b.recipient_id = t.recipient_id AND a.name = ?)
                """
            _ = arguments.append(contentsOf: [column])
        }
        sql += " ORDER BY t.recipient_id"
        // Not cached: the statement differs with the number of key columns.
        return try Int.fetchAll(db, sql: sql, arguments: arguments)
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

    /// The contacts of a database (OPT_OUT and UNDELIVERABLE find none: the simulator keeps no opt-outs or bounces
    /// for an export to select), one row each in recipient id order.
    private func exportList(_ work: JSONObject) throws -> Outcome {
        guard let id = work["list"]?.stringValue, let found = try EngageJobList.find(db, id: id) else {
            return .failure
        }
        let list = EngageList(id: found.id, name: found.name, type: .database, keyColumns: found.keyColumns)
        let requested = work["columns"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let all = try list.columns(db).map(\.name)
        let columns = requested.isEmpty ? all : requested
        let withRecipientID = work["recipientID"]?.boolValue == true
        let withListID = work["listID"]?.boolValue == true
        var rows: [[String]] = []
        let type = work["exportType"]?.stringValue ?? "ALL"
        if Self.recipientLists.contains(found.type), type == "ALL" || type == "OPT_IN" {
            let ids = try Int.fetchAll(
                db.cachedStatement(
                    sql: "SELECT recipient_id FROM engage_recipients WHERE list_id = ? ORDER BY recipient_id"),
                arguments: [list.id])
            for recipient in ids {
                let values = try EngageRecipients.values(db, recipient: recipient, list: list)
                var row: [String] = []
                if withRecipientID { row.append(String(recipient)) }
                if withListID { row.append(list.id) }
                for column in columns {
                    row.append(values.first { $0.name.lowercased() == column.lowercased() }?.value ?? "")
                }
                rows.append(row)
            }
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

    private func write(_ path: String, delimiter: String, header: [String], rows: [[String]]) throws {
        let format = EngageDelimiter(rawValue: delimiter) ?? .comma
        let content = ([header] + rows).map(format.line).joined()
        try EngageFTP(db: db).write(path, content, now: completedAt)
    }
}
