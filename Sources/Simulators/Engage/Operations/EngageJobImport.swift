import Foundation
import JSONCore
import LibXML

/// What an import job does when it completes: it reads `SOURCE_FILE` as `MAP_FILE` describes it, both from the FTP
/// upload directory, and writes `/download/<job id>.res` and `.err` ("If a data job completes with errors, you can
/// view detailed results in the results file (.res) and error file (.err) found in the Download folder", GetJobStatus
/// reference).
///
/// The mapping file (ImportList: `LIST_IMPORT`; ImportTable: `TABLE_IMPORT`) as public clients write it
/// (github:trxtraining/silverpop lib/silverpop/engage.rb, github:ka4ok85/watson-campaign-automation-spring
/// ImportMapper, github:eileenmcnaughton/omnimail-silverpop; the relational table form per
/// https://developer.ibm.com/customer-engagement/tutorials/relational-table-definition-column-mapping-format/):
/// `LIST_INFO`/`TABLE_INFO` with `ACTION` (CREATE, ADD_ONLY, UPDATE_ONLY, ADD_AND_UPDATE, and OPT_OUT for a
/// database), `LIST_ID`/`TABLE_ID` (or, to CREATE, `LIST_NAME`/`TABLE_NAME`), `FILE_TYPE` (0 CSV, 1 tab, 2 pipe) and
/// `HASHEADERS`; `COLUMNS` (`NAME`, `TYPE`, `KEY_COLUMN`, `DEFAULT_VALUE`) for CREATE; `MAPPING` (`INDEX` from 1,
/// `NAME`, `INCLUDE`); for a database `SYNC_FIELDS` and `CONTACT_LISTS`. A contact is matched on the database's key
/// columns, else the sync fields, else Email; a row is matched on the table's key. A mapping file that cannot be
/// read, or a list that is missing or (to CREATE) already exists, fails the job (`ERROR`).
extension EngageJobWork {
    /// The parts of a mapping file an import uses.
    struct ImportMap {
        var action: String
        var listID: String?
        var listName: String?
        var delimiter: EngageDelimiter
        var hasHeaders: Bool
        var columns: [(name: String, type: Int, key: Bool, defaultValue: String)]
        var mapping: [(index: Int, name: String)]
        var syncFields: [String]
        var contactLists: [String]

        init(_ xml: String, info: String) throws {
            let root = try XML.Document(string: xml).root
            guard let info = root?.first(info) else { throw ImportProblem("the mapping file has no \(info)") }
            func text(_ element: XML.Element?, _ name: String) -> String? {
                guard let value = element?.first(name)?.text.trimmingWhitespace(newlines: true),
                    !value.isEmpty
                else { return nil }
                return value
            }
            action = text(info, "ACTION")?.uppercased() ?? "ADD_AND_UPDATE"
            listID = text(info, "LIST_ID") ?? text(info, "TABLE_ID")
            listName = text(info, "LIST_NAME") ?? text(info, "TABLE_NAME")
            delimiter = ["1": .tab, "2": .pipe][text(info, "FILE_TYPE") ?? "0"] ?? .comma
            hasHeaders = text(info, "HASHEADERS")?.lowercased() == "true"
            columns = (root?.first("COLUMNS")?.all("COLUMN") ?? []).compactMap { column in
                guard let name = text(column, "NAME") else { return nil }
                return (
                    name, Int(text(column, "TYPE") ?? "0") ?? 0, text(column, "KEY_COLUMN")?.lowercased() == "true",
                    text(column, "DEFAULT_VALUE") ?? ""
                )
            }
            mapping = (root?.first("MAPPING")?.all("COLUMN") ?? []).compactMap { column in
                guard let index = Int(text(column, "INDEX") ?? ""), index > 0, let name = text(column, "NAME"),
                    text(column, "INCLUDE")?.lowercased() != "false"
                else { return nil }
                return (index, name)
            }
            syncFields = (root?.first("SYNC_FIELDS")?.all("SYNC_FIELD") ?? []).compactMap { text($0, "NAME") }
            contactLists = (root?.first("CONTACT_LISTS")?.all("CONTACT_LIST_ID") ?? []).compactMap {
                let id = $0.text.trimmingWhitespace(newlines: true)
                return id.isEmpty ? nil : id
            }
            guard !mapping.isEmpty else { throw ImportProblem("the mapping file maps no column") }
        }
    }

    struct ImportProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The tallies of an import, reported as the job's parameters (the names of the GetJobStatus example).
    struct ImportTally {
        var total = 0
        var valid = 0
        var added = 0
        var updated = 0
        var bad = 0
        var duplicates = 0
        var errors: [String] = []
    }

    func importFile(_ work: JSONObject, table: Bool) throws -> Outcome {
        let ftp = EngageFTP(db: db)
        let results = "\(job.id).res"
        let errors = "\(job.id).err"
        var tally = ImportTally()
        var target: EngageJobList?
        var failure: String?
        do {
            let mapName = work["map"]?.stringValue ?? ""
            let sourceName = work["source"]?.stringValue ?? ""
            guard let mapText = try ftp.read(EngageFTP.uploadPath(mapName)),
                let source = try ftp.read(EngageFTP.uploadPath(sourceName))
            else { throw ImportProblem("the files are no longer in the FTP upload directory") }
            let map = try ImportMap(mapText, info: table ? "TABLE_INFO" : "LIST_INFO")
            let list = try importTarget(map, table: table)
            target = list
            var rows = Self.rows(source, delimiter: map.delimiter)
            if map.hasHeaders, !rows.isEmpty { rows.removeFirst() }
            if table {
                try importRows(rows, into: list, map: map, tally: &tally)
            } else {
                try importContacts(rows, into: list, map: map, tally: &tally)
            }
        } catch let problem as ImportProblem {
            failure = problem.message
        } catch {
            failure = "the mapping file is not readable XML"
        }
        var report = ["Total rows: \(tally.total)", "Valid rows: \(tally.valid)", "Added: \(tally.added)"]
        report += ["Updated: \(tally.updated)", "Bad records: \(tally.bad)", "Duplicates: \(tally.duplicates)"]
        try ftp.write(EngageFTP.downloadPath(results), report.joined(separator: "\r\n") + "\r\n", now: completedAt)
        let problems = (failure.map { [$0] } ?? []) + tally.errors
        try ftp.write(
            EngageFTP.downloadPath(errors), problems.map { $0 + "\r\n" }.joined(), now: completedAt)
        var parameters = EngageJobs.fields([
            "RESULTS_FILE_NAME": .string(results), "ERROR_FILE_NAME": .string(errors),
            "TOTAL_ROWS": .string(String(tally.total)), "TOTAL_VALID": .string(String(tally.valid)),
            "SQL_ADDED": .string(String(tally.added)), "SQL_UPDATED": .string(String(tally.updated)),
            "BAD_RECORDS": .string(String(tally.bad)), "DUPLICATES": .string(String(tally.duplicates)),
            "NOT_ALLOWED": "0", "BAD_ADDRESSES": "0",
        ])
        if let target {
            parameters["LIST_ID"] = .string(target.id)
            parameters["LIST_NAME"] = .string(target.name)
        }
        return Outcome(parameters: parameters, failed: failure != nil)
    }

    /// The list or table the mapping file names, made first when its ACTION is CREATE.
    private func importTarget(_ map: ImportMap, table: Bool) throws -> EngageJobList {
        let type = table ? EngageJobList.relationalTable : EngageJobList.database
        if map.action == "CREATE" {
            guard let name = map.listName else { throw ImportProblem("CREATE needs a name in the mapping file") }
            let taken = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT 1 FROM engage_lists WHERE name = ? COLLATE NOCASE LIMIT 1"),
                arguments: [name])
            guard taken != true else { throw ImportProblem("a list named \(name) already exists") }
            var id: String
            repeat {
                id = String(800_000 + (try EngageSchema.next(db, counter: "purgeList")))
            } while try EngageJobList.find(db, id: id) != nil
            let keys = map.columns.filter(\.key).map(\.name)
            let list = EngageList(id: id, name: name, type: table ? .relationalTable : .database, keyColumns: keys)
            try list.insert(db)
            var names = Set<String>()
            if !table {
                try list.addColumn(db, name: "Email", type: 0, defaultValue: "")
                names.insert("email")
            }
            for column in map.columns where names.insert(column.name.lowercased()).inserted {
                try list.addColumn(db, name: column.name, type: column.type, defaultValue: column.defaultValue)
            }
            return EngageJobList(id: id, name: name, type: type, keyColumns: keys)
        }
        guard let id = map.listID, let list = try EngageJobList.find(db, id: id), list.type == type else {
            throw ImportProblem(
                "the mapping file's \(table ? "TABLE_ID" : "LIST_ID") names no \(table ? "table" : "database")")
        }
        return list
    }

    /// Each row's mapped values: `(column, value)` by the mapping's INDEX (from 1); a missing field is empty.
    private func mapped(_ row: [String], _ map: ImportMap) -> [(name: String, value: String)] {
        map.mapping.map { (name: $0.name, value: $0.index <= row.count ? row[$0.index - 1] : "") }
    }

    private func importContacts(
        _ rows: [[String]], into target: EngageJobList, map: ImportMap, tally: inout ImportTally
    ) throws {
        guard let list = try target.database(db) else { throw ImportProblem("the database is gone") }
        let recipients = EngageRecipients(db: db, now: completedAt)
        let store = EngageContactStore(db: db, now: completedAt)
        let lookup = list.keyColumns.isEmpty ? (map.syncFields.isEmpty ? ["Email"] : map.syncFields) : list.keyColumns
        var seen = Set<[String]>()
        for (line, row) in rows.enumerated() {
            tally.total += 1
            do {
                var values: [(name: String, value: String)] = []
                for value in mapped(row, map) {
                    guard let column = try list.column(db, named: value.name == "EMAIL" ? "Email" : value.name) else {
                        throw ImportProblem("column \(value.name) is not in the database")
                    }
                    values.append((column.name, value.value))
                }
                let criteria = lookup.compactMap { name in
                    values.first { $0.name.lowercased() == name.lowercased() && !$0.value.isEmpty }
                }
                guard criteria.count == lookup.count else {
                    throw ImportProblem("no value for \(lookup.joined(separator: ", "))")
                }
                guard seen.insert(criteria.map { $0.value.lowercased() }).inserted else {
                    tally.duplicates += 1
                    continue
                }
                tally.valid += 1
                let found = try store.matching(list, criteria, limit: 1).first
                let id: Int?
                switch (map.action, found) {
                case ("OPT_OUT", let found?):
                    try store.optOut(found, of: list)
                    id = nil
                case ("UPDATE_ONLY", let found?), ("ADD_AND_UPDATE", let found?):
                    _ = try recipients.update(
                        Self.request("UpdateRecipient", list.id, values, ["RECIPIENT_ID": String(found)]))
                    tally.updated += 1
                    id = found
                case ("ADD_ONLY", nil), ("ADD_AND_UPDATE", nil), ("CREATE", nil):
                    let added = try recipients.add(Self.request("AddRecipient", list.id, values, ["CREATED_FROM": "0"]))
                    tally.added += 1
                    id = try XMLEnvelope.operation(added.envelope).first("RecipientId").flatMap { Int($0.text) }
                default:
                    id = nil
                }
                if let id {
                    for contactList in map.contactLists {
                        try db.execute(
                            sql: """
                                INSERT INTO engage_contact_list_members(contact_list_id, recipient_id, added_at)
                                SELECT list_id, ?, ? FROM engage_sublists WHERE list_id = ? AND parent_list_id = ?
                                ON CONFLICT DO NOTHING
                                """, arguments: [id, EngageTime.listDate(completedAt), contactList, list.id])
                    }
                }
            } catch let problem as ImportProblem {
                tally.bad += 1
                tally.errors.append("row \(line + 1): \(problem.message)")
            } catch let fault as EngageFault {
                tally.bad += 1
                tally.errors.append("row \(line + 1): \(fault.message)")
            }
        }
    }

    private func importRows(
        _ rows: [[String]], into table: EngageJobList, map: ImportMap, tally: inout ImportTally
    ) throws {
        let tables = EngageRelationalTables(db: db)
        var seen = Set<[String]>()
        for (line, row) in rows.enumerated() {
            tally.total += 1
            let values = mapped(row, map)
            let key = table.keyColumns.map { name in values.first { $0.name == name }?.value ?? "" }
            guard seen.insert(key).inserted else {
                tally.duplicates += 1
                continue
            }
            let keyText = String(decoding: JSONValue.array(key.map(JSONValue.string)).data(), as: UTF8.self)
            let exists =
                try Bool.fetchOne(
                    db.cachedStatement(sql: "SELECT 1 FROM engage_table_rows WHERE table_id = ? AND row_key = ?"),
                    arguments: [table.id, keyText]) == true
            switch (map.action, exists) {
            case ("UPDATE_ONLY", false), ("ADD_ONLY", true): continue
            default: break
            }
            var xml = "<Envelope><Body><InsertUpdateRelationalTable><TABLE_ID>\(table.id)</TABLE_ID><ROWS><ROW>"
            for value in values {
                xml += "<COLUMN name=\"\(XMLText.attribute(value.name))\">\(XMLText.text(value.value))</COLUMN>"
            }
            xml += "</ROW></ROWS></InsertUpdateRelationalTable></Body></Envelope>"
            let result = try tables.insertUpdate(EngageRequest(element: try XMLEnvelope.operation(xml)))
            if let failure = try XMLEnvelope.operation(result.envelope).first("FAILURES")?.first("FAILURE") {
                tally.bad += 1
                tally.errors.append("row \(line + 1): \(failure.attribute("description") ?? "refused")")
                continue
            }
            tally.valid += 1
            if exists { tally.updated += 1 } else { tally.added += 1 }
        }
    }

    /// An operation element built from `values` (`COLUMN`s) and scalar elements, as the recipient code reads one.
    private static func request(
        _ operation: String, _ listID: String, _ values: [(name: String, value: String)], _ scalars: [String: String]
    ) throws -> EngageRequest {
        var xml = "<Envelope><Body><\(operation)><LIST_ID>\(XMLText.text(listID))</LIST_ID>"
        for (name, value) in scalars.sorted(by: { $0.key < $1.key }) {
            xml += "<\(name)>\(XMLText.text(value))</\(name)>"
        }
        for value in values {
            xml +=
                "<COLUMN><NAME>\(XMLText.text(value.name))</NAME><VALUE>\(XMLText.text(value.value))</VALUE></COLUMN>"
        }
        xml += "</\(operation)></Body></Envelope>"
        return EngageRequest(element: try XMLEnvelope.operation(xml))
    }

    /// The records of a delimited file: fields split on `delimiter`, double quotes around a field that holds one
    /// (a doubled quote inside stands for one), lines ending in LF or CRLF; blank lines skipped.
    static func rows(_ text: String, delimiter: EngageDelimiter) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text).makeIterator()
        var pending: Character?
        func endRow() {
            row.append(field)
            if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
            row = []
            field = ""
        }
        while let character = pending ?? characters.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    let next = characters.next()
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" && field.isEmpty {
                quoted = true
            } else if character == delimiter.character {
                row.append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" {
                endRow()
            } else if character != "\r" {
                field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty { endRow() }
        return rows
    }
}
