import Foundation
import JSONCore

/// A template, autoresponder or sent mailing (`engage_mailings`): template ids and mailing ids share one id space, as
/// in Engage, where a template becomes a mailing when it is sent or scheduled.
struct EngageMailing: Sendable, Equatable {
    enum Kind: String, Sendable, CaseIterable {
        case template = "Template"
        case autoresponder = "Autoresponder"
        case sent = "Sent"
    }

    /// What a sending is, for the kind filters of the listing operations: `Standard` (a scheduled mailing),
    /// `Automated` (a custom-event autoresponder), `OptIn`, `EditProfile` (confirmation autoresponders), `Campaign`
    /// (a message of an automated message group).
    static let types = ["Standard", "Automated", "OptIn", "EditProfile", "Campaign"]

    var id: String
    var name: String
    var kind: Kind
    var type: String
    var active = true
    var subject = ""
    var fromName = ""
    var fromAddress = ""
    var replyTo = ""
    /// 0 private, 1 shared.
    var visibility = 1
    var userName = EngageMailingDemo.apiUserName
    var userEmail = EngageMailingDemo.apiUserEmail
    var userID = EngageMailingDemo.apiUserID
    var folderID: String?
    var listID: String?
    var templateID: String?
    var htmlBody = ""
    var aolBody = ""
    var textBody = ""
    var spamScore = "0"
    var crmEnabled = false
    var lastModified: Date

    var visibilityName: String { visibility == 0 ? "Private" : "Shared" }

    static func find(_ db: StateDB, id: String) throws -> EngageMailing? {
        try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM engage_mailings WHERE mailing_id = ?"), arguments: [id]
        )
        .map(EngageMailing.init(row:))
    }

    /// Whether any mailing of `kind` is called `name` (case-insensitively).
    static func nameTaken(_ db: StateDB, _ name: String, kind: Kind) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(
                sql: "SELECT 1 FROM engage_mailings WHERE name = ? COLLATE NOCASE AND kind = ? LIMIT 1"),
            arguments: [name, kind.rawValue]) == true
    }

    /// A new mailing id (10001, 10002, …) no mailing has.
    static func newID(_ db: StateDB) throws -> String {
        while true {
            let id = String(10_000 + (try EngageSchema.next(db, counter: "mailing")))
            if try find(db, id: id) == nil { return id }
        }
    }

    init(
        id: String, name: String, kind: Kind, type: String, lastModified: Date
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.type = type
        self.lastModified = lastModified
    }

    init(row: StateRow) {
        id = row["mailing_id"]
        name = row["name"]
        kind = Kind(rawValue: row["kind"]) ?? .template
        type = row["mailing_type"]
        active = row["active"]
        subject = row["subject"]
        fromName = row["from_name"]
        fromAddress = row["from_address"]
        replyTo = row["reply_to"]
        visibility = row["visibility"]
        userName = row["user_name"]
        userEmail = row["user_email"]
        userID = row["user_id"]
        folderID = row["folder_id"]
        listID = row["list_id"]
        templateID = row["template_id"]
        htmlBody = row["html_body"]
        aolBody = row["aol_body"]
        textBody = row["text_body"]
        spamScore = row["spam_score"]
        crmEnabled = row["crm_enabled"]
        lastModified = Date(timeIntervalSince1970: row["last_modified"])
    }

    func insert(_ db: StateDB) throws {
        try db.execute(
            sql: """
                INSERT INTO engage_mailings(
                    mailing_id, name, kind, mailing_type, active, subject, from_name, from_address, reply_to,
                    visibility, user_name, user_email, user_id, folder_id, list_id, template_id, html_body, aol_body,
                    text_body, spam_score, crm_enabled, last_modified)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, name, kind.rawValue, type, active, subject, fromName, fromAddress, replyTo, visibility, userName,
                userEmail, userID, folderID, listID, templateID, htmlBody, aolBody, textBody, spamScore, crmEnabled,
                lastModified.timeIntervalSince1970,
            ])
    }

    var json: JSONValue {
        var object = JSONObject([
            ("mailingID", .string(id)), ("name", .string(name)), ("kind", .string(kind.rawValue)),
            ("type", .string(type)), ("active", .bool(active)), ("subject", .string(subject)),
            ("fromName", .string(fromName)), ("fromAddress", .string(fromAddress)), ("replyTo", .string(replyTo)),
            ("visibility", .number(JSONNumber(visibility))), ("userName", .string(userName)),
            ("userEmail", .string(userEmail)), ("crmEnabled", .bool(crmEnabled)),
            ("lastModified", .string(EngageTime.iso(lastModified))),
        ])
        if let folderID { object["folderID"] = .string(folderID) }
        if let listID { object["listID"] = .string(listID) }
        if let templateID { object["templateID"] = .string(templateID) }
        return .object(object)
    }
}

/// One sending of a mailing (`engage_mailing_reports`): its report id, when it was (or is) to be sent, to which list,
/// and its tracking counts (`NumSent` apart, by the names of the aggregate tracking results).
struct EngageMailingReport: Sendable, Equatable {
    var id: Int
    var mailingID: String
    var type: String
    var listID: String?
    var parentListID: String?
    var userEmail: String
    var visibility: Int
    var scheduledAt: Date
    var isTest = false
    var numSent = 0
    var tracking = JSONObject()
    var topDomains: [JSONValue] = []
    var inboxMonitoring: [JSONValue] = []
    var clicks: [JSONValue] = []
    var tags: [String] = []

    /// Sent once the simulator clock reaches the scheduled time; scheduled before.
    func isSent(at now: Date) -> Bool { scheduledAt <= now }

    static func find(_ db: StateDB, id: Int) throws -> EngageMailingReport? {
        try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM engage_mailing_reports WHERE report_id = ?"), arguments: [id]
        ).map(EngageMailingReport.init(row:))
    }

    /// A new report id (20001, 20002, …) no report has.
    static func newID(_ db: StateDB) throws -> Int {
        while true {
            let id = 20_000 + (try EngageSchema.next(db, counter: "mailingReport"))
            if try find(db, id: id) == nil { return id }
        }
    }

    init(mailing: EngageMailing, id: Int, scheduledAt: Date) {
        self.id = id
        self.mailingID = mailing.id
        self.type = mailing.type
        self.listID = mailing.listID
        self.userEmail = mailing.userEmail.lowercased()
        self.visibility = mailing.visibility
        self.scheduledAt = scheduledAt
    }

    init(row: StateRow) {
        id = row["report_id"]
        mailingID = row["mailing_id"]
        type = row["mailing_type"]
        listID = row["list_id"]
        parentListID = row["parent_list_id"]
        userEmail = row["user_email"]
        visibility = row["visibility"]
        scheduledAt = Date(timeIntervalSince1970: row["scheduled_at"])
        isTest = row["is_test"]
        numSent = row["num_sent"]
        tracking = (try? JSONValue(parsing: row["tracking"] as String))?.objectValue ?? JSONObject()
        topDomains = Self.array(row["top_domains"])
        inboxMonitoring = Self.array(row["inbox_monitoring"])
        clicks = Self.array(row["clicks"])
        tags = Self.array(row["tags"]).compactMap(\.stringValue)
    }

    private static func array(_ text: String) -> [JSONValue] { (try? JSONValue(parsing: text))?.arrayValue ?? [] }

    func insert(_ db: StateDB) throws {
        try db.execute(
            sql: """
                INSERT INTO engage_mailing_reports(
                    report_id, mailing_id, mailing_type, list_id, parent_list_id, user_email, visibility,
                    scheduled_at, is_test, num_sent, tracking, top_domains, inbox_monitoring, clicks, tags)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, mailingID, type, listID, parentListID, userEmail, visibility, scheduledAt.timeIntervalSince1970,
                isTest, numSent, JSONValue.object(tracking).serialized(), JSONValue.array(topDomains).serialized(),
                JSONValue.array(inboxMonitoring).serialized(), JSONValue.array(clicks).serialized(),
                JSONValue.array(tags.map(JSONValue.string)).serialized(),
            ])
    }

    /// Stores `numSent` and `tracking` after a send or a forward.
    func saveCounts(_ db: StateDB) throws {
        try db.execute(
            sql: "UPDATE engage_mailing_reports SET num_sent = ?, tracking = ? WHERE report_id = ?",
            arguments: [numSent, JSONValue.object(tracking).serialized(), id])
    }

    /// Adds `amount` to tracking count `name`.
    mutating func count(_ name: String, by amount: Int = 1) {
        let current = tracking[name]?.numberValue?.integer.map(Int.init) ?? 0
        tracking[name] = .number(JSONNumber(current + amount))
    }

    var json: JSONValue {
        var object = JSONObject([
            ("reportID", .number(JSONNumber(id))), ("mailingID", .string(mailingID)), ("type", .string(type)),
            ("scheduledAt", .string(EngageTime.iso(scheduledAt))), ("numSent", .number(JSONNumber(numSent))),
            ("test", .bool(isTest)), ("tracking", .object(tracking)),
        ])
        if let listID { object["listID"] = .string(listID) }
        if let parentListID { object["parentListID"] = .string(parentListID) }
        if !topDomains.isEmpty { object["topDomains"] = .array(topDomains) }
        if !inboxMonitoring.isEmpty { object["inboxMonitoring"] = .array(inboxMonitoring) }
        if !clicks.isEmpty { object["clicks"] = .array(clicks) }
        if !tags.isEmpty { object["tags"] = .array(tags.map(JSONValue.string)) }
        return .object(object)
    }
}
