import Foundation
import JSONCore
import LibXML

/// SendMailing, ForwardToFriend, GetContactMailingDetails, ListRecipientMailings and ScheduleMailing: mailings sent to
/// contacts, and what a contact received.
struct EngageMailingSends {
    let db: StateDB
    let now: Date

    init(_ context: EngageOperationContext) {
        db = context.db
        now = context.now
    }

    init(db: StateDB, now: Date) {
        self.db = db
        self.now = now
    }

    // MARK: - SendMailing

    /// Sends a custom-event autoresponder (the reference: "The MailingId must be for an existing, custom event
    /// autoresponder and the contact email address must be for a contact who already exists in the database
    /// associated with the mailing"). Faults, by XMLAPIErrorCode: 126 unknown mailing, 160 not a custom automated
    /// mailing, 162 inactive autoresponder, 128 no such contact, 129 contact opted out, 100 no MailingId or no
    /// RecipientEmail / COLUMNS / LOOK_UP_KEYS.
    func sendMailing(_ request: EngageRequest) throws -> EngageResult {
        let id = try request.required("MailingId")
        guard let mailing = try EngageMailing.find(db, id: id) else { throw EngageFault.mailingNotFound }
        guard mailing.kind == .autoresponder, mailing.type == "Automated" else {
            throw EngageFault(
                160,
                "Can only send Custom Automated Mailings. Please provide the Mailing ID for a Custom Automated Mailing."
            )
        }
        guard mailing.active else { throw EngageFault(162, "Mailing is not active.") }
        let listID = mailing.listID ?? EngageSchema.defaultListID
        var criteria = try request.keyColumns("COLUMNS") + request.keyColumns("LOOK_UP_KEYS")
        if let email = request.scalar("RecipientEmail"), !email.isEmpty {
            criteria.insert((name: "Email", value: email), at: 0)
        }
        guard !criteria.isEmpty else { throw EngageFault.notProvided("RecipientEmail") }
        guard let recipient = try recipient(in: listID, matching: criteria) else { throw EngageFault.recipientNotFound }
        guard try optedOut(recipient) == nil else {
            throw EngageFault(129, "Recipient has opted out of the list.")
        }
        _ = try record(mailing, recipient: recipient, listID: listID, at: now)
        return EngageResult()
    }

    /// Records `mailing` sent to `recipient`: a send with a new SureFrom code, counted in the mailing's report (for an
    /// autoresponder, the report of the day; else its latest sending at `time`), made when there is none. Without a
    /// time, an autoresponder is sent now and another mailing when its latest sending went out.
    func record(
        _ mailing: EngageMailing, recipient: Int, listID: String, at given: Date?, code: String? = nil,
        totals: JSONObject = JSONObject()
    ) throws -> (sendID: Int, reportID: Int, code: String) {
        var report = try report(for: mailing, at: given ?? now)
        let time = given ?? (mailing.kind == .autoresponder ? now : report.scheduledAt)
        report.numSent += 1
        try report.saveCounts(db)
        let sendID = try EngageSchema.next(db, counter: "mailingSend")
        let code = code ?? "1-SIM\(sendID)-\(report.id)-\(recipient)"
        try db.execute(
            sql: """
                INSERT INTO engage_mailing_sends(
                    send_id, mailing_id, report_id, list_id, recipient_id, sent_at, sure_from_code, totals)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                sendID, mailing.id, report.id, listID, recipient, time.timeIntervalSince1970, code,
                JSONValue.object(totals).serialized(),
            ])
        return (sendID, report.id, code)
    }

    private func report(for mailing: EngageMailing, at time: Date) throws -> EngageMailingReport {
        let sql: String
        let arguments: StateArguments
        if mailing.kind == .autoresponder {
            let day = floor(time.timeIntervalSince1970 / 86_400) * 86_400
            sql = """
                SELECT * FROM engage_mailing_reports WHERE mailing_id = ? AND scheduled_at >= ? AND scheduled_at < ?
                ORDER BY scheduled_at LIMIT 1
                """
            arguments = [mailing.id, day, day + 86_400]
        } else {
            sql = """
                SELECT * FROM engage_mailing_reports WHERE mailing_id = ? AND scheduled_at <= ?
                ORDER BY scheduled_at DESC LIMIT 1
                """
            arguments = [mailing.id, time.timeIntervalSince1970]
        }
        if let row = try StateRow.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) {
            return EngageMailingReport(row: row)
        }
        let report = EngageMailingReport(mailing: mailing, id: try EngageMailingReport.newID(db), scheduledAt: time)
        try report.insert(db)
        return report
    }

    // MARK: - ForwardToFriend

    /// Forwards a sent mailing for one of its contacts. The errors are the reference's `FTF_RESULT` values and the
    /// SDK's XMLAPIErrorCode 1–6, answered as faults: 1 `m` not a number, 2 `r` not a number or not a contact of the
    /// mailing's list, 3 no sent mailing `m`, 4 a sender (or recipient, assumed) address that is not an email
    /// address, 5 an `rs` that does not decode (the simulator's encoded id is the base64 of the id, assumed),
    /// 6 a MESSAGE longer than ``maximumMessageLength`` (assumed limit).
    func forwardToFriend(_ request: EngageRequest) throws -> EngageResult {
        let mailingText = try request.required("m")
        guard let mailingNumber = Int(mailingText) else {
            throw EngageFault(1, "Error with the mailing ID: invalid format.")
        }
        guard let mailing = try EngageMailing.find(db, id: String(mailingNumber)), mailing.kind == .sent,
            var report = try latestSentReport(of: mailing.id)
        else { throw EngageFault(3, "Error with the mailing ID: not found.") }
        let sender = try request.required("SENDER_EMAIL")
        guard Self.isEmail(sender) else { throw EngageFault(4, "Error with the sender email address.") }
        let listID = report.listID ?? mailing.listID ?? EngageSchema.defaultListID
        if let plain = request.scalar("r"), !plain.isEmpty {
            guard let id = Int(plain), try isMember(id, of: listID) else {
                throw EngageFault(2, "Error with the recipient ID.")
            }
        } else if let encoded = request.scalar("rs"), !encoded.isEmpty {
            guard let id = Self.decodeRecipientID(encoded), try isMember(id, of: listID) else {
                throw EngageFault(5, "Error with the sender recipient ID.")
            }
        } else {
            throw EngageFault.notProvided("r")
        }
        let addresses = try request.required("RECIPIENTS").split(separator: ",")
            .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !addresses.isEmpty else { throw EngageFault.notProvided("RECIPIENTS") }
        guard addresses.allSatisfy(Self.isEmail) else { throw EngageFault(4, "Error with the sender email address.") }
        guard (request.scalar("MESSAGE") ?? "").count <= Self.maximumMessageLength else {
            throw EngageFault(6, "Error with the comment size.")
        }
        report.count("NumUniqueForwardFwd")
        report.count("NumGrossForwardFwd", by: addresses.count)
        try report.saveCounts(db)
        var result = EngageResult()
        result.add("ORGANIZATION_ID", EngageSchema.organizationID)
        return result
    }

    /// The longest MESSAGE ForwardToFriend takes (assumed: XMLAPIErrorCode names the error, not the size).
    static let maximumMessageLength = 1_000

    /// The simulator's encoded recipient id (`rs`): the base64 of the id's digits (assumed).
    static func encodeRecipientID(_ id: Int) -> String { Data(String(id).utf8).base64EncodedString() }

    static func decodeRecipientID(_ text: String) -> Int? {
        Data(base64Encoded: text).flatMap { String(data: $0, encoding: .utf8) }.flatMap { Int($0) }
    }

    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ")
    }

    private func latestSentReport(of mailingID: String) throws -> EngageMailingReport? {
        try StateRow.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT * FROM engage_mailing_reports WHERE mailing_id = ? AND scheduled_at <= ?
                    ORDER BY scheduled_at DESC LIMIT 1
                    """), arguments: [mailingID, now.timeIntervalSince1970]
        ).map(EngageMailingReport.init(row:))
    }

    // MARK: - GetContactMailingDetails

    /// The mailing a SureFrom code came in, when the code is one of ORGANIZATION_ID's: else fault 330 "The value you
    /// entered could not be confirmed." (the reference's example).
    func contactMailingDetails(_ request: EngageRequest) throws -> EngageResult {
        let code = try request.required("SURE_FROM_CODE").filter { !$0.isWhitespace }
        let organizations = request.element.all("ORGANIZATION_ID").map {
            $0.text.filter { !$0.isWhitespace }
        }.filter { !$0.isEmpty }
        guard !organizations.isEmpty else { throw EngageFault.notProvided("ORGANIZATION_ID") }
        guard organizations.contains(EngageSchema.organizationID),
            let row = try StateRow.fetchOne(
                db.cachedStatement(
                    sql: "SELECT mailing_id, sent_at FROM engage_mailing_sends WHERE sure_from_code = ?"),
                arguments: [code]),
            let mailing = try EngageMailing.find(db, id: row["mailing_id"])
        else { throw EngageFault(330, "The value you entered could not be confirmed.") }
        var result = EngageResult()
        result.add("SENT_TIMESTAMP", EngageMailingTime.gmt(Date(timeIntervalSince1970: row["sent_at"])))
        result.add("FROM_NAME", mailing.fromName)
        result.add("FROM_ADDRESS", mailing.fromAddress)
        result.add("SUBJECT", mailing.subject)
        return result
    }

    // MARK: - ListRecipientMailings

    /// The mailings a contact received, oldest first: what was sent to it alone (SendMailing, admin sends) and the
    /// mailings sent to its list between the day it joined (minute precision) and now, up to its opt-out (a mailing
    /// skips an opted-out contact). Faults: 100 a missing element, 124 a RECIPIENT_ID that is not a number,
    /// 106 an unknown list, 128 no such contact in the list.
    func recipientMailings(_ request: EngageRequest) throws -> EngageResult {
        let listID = try request.required("LIST_ID")
        let text = try request.required("RECIPIENT_ID")
        guard let recipient = Int(text) else { throw EngageFault(124, "Recipient ID is not valid.") }
        guard try EngageMailingLists(db: db).exists(listID) else { throw EngageFault.listNotValid }
        guard
            let created = try String.fetchOne(
                db.cachedStatement(
                    sql: "SELECT created_at FROM engage_recipients WHERE recipient_id = ? AND list_id = ?"),
                arguments: [recipient, listID])
        else { throw EngageFault.recipientNotFound }
        var received: [(time: Date, mailingID: String, reportID: Int, totals: JSONObject)] = []
        for row in try StateRow.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT mailing_id, report_id, sent_at, totals FROM engage_mailing_sends
                    WHERE list_id = ? AND recipient_id = ? AND sent_at <= ? ORDER BY sent_at, send_id
                    """), arguments: [listID, recipient, now.timeIntervalSince1970])
        {
            let totals = (try? JSONValue(parsing: row["totals"] as String))?.objectValue ?? JSONObject()
            received.append((Date(timeIntervalSince1970: row["sent_at"]), row["mailing_id"], row["report_id"], totals))
        }
        let joined = EngageMailingTime.parseShort(created) ?? .distantPast
        let until = try optedOut(recipient).map { min($0, now) } ?? now
        if joined <= until {
            for row in try StateRow.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT mailing_id, report_id, scheduled_at FROM engage_mailing_reports
                        WHERE list_id = ? AND scheduled_at BETWEEN ? AND ? AND mailing_type = 'Standard' AND is_test = 0
                        ORDER BY scheduled_at, report_id
                        """),
                arguments: [listID, joined.timeIntervalSince1970, until.timeIntervalSince1970])
            {
                received.append(
                    (
                        Date(timeIntervalSince1970: row["scheduled_at"]), row["mailing_id"], row["report_id"],
                        JSONObject()
                    ))
            }
        }
        received.sort { ($0.time, $0.reportID) < ($1.time, $1.reportID) }
        var result = EngageResult()
        for item in received {
            let name = try EngageMailing.find(db, id: item.mailingID)?.name ?? ""
            var xml = "<Mailing>"
            xml += "<MailingId>\(XMLText.text(item.mailingID))</MailingId><ReportId>\(item.reportID)</ReportId>"
            xml += "<MailingName>\(XMLText.text(name))</MailingName>"
            xml += "<SentTS>\(XMLText.text(EngageMailingTime.short(item.time)))</SentTS>"
            for total in Self.totals {
                xml += "<\(total)>\(item.totals[total]?.numberValue?.integer ?? 0)</\(total)>"
            }
            result.raw(xml + "</Mailing>")
        }
        return result
    }

    /// The per-contact totals of a ListRecipientMailings `Mailing` (the Silverpop Java and WCA clients).
    static let totals = [
        "TotalOpens", "TotalClickstreams", "TotalClicks", "TotalConversions", "TotalAttachments", "TotalForwards",
        "TotalMediaPlays", "TotalBounces", "TotalOptOuts",
    ]

    // MARK: - ScheduleMailing

    /// Makes a sent mailing from a template, sent now or at SCHEDULED, to every contact of the list but the opted-out
    /// (counted when scheduled). Faults: 100 a missing required element, 104 VISIBILITY not 0 or 1, 126 no template
    /// TEMPLATE_ID, 106 an unknown list, 182 a sent mailing of that name exists, 184 an unreadable SCHEDULED,
    /// 103 a PARENT_FOLDER_PATH that does not exist without CREATE_PARENT_FOLDER (assumed mapping of XMLAPIErrorCode
    /// 103 "Parent directory does not exist.").
    func scheduleMailing(_ request: EngageRequest) throws -> EngageResult {
        let templateID = try request.required("TEMPLATE_ID")
        let listID = try request.required("LIST_ID")
        let name = try request.required("MAILING_NAME")
        let visibilityText = try request.required("VISIBILITY")
        guard let visibility = Int(visibilityText), visibility == 0 || visibility == 1 else {
            throw EngageFault.visibilityNotValid
        }
        guard let template = try EngageMailing.find(db, id: templateID), template.kind == .template else {
            throw EngageFault.mailingNotFound
        }
        let lists = EngageMailingLists(db: db)
        guard try lists.exists(listID) else { throw EngageFault.listNotValid }
        guard try !EngageMailing.nameTaken(db, name, kind: .sent) else {
            throw EngageFault(182, "A Mailing with the provided name already exists.")
        }
        let scheduled = try request.date("SCHEDULED", required: false) ?? now
        let folders = EngageMailingFolders(db: db)
        var folderID: String?
        if let path = request.scalar("PARENT_FOLDER_PATH"), !path.isEmpty {
            let full = folders.mailingPath(path, visibility: visibility)
            if let existing = try folders.id(ofPath: full, type: "Mailing") {
                folderID = existing
            } else if request.isOn("CREATE_PARENT_FOLDER") {
                folderID = try folders.create(path: full, type: "Mailing")
            } else {
                throw EngageFault(103, "Parent directory does not exist.")
            }
        }
        var mailing = template
        mailing.id = try EngageMailing.newID(db)
        mailing.name = name
        mailing.kind = .sent
        mailing.type = "Standard"
        mailing.templateID = template.id
        mailing.listID = listID
        mailing.visibility = visibility
        mailing.folderID = folderID
        mailing.userName = EngageMailingDemo.apiUserName
        mailing.userEmail = EngageMailingDemo.apiUserEmail
        mailing.userID = EngageMailingDemo.apiUserID
        mailing.lastModified = now
        for (element, keyPath) in [
            ("SUBJECT", \EngageMailing.subject), ("FROM_NAME", \.fromName), ("FROM_ADDRESS", \.fromAddress),
            ("REPLY_TO", \.replyTo),
        ] {
            if let value = request.scalar(element), !value.isEmpty { mailing[keyPath: keyPath] = value }
        }
        try mailing.insert(db)
        var report = EngageMailingReport(
            mailing: mailing, id: try EngageMailingReport.newID(db), scheduledAt: scheduled)
        report.parentListID = try lists.parent(of: listID)
        report.numSent = try lists.reachable(listID)
        try report.insert(db)
        var result = EngageResult()
        result.add("MAILING_ID", mailing.id)
        return result
    }

    // MARK: - Contacts

    /// The oldest contact of `listID` holding every criterion's value (column names and values case-insensitively),
    /// found through the value index by the first criterion.
    func recipient(in listID: String, matching criteria: [(name: String, value: String)]) throws -> Int? {
        try EngageContactStore(db: db, now: now).matching(listID: listID, criteria, limit: 1).first
    }

    func isMember(_ id: Int, of listID: String) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM engage_recipients WHERE recipient_id = ? AND list_id = ?"),
            arguments: [id, listID]) == true
    }

    /// When the contact opted out (OptOutRecipient's `engage_opt_states`), nil when it has not.
    func optedOut(_ id: Int) throws -> Date? {
        let text = try? String.fetchOne(
            db.cachedStatement(
                sql: "SELECT opted_out_at FROM engage_opt_states WHERE recipient_id = ? AND opted_out_at IS NOT NULL"),
            arguments: [id])
        guard let text = text ?? nil else { return nil }
        return EngageMailingTime.parseShort(text) ?? now
    }
}
