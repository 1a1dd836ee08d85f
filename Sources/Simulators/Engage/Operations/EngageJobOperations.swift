import CassetteKit
import Foundation
import JSONCore
import LibXML

/// XMLAPI operations: exports, imports, purges and the job status operations (group B of issue #34). Each checks
/// its request against the simulator's data, starts a data job (``EngageJobs``) and answers its `JOB_ID` (and
/// `FILE_PATH` where Engage documents one); the job's work on the simulator's own data is done when it completes.
///
/// | operation | job, and its work when it completes |
/// | --- | --- |
/// | PurgeData | removes from `TARGET_ID` the contacts of `SOURCE_ID` (matched on the key columns when both lists have the same ones, else on Email; relational tables on their key), copying them into a new database "<target> PURGE" (`LIST_ID_C`, `LIST_NAME_C`, `LIST_SIZE`) |
/// | ImportList, ImportTable | needs `MAP_FILE` and `SOURCE_FILE` in the FTP upload directory (``EngageFTP``); adds, updates or opts out the contacts (or table rows) of the source file as the mapping file's ACTION says (see EngageJobImport.swift), with `.res` and `.err` files and the tallies of the GetJobStatus example (`TOTAL_ROWS`, `SQL_ADDED`, …) |
/// | ExportList | writes the list's contacts (all its columns, or `EXPORT_COLUMNS`) to `/download/<list> - <type> - <time>.CSV`; the job description names the file |
/// | ExportTable | writes the table's rows to `/download/<table> - <time>.CSV` |
/// | PurgeTable | deletes the table's rows (`DELETE_BEFORE` is checked and recorded; the simulator keeps no row times) |
/// | CalculateQuery | works out the query's contacts (the contact operations' CreateQuery criteria): `LIST_SIZE`, also GetLists' `SIZE` |
/// | TrackingMetricExport | one job and `MAILING` per mailing (`MAILING_ID`, or those sent to `LIST_ID` or in the send date range), its file a row per sent report with the aggregate tracking counts |
/// | RawRecipientDataExport | a `Sent` event per contact a mailing went to (the mailing operations' sends), by mailing, list and date range; no other event types (no per-contact opens or clicks are kept) |
/// | WebTrackingDataExport | a file with its header only (the simulator tracks no web events) |
/// | GetJobStatus | `JOB_ID`, `JOB_STATUS` by the clock, `JOB_DESCRIPTION`, `PARAMETERS` |
/// | DeleteJob | removes the job (work it had left is never done) |
///
/// Faults (``EngageJobFault``): 51 an element the request XSD does not declare or a switch that is not empty, true or
/// false (``EngageJobShape``), 100 a required element missing, 310 an id that is not a number, 106 no such list
/// or table, 312 a list of the wrong type, 135 no such job, 141 `FILE_ENCODING`, 321 `EXPORT_FORMAT`, 104
/// `TABLE_VISIBILITY`, 184 a date not `mm/dd/yyyy hh:mm:ss`, 153 an `EXPORT_COLUMNS` name not in the list, 320
/// both `MAILING_ID` and `LIST_ID` (TrackingMetricExport), 126 no such mailing (as the mailing operations answer),
/// 132 an import file not uploaded; 51 an `EXPORT_TYPE`
/// other than ALL, OPT_IN, OPT_OUT, UNDELIVERABLE (assumed).
enum EngageJobOperations: EngageOperationGroup {
    static let name = "job-operations"
    static let tables = ["engage_ftp_files"]

    static let handlers: [String: EngageOperationHandler] = [
        "PurgeData": answer(purgeData),
        "ImportList": answer { try importFile($0, table: false) },
        "ImportTable": answer { try importFile($0, table: true) },
        "ExportList": answer(exportList),
        "ExportTable": answer(exportTable),
        "PurgeTable": answer(purgeTable),
        "CalculateQuery": answer(calculateQuery),
        "TrackingMetricExport": answer(trackingMetricExport),
        "RawRecipientDataExport": answer(rawRecipientDataExport),
        "WebTrackingDataExport": answer(webTrackingDataExport),
        "GetJobStatus": answer(jobStatus),
        "DeleteJob": answer(deleteJob),
    ]

    /// The FTP files, and indexes for what the jobs look up: a list's recipients and a table by name.
    static func migrate(_ db: StateDB) throws {
        try EngageFTP.migrate(db)
        try db.execute(
            sql: """
                CREATE INDEX IF NOT EXISTS engage_recipients_by_list ON engage_recipients(list_id);
                CREATE INDEX IF NOT EXISTS engage_lists_by_name ON engage_lists(name COLLATE NOCASE);
                """)
    }

    static func admin(
        _ method: String, _ route: [String], body: JSONValue, db: StateDB, now: Date
    ) throws -> CassetteResponse? {
        guard route.first == "ftp" else { return nil }
        return try EngageFTP.admin(method, route, body: body, db: db, now: now)
    }

    /// Checks the request's elements (``EngageJobShape``), then answers (the jobs due were settled before any
    /// XMLAPI request, in ``EngageXMLAPI/respond(to:db:now:)``).
    private static func answer(
        _ body: @escaping @Sendable (EngageJobRequest) throws -> EngageResult
    ) -> EngageOperationHandler {
        { request, context in
            try EngageJobShape.all[request.operation]?.check(request.element)
            return try body(EngageJobRequest(request, context))
        }
    }

    // MARK: - Purges

    private static let purgeTargets: Set<Int> = [0, 5, 6, 13, 15, 18]
    private static let purgeSources: Set<Int> = [0, 1, 5, 6, 13, 15, 18]

    static func purgeData(_ request: EngageJobRequest) throws -> EngageResult {
        let target = try request.list("TARGET_ID", types: purgeTargets)
        let source = try request.list("SOURCE_ID", types: purgeSources)
        let tables = [target.type, source.type].filter { $0 == EngageJobList.relationalTable }.count
        guard tables != 1 else { throw EngageJobFault.wrongListType }
        let job = try EngageJobs.create(
            request.db, now: request.now, kind: "PurgeData",
            description: "Purge of \(target.name) by the contacts of \(source.name)",
            parameters: EngageJobs.fields([
                "TARGET_ID": .string(target.id), "SOURCE_ID": .string(source.id), "LIST1_NAME": .string(target.name),
                "LIST2_NAME": .string(source.name),
            ]),
            work: EngageJobs.fields(["action": "purgeData", "target": .string(target.id), "source": .string(source.id)])
        )
        return jobResult(job)
    }

    static func purgeTable(_ request: EngageJobRequest) throws -> EngageResult {
        let table = try request.table()
        _ = try request.date("DELETE_BEFORE")
        let before = request.text("DELETE_BEFORE")
        var parameters = EngageJobs.fields(["LIST_ID": .string(table.id), "LIST_NAME": .string(table.name)])
        if let before { parameters["DELETE_BEFORE"] = .string(before) }
        let job = try EngageJobs.create(
            request.db, now: request.now, kind: "PurgeTable", description: "Purge of relational table \(table.name)",
            parameters: parameters, work: EngageJobs.fields(["action": "purgeTable", "table": .string(table.id)]))
        return jobResult(job)
    }

    // MARK: - Imports

    static func importFile(_ request: EngageJobRequest, table: Bool) throws -> EngageResult {
        let map = try request.required("MAP_FILE")
        let source = try request.required("SOURCE_FILE")
        let encoding = try request.encoding()
        let ftp = EngageFTP(db: request.db)
        for name in [map, source] where try !ftp.exists(EngageFTP.uploadPath(name)) {
            throw EngageJobFault.noUpload(name)
        }
        var parameters = EngageJobs.fields(["MAP_FILE": .string(map), "SOURCE_FILE": .string(source)])
        if let encoding { parameters["FILE_ENCODING"] = .string(encoding) }
        let job = try EngageJobs.create(
            request.db, now: request.now, kind: request.request.operation,
            description: "Import of \(source) into a \(table ? "relational table" : "database") as \(map) maps it",
            parameters: parameters,
            work: EngageJobs.fields([
                "action": .string(table ? "importTable" : "importList"), "map": .string(map), "source": .string(source),
            ]))
        return jobResult(job)
    }

    // MARK: - Exports

    private static let exportTypes = [
        "ALL": "All", "OPT_IN": "Opt In", "OPT_OUT": "Opt Out", "UNDELIVERABLE": "Undeliverable",
    ]

    static func exportList(_ request: EngageJobRequest) throws -> EngageResult {
        let list = try request.list(
            "LIST_ID", types: [0, 1, 5, 6, 13, 18])
        let type = request.text("EXPORT_TYPE") ?? "ALL"
        guard let typeLabel = exportTypes[type] else {
            throw EngageFault.invalidXML("EXPORT_TYPE must be ALL, OPT_IN, OPT_OUT or UNDELIVERABLE")
        }
        let format = try request.exportFormat(EngageDelimiter.named, fallback: .comma)
        let encoding = try request.encoding() ?? "UTF-8"
        for name in ["DATE_START", "DATE_END"] { _ = try request.date(name) }
        let columns = request.texts("EXPORT_COLUMNS", "COLUMN")
        for column in columns where try !EngageJobWork.hasColumn(request.db, list: list, named: column) {
            throw EngageJobFault.notListColumn(column)
        }
        let fileName = "\(list.name) - \(typeLabel) - \(stamp(request.now)).\(format.fileExtension)"
        let path = EngageFTP.downloadPath(fileName)
        let job = try EngageJobs.create(
            request.db, now: request.now, kind: "ExportList", description: "Export of \(list.name) to \(fileName)",
            filePath: path,
            parameters: EngageJobs.fields([
                "LIST_ID": .string(list.id), "LIST_NAME": .string(list.name), "EXPORT_TYPE": .string(type),
                "EXPORT_FORMAT": .string(format.rawValue), "FILE_ENCODING": .string(encoding),
                "FILE_PATH": .string(path),
                "KEEP_IN_STORED_FILES": .string(String(request.flag("ADD_TO_STORED_FILES"))),
                "KEEP_IN_FTP_DOWNLOAD_DIRECTORY": "true",
            ]),
            work: EngageJobs.fields([
                "action": "exportList", "list": .string(list.id), "path": .string(path),
                "delimiter": .string(format.rawValue), "exportType": .string(type),
                "columns": .array(columns.map(JSONValue.string)),
                "recipientID": .bool(request.flag("INCLUDE_RECIPIENT_ID")),
                "listID": .bool(request.flag("INCLUDE_LIST_ID_IN_FILE")),
            ]))
        return jobResult(job, path: path)
    }

    static func exportTable(_ request: EngageJobRequest) throws -> EngageResult {
        let table = try request.table()
        let format = try request.exportFormat(EngageDelimiter.named, fallback: .comma)
        _ = try request.encoding()
        for name in ["DATE_START", "DATE_END"] { _ = try request.date(name) }
        let fileName = "\(table.name) - \(stamp(request.now)).\(format.fileExtension)"
        let path = EngageFTP.downloadPath(fileName)
        let job = try EngageJobs.create(
            request.db, now: request.now, kind: "ExportTable",
            description: "Export of relational table \(table.name) to \(fileName)", filePath: path,
            parameters: EngageJobs.fields([
                "LIST_ID": .string(table.id), "LIST_NAME": .string(table.name), "FILENAME": .string(fileName),
                "FILE_PATH": .string(path),
            ]),
            work: EngageJobs.fields([
                "action": "exportTable", "table": .string(table.id), "path": .string(path),
                "delimiter": .string(format.rawValue),
            ]))
        return jobResult(job, path: path)
    }

    static func rawRecipientDataExport(_ request: EngageJobRequest) throws -> EngageResult {
        let mailings = try mailingIDs(request)
        let list = try request.optionalList("LIST_ID")
        for name in ["CAMPAIGN_ID", "REPORT_ID"] { _ = try request.identifier(name) }
        let path = try eventExport(request, defaultName: "Raw Recipient Data Export")
        let (start, end) = try dateRange(
            request, ["EVENT_DATE_START", "SEND_DATE_START"], ["EVENT_DATE_END", "SEND_DATE_END"])
        var parameters = EngageJobs.fields(["FILE_PATH": .string(path)])
        if !mailings.isEmpty { parameters["MAILING_ID"] = .string(mailings.joined(separator: ",")) }
        if let list { parameters["LIST_ID"] = .string(list.id) }
        parameters["FILE_ENCODING"] = .string(try request.encoding() ?? "UTF-8")
        var work = EngageJobs.fields([
            "action": "rawRecipientFile", "path": .string(path),
            "delimiter": .string(try request.exportFormat(EngageDelimiter.numbered, fallback: .comma).rawValue),
            "mailings": .array(mailings.map(JSONValue.string)),
            "sent": .bool(request.flag("ALL_EVENT_TYPES") || request.flag("SENT")),
        ])
        if let list { work["list"] = .string(list.id) }
        if let start { work["start"] = .number(JSONNumber(start.timeIntervalSince1970)) }
        if let end { work["end"] = .number(JSONNumber(end.timeIntervalSince1970)) }
        let job = try EngageJobs.create(
            request.db, now: request.now, kind: "RawRecipientDataExport",
            description: "Export of raw recipient data to \(path.dropFirst("/download/".count))", filePath: path,
            parameters: parameters, work: work)
        var result = EngageResult()
        result.raw("<MAILING>")
        result.add("JOB_ID", String(job))
        result.add("FILE_PATH", path)
        result.raw("</MAILING>")
        return result
    }

    static func webTrackingDataExport(_ request: EngageJobRequest) throws -> EngageResult {
        let database = try request.optionalList("DATABASE_ID")
        if let database, database.type != EngageJobList.database { throw EngageJobFault.wrongListType }
        for (parent, child) in [("DOMAINS", "DOMAIN_ID"), ("SITES", "SITE_ID")] {
            for id in request.texts(parent, child) where !id.allSatisfy(\.isNumber) {
                throw EngageJobFault.notInteger(child, id)
            }
        }
        let path = try eventExport(request, defaultName: "Web Tracking Data Export")
        var parameters = EngageJobs.fields(["FILE_PATH": .string(path)])
        if let database { parameters["DATABASE_ID"] = .string(database.id) }
        let job = try EngageJobs.create(
            request.db, now: request.now, kind: "WebTrackingDataExport",
            description: "Export of web tracking data to \(path.dropFirst("/download/".count))", filePath: path,
            parameters: parameters, work: eventWork(path, request: request, header: webTrackingHeader))
        return jobResult(job, path: path)
    }

    /// One job per mailing: `MAILING_ID`'s, or the mailings sent to `LIST_ID` (or its queries and contact lists)
    /// within the send date range, or every mailing sent in that range.
    static func trackingMetricExport(_ request: EngageJobRequest) throws -> EngageResult {
        let mailing = try request.identifier("MAILING_ID")
        let report = try request.identifier("REPORT_ID")
        let list = try request.optionalList("LIST_ID")
        if mailing != nil, list != nil { throw EngageJobFault.mailingAndList }
        if let list, list.type == EngageJobList.relationalTable { throw EngageJobFault.wrongListType }
        let (start, end) = try dateRange(request, ["SEND_DATE_START"], ["SEND_DATE_END"])
        guard mailing != nil || list != nil || start != nil || end != nil else {
            throw EngageJobFault.missing("MAILING_ID")
        }
        if let mailing, try EngageMailing.find(request.db, id: mailing) == nil { throw EngageFault.mailingNotFound }
        let format = try request.exportFormat(EngageDelimiter.metrics, fallback: .comma)
        let mailings = try mailing.map { [$0] } ?? sentMailings(request, to: list, from: start, to: end)
        var result = EngageResult()
        for id in mailings {
            let fileName = "Tracking Metrics \(id) - \(stamp(request.now)).zip"
            let path = EngageFTP.downloadPath(fileName)
            var work = EngageJobs.fields([
                "action": "metricsFile", "mailing": .string(id), "path": .string(path),
                "delimiter": .string(format.rawValue),
            ])
            if let report { work["report"] = .string(report) }
            if let start { work["start"] = .number(JSONNumber(start.timeIntervalSince1970)) }
            if let end { work["end"] = .number(JSONNumber(end.timeIntervalSince1970)) }
            let job = try EngageJobs.create(
                request.db, now: request.now, kind: "TrackingMetricExport",
                description: "Export of the tracking metrics of mailing \(id) to \(fileName)", filePath: path,
                parameters: EngageJobs.fields(["MAILING_ID": .string(id), "FILE_PATH": .string(path)]), work: work)
            result.raw("<MAILING>")
            result.add("JOB_ID", String(job))
            result.add("MAILING_ID", id)
            result.add("FILE_PATH", path)
            result.raw("</MAILING>")
        }
        return result
    }

    /// The mailings with a report sent (by now, not a test) to `list` or one of its queries and contact lists, within
    /// the range, in the order first sent; found through the reports' time index.
    private static func sentMailings(
        _ request: EngageJobRequest, to list: EngageJobList?, from start: Date?, to end: Date?
    ) throws -> [String] {
        let upper = min(end ?? request.now, request.now).timeIntervalSince1970
        let lower = start?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude
        return try String.fetchAll(
            request.db.cachedStatement(
                sql: """
                    SELECT mailing_id FROM engage_mailing_reports
                    WHERE scheduled_at BETWEEN ? AND ? AND is_test = 0
                        AND (CAST(? AS TEXT) IS NULL OR list_id = ? OR parent_list_id = ?)
                    GROUP BY mailing_id ORDER BY MIN(scheduled_at), mailing_id
                    """), arguments: [lower, upper, list?.id, list?.id, list?.id])
    }

    /// The earliest of the start dates and the latest of the end dates given (fault 184 for one that is no date).
    private static func dateRange(
        _ request: EngageJobRequest, _ starts: [String], _ ends: [String]
    ) throws -> (Date?, Date?) {
        let start = try starts.compactMap { try request.date($0) }.min()
        let end = try ends.compactMap { try request.date($0) }.max()
        return (start, end)
    }

    // MARK: - Queries

    static func calculateQuery(_ request: EngageJobRequest) throws -> EngageResult {
        let query = try request.list("QUERY_ID", types: [EngageJobList.query])
        let job = try EngageJobs.create(
            request.db, now: request.now, kind: "CalculateQuery", description: "Calculation of query \(query.name)",
            parameters: EngageJobs.fields(["QUERY_ID": .string(query.id), "LIST_NAME": .string(query.name)]),
            work: EngageJobs.fields(["action": "calculateQuery", "query": .string(query.id)]))
        return jobResult(job)
    }

    // MARK: - Job status

    static func jobStatus(_ request: EngageJobRequest) throws -> EngageResult {
        let job = try existingJob(request)
        var result = EngageResult()
        result.add("JOB_ID", String(job.id))
        result.add("JOB_STATUS", job.status(at: request.now).rawValue)
        result.add("JOB_DESCRIPTION", job.description)
        result.raw("<PARAMETERS>")
        for (name, value) in job.parameters {
            result.raw("<PARAMETER>")
            result.add("NAME", name)
            result.add("VALUE", value.stringValue ?? value.serialized())
            result.raw("</PARAMETER>")
        }
        result.raw("</PARAMETERS>")
        return result
    }

    static func deleteJob(_ request: EngageJobRequest) throws -> EngageResult {
        let job = try existingJob(request)
        _ = try EngageJobs.delete(request.db, id: job.id)
        return EngageResult()
    }

    private static func existingJob(_ request: EngageJobRequest) throws -> EngageJobs.Job {
        let text = try request.required("JOB_ID")
        guard let id = Int(text), let job = try EngageJobs.find(request.db, id: id) else {
            throw EngageJobFault.jobNotValid
        }
        return job
    }

    // MARK: - Helpers

    private static func jobResult(_ job: Int, path: String? = nil) -> EngageResult {
        var result = EngageResult()
        result.add("JOB_ID", String(job))
        if let path { result.add("FILE_PATH", path) }
        return result
    }

    /// `MAILING_ID` and every `MAILING/MAILING_ID`, each a mailing the simulator has (fault 126 otherwise).
    private static func mailingIDs(_ request: EngageJobRequest) throws -> [String] {
        var ids: [String] = []
        if let id = try request.identifier("MAILING_ID") { ids.append(id) }
        for mailing in request.request.element.all("MAILING") {
            for name in ["MAILING_ID", "REPORT_ID"] {
                guard let text = mailing.first(name)?.text.trimmingWhitespace(newlines: true) else {
                    continue
                }
                guard !text.isEmpty, text.allSatisfy(\.isNumber) else { throw EngageJobFault.notInteger(name, text) }
                if name == "MAILING_ID" { ids.append(text) }
            }
        }
        for id in ids where try EngageMailing.find(request.db, id: id) == nil { throw EngageFault.mailingNotFound }
        return ids
    }

    /// Checks what the event exports share (format, encoding, dates) and names their file:
    /// `/download/<EXPORT_FILE_NAME, or the default> - <time>.zip` (assumed naming).
    private static func eventExport(_ request: EngageJobRequest, defaultName: String) throws -> String {
        _ = try request.exportFormat(EngageDelimiter.numbered, fallback: .comma)
        _ = try request.encoding()
        for name in ["EVENT_DATE_START", "EVENT_DATE_END", "SEND_DATE_START", "SEND_DATE_END"] {
            _ = try request.date(name)
        }
        var name = request.text("EXPORT_FILE_NAME") ?? defaultName
        if name.lowercased().hasSuffix(".zip") { name.removeLast(4) }
        return EngageFTP.downloadPath("\(name) - \(stamp(request.now)).zip")
    }

    private static func eventWork(_ path: String, request: EngageJobRequest, header: [String]) throws -> JSONObject {
        let format = try request.exportFormat(EngageDelimiter.numbered, fallback: .comma)
        return EngageJobs.fields([
            "action": "eventFile", "path": .string(path), "delimiter": .string(format.rawValue),
            "header": .array(header.map(JSONValue.string)),
        ])
    }

    // The files' header rows (assumed: Engage documents the exports' columns on pages the sources do not reproduce).
    private static let webTrackingHeader = [
        "Recipient Id", "Visitor Key", "Email", "Event Type", "Event Timestamp", "Domain Id", "Site Id", "URL",
    ]

    /// `Jan 1 2026 12-00-30 AM`: the time part of Engage's export file names (a ka4ok85 client test quotes
    /// `… - All - Oct 22 2020 11-17-01 PM.CSV`), in UTC.
    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d yyyy hh-mm-ss a"
        return formatter.string(from: date)
    }
}
