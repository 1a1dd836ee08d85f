import Foundation
import JSONCore

/// The work of the data jobs that read the mailing operations' data: TrackingMetricExport's file (a mailing's sent
/// reports with their aggregate tracking), RawRecipientDataExport's (one `Sent` event per contact a mailing went to)
/// and CalculateQuery's count.
extension EngageJobWork {
    /// The metrics file's header: the mailing and report, then `NumSent` and the aggregate tracking counts by the names
    /// GetAggregateTrackingForMailing answers them.
    static let metricsHeader =
        ["Mailing Id", "Report Id", "Mailing Name", "Sent Date", "NumSent"] + EngageMailingReports.metrics

    /// The raw recipient data file's header (assumed: the reference's column list is not among the sources).
    static let rawRecipientHeader = [
        "Recipient Id", "Recipient Type", "Mailing Id", "Report Id", "Campaign Id", "Email", "Event Type",
        "Event Timestamp", "Body Type", "Content Id", "Click Name", "URL",
    ]

    /// One row per sent report of `work["mailing"]` (`report` and the `start`/`end` send dates narrow it), oldest
    /// first; reports scheduled after the job completed are not sent yet.
    func metricsFile(_ work: JSONObject) throws -> Outcome {
        guard let id = work["mailing"]?.stringValue, let mailing = try EngageMailing.find(db, id: id) else {
            return .failure
        }
        let start = work["start"]?.numberValue?.double ?? -Double.greatestFiniteMagnitude
        let end = min(work["end"]?.numberValue?.double ?? .greatestFiniteMagnitude, completedAt.timeIntervalSince1970)
        let report = work["report"]?.stringValue.flatMap { Int($0) }
        let rows = try StateRow.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM engage_mailing_reports WHERE mailing_id = ? AND scheduled_at BETWEEN ? AND ?
                    ORDER BY scheduled_at, report_id
                    """), arguments: [id, start, end]
        ).map(EngageMailingReport.init(row:)).filter { report == nil || $0.id == report }
        let lines = rows.map { row in
            [
                mailing.id, String(row.id), mailing.name, EngageMailingTime.timestamp(row.scheduledAt),
                String(row.numSent),
            ] + EngageMailingReports.metrics.map { row.tracking[$0]?.numberValue?.text ?? "0" }
        }
        try write(
            work["path"]?.stringValue ?? "", delimiter: work["delimiter"]?.stringValue ?? "",
            header: Self.metricsHeader, rows: lines)
        return Outcome(parameters: EngageJobs.fields(["EXPORTED_ROW_COUNT": .string(String(lines.count))]))
    }

    /// A `Sent` event per contact a mailing went to (SendMailing and the admin's sends), when `sent` asks for sent
    /// events: of the `mailings` (all when none), to `list` (its contacts' sends), within the event and send date
    /// ranges (the same moment for a send), oldest first. Other event types find none: the simulator tracks no
    /// opens or clicks per contact.
    func rawRecipientFile(_ work: JSONObject) throws -> Outcome {
        var lines: [[String]] = []
        if work["sent"]?.boolValue == true {
            let mailings = Set(work["mailings"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            let list = work["list"]?.stringValue
            let start = work["start"]?.numberValue?.double ?? -Double.greatestFiniteMagnitude
            let end = min(
                work["end"]?.numberValue?.double ?? .greatestFiniteMagnitude, completedAt.timeIntervalSince1970)
            let sends = try StateRow.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT s.recipient_id, s.mailing_id, s.report_id, s.sent_at,
                            (SELECT value FROM engage_recipient_values v
                             WHERE v.recipient_id = s.recipient_id AND v.name = 'Email') AS email
                        FROM engage_mailing_sends s WHERE s.sent_at BETWEEN ? AND ?
                            AND (CAST(? AS TEXT) IS NULL OR s.list_id = ?)
                        ORDER BY s.sent_at, s.send_id
                        """), arguments: [start, end, list, list])
            for send in sends where mailings.isEmpty || mailings.contains(send["mailing_id"]) {
                lines.append([
                    String(send["recipient_id"] as Int), "Normal", send["mailing_id"], String(send["report_id"] as Int),
                    "", send["email"] ?? "", "Sent",
                    EngageMailingTime.timestamp(Date(timeIntervalSince1970: send["sent_at"])),
                    "", "", "", "",
                ])
            }
        }
        try write(
            work["path"]?.stringValue ?? "", delimiter: work["delimiter"]?.stringValue ?? "",
            header: Self.rawRecipientHeader, rows: lines)
        return Outcome(parameters: EngageJobs.fields(["EXPORTED_ROW_COUNT": .string(String(lines.count))]))
    }

    /// The query's members (its parent database's contacts its criteria match), kept as its `SIZE` for GetLists.
    func calculateQuery(_ id: String) throws -> Outcome {
        guard let query = try EngageJobList.find(db, id: id), let database = try query.database(db) else {
            return .failure
        }
        let size = try query.members(db).count
        try db.execute(
            sql: """
                INSERT INTO engage_list_counts(list_id, size) VALUES (?, ?)
                ON CONFLICT(list_id) DO UPDATE SET size = excluded.size
                """, arguments: [query.id, size])
        return Outcome(
            parameters: EngageJobs.fields([
                "LIST_SIZE": .string(String(size)), "PARENT_LIST_ID": .string(database.id),
                "PARENT_LIST_NAME": .string(database.name), "PARENT_LIST_TYPE": .string(String(database.type.rawValue)),
            ]))
    }
}
