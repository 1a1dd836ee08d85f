import Foundation
import JSONCore

/// PreviewMailing, GetMailingTemplates, ExportMailingTemplate, GetFolderPath and GetMessageGroupDetails.
struct EngageMailingTemplates {
    let db: StateDB
    let now: Date

    init(_ context: EngageOperationContext) {
        db = context.db
        now = context.now
    }

    // MARK: - PreviewMailing

    /// A mailing's bodies and spam score; with RecipientEmail, its `%%Column%%` personalization tags filled from that
    /// contact of the mailing's database. Faults: 100 no MailingId, 126 no such mailing, 128 no such contact.
    func preview(_ request: EngageRequest) throws -> EngageResult {
        let id = try request.required("MailingId")
        guard let mailing = try EngageMailing.find(db, id: id) else { throw EngageFault.mailingNotFound }
        var values: [(name: String, value: String)] = []
        if let email = request.scalar("RecipientEmail"), !email.isEmpty {
            let listID = mailing.listID ?? EngageSchema.defaultListID
            let sends = EngageMailingSends(db: db, now: now)
            guard let list = try EngageList.find(db, id: listID),
                let recipient = try sends.recipient(in: listID, matching: [(name: "Email", value: email)])
            else { throw EngageFault.recipientNotFound }
            values = try EngageRecipients.values(db, recipient: recipient, list: list)
        }
        var result = EngageResult()
        result.add("HTMLBody", Self.personalize(mailing.htmlBody, values))
        result.add("AOLBody", Self.personalize(mailing.aolBody, values))
        result.add("TextBody", Self.personalize(mailing.textBody, values))
        result.add("SpamScore", mailing.spamScore)
        return result
    }

    /// `text` with every `%%Name%%` whose name is one of `values` (case-insensitively) replaced by its value.
    static func personalize(_ text: String, _ values: [(name: String, value: String)]) -> String {
        guard !values.isEmpty else { return text }
        var output = ""
        var rest = text[...]
        while let open = rest.range(of: "%%") {
            output += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.range(of: "%%") else {
                rest = rest[open.lowerBound...]
                break
            }
            let name = after[..<close.lowerBound]
            if let value = values.first(where: { $0.name.lowercased() == name.lowercased() }) {
                output += value.value
            } else {
                output += rest[open.lowerBound..<close.upperBound]
            }
            rest = after[close.upperBound...]
        }
        return output + rest
    }

    // MARK: - GetMailingTemplates

    /// The templates, oldest change first, of VISIBILITY 0 (private) or 1 (shared), both when it is absent (the PHP
    /// connector never sends it; assumed), changed in the LAST_MODIFIED range, CRM-enabled only with IS_CRM_ENABLED.
    /// Faults: 104 another VISIBILITY, 184 an unreadable date.
    func templates(_ request: EngageRequest) throws -> EngageResult {
        var visibility: Int?
        if let text = request.scalar("VISIBILITY"), !text.isEmpty {
            guard let value = Int(text), value == 0 || value == 1 else { throw EngageFault.visibilityNotValid }
            visibility = value
        }
        let start =
            try request.date("LAST_MODIFIED_START_DATE", required: false)
            ?? request.date("LAST_MODIFIED_TIME_START", required: false) ?? .distantPast
        let end =
            try request.date("LAST_MODIFIED_END_DATE", required: false)
            ?? request.date("LAST_MODIFIED_TIME_END", required: false) ?? .distantFuture
        let rows = try StateRow.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM engage_mailings WHERE kind = 'Template' AND last_modified BETWEEN ? AND ?
                    ORDER BY last_modified, mailing_id
                    """), arguments: [start.timeIntervalSince1970, end.timeIntervalSince1970])
        let crmOnly = request.isOn("IS_CRM_ENABLED")
        var result = EngageResult()
        for template in rows.map(EngageMailing.init(row:)) {
            if let visibility, template.visibility != visibility { continue }
            if crmOnly && !template.crmEnabled { continue }
            var xml = "<MAILING_TEMPLATE>"
            for (name, value) in [
                ("MAILING_ID", template.id), ("MAILING_NAME", template.name), ("SUBJECT", template.subject),
                ("LAST_MODIFIED", EngageMailingTime.short(template.lastModified)),
                ("VISIBILITY", template.visibilityName), ("USER_ID", template.userID), ("FLAGGED_FOR_BACKUP", "false"),
                ("ALLOW_CRM_BLOCK", template.crmEnabled ? "true" : "false"),
            ] {
                xml += "<\(name)>\(XMLText.text(value))</\(name)>"
            }
            result.raw(xml + "</MAILING_TEMPLATE>")
        }
        return result
    }

    // MARK: - ExportMailingTemplate

    /// The FILE_PATH a template is exported to, `<template id>_<yyyyMMddHHmmss>_template.zip` on the simulator clock
    /// (assumed: the clients read FILE_PATH, no source shows one). Faults: 100 no TEMPLATE_ID, 126 no such template.
    func export(_ request: EngageRequest) throws -> EngageResult {
        let id = try request.required("TEMPLATE_ID")
        guard let template = try EngageMailing.find(db, id: id), template.kind == .template else {
            throw EngageFault.mailingNotFound
        }
        let stamp = EngageMailingTime.timestamp(now).filter(\.isNumber).dropLast()
        var result = EngageResult()
        result.add("FILE_PATH", "\(template.id)_\(stamp)_template.zip")
        return result
    }

    // MARK: - GetFolderPath

    /// The path of FOLDER_ID, or of OBJECT_ID's folder with its OBJECT_SUB_TYPE. Faults: 100 no OBJECT_TYPE, or
    /// neither FOLDER_ID nor OBJECT_ID; 323 a data FOLDER_ID that is not a number; 325 an unknown folder; 126 an
    /// unknown mailing; 106 an unknown list; 51 an OBJECT_TYPE other than Data or Mailing (assumed).
    func folderPath(_ request: EngageRequest) throws -> EngageResult {
        let type = try request.required("OBJECT_TYPE")
        guard type == "Data" || type == "Mailing" else {
            throw EngageFault.invalidXML("OBJECT_TYPE must be Data or Mailing")
        }
        let folders = EngageMailingFolders(db: db)
        var result = EngageResult()
        if let folderID = request.scalar("FOLDER_ID"), !folderID.isEmpty {
            if type == "Data", Int(folderID) == nil {
                throw EngageFault(323, "Specified folder ID must be a number.")
            }
            guard let path = try folders.path(of: folderID, type: type) else {
                throw EngageFault(325, "Specified folder ID does not exist.")
            }
            result.add("FOLDER_PATH", path)
            return result
        }
        guard let objectID = request.scalar("OBJECT_ID"), !objectID.isEmpty else {
            throw EngageFault.notProvided("FOLDER_ID")
        }
        if type == "Mailing" {
            guard let mailing = try EngageMailing.find(db, id: objectID) else { throw EngageFault.mailingNotFound }
            let root = mailing.visibility == 0 ? "Private" : "Shared"
            result.add(
                "FOLDER_PATH", try mailing.folderID.flatMap { try folders.path(of: $0, type: "Mailing") } ?? root)
            let subType: String =
                switch mailing.kind {
                case .template: "Template"
                case .sent: "Sent"
                case .autoresponder: mailing.active ? "Autoresponder" : "Inactive Autoresponder"
                }
            result.add("OBJECT_SUB_TYPE", subType)
        } else {
            guard let list = try EngageMailingLists(db: db).find(objectID) else { throw EngageFault.listNotValid }
            result.add("FOLDER_PATH", try folders.dataPath(of: objectID))
            result.add("OBJECT_SUB_TYPE", EngageMailingLists.subType(list.type))
        }
        return result
    }

    // MARK: - GetMessageGroupDetails

    /// An automated message group, in the reference's element order (an optional element only when it has a value).
    /// Faults: 100 no MESSAGE_GROUP_ID; 51 an unknown group (assumed: no fault for it is documented).
    func messageGroup(_ request: EngageRequest) throws -> EngageResult {
        let id = try request.required("MESSAGE_GROUP_ID")
        guard
            let row = try StateRow.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM engage_message_groups WHERE message_group_id = ?"),
                arguments: [id])
        else { throw EngageFault.invalidXML("MESSAGE_GROUP_ID \(id) is not an automated message group") }
        var result = EngageResult()
        for (element, column, always) in [
            ("USER_ID", "user_id", true), ("NAME", "name", true), ("STATUS", "status", true), ("NOTES", "notes", false),
            ("LIST_ID", "list_id", true), ("EVENT_TRIGGER", "event_trigger", true),
            ("TRACKING_LEVEL", "tracking_level", true), ("CUSTOM_EVENT_DATE_COLUMN", "custom_event_date_column", false),
            ("CALENDAR_DATE", "calendar_date", false), ("SEND_PREVIOUS", "send_previous", false),
            ("ACTIVATION_DATE", "activation_date", false), ("COMPLETION_DATE", "completion_date", false),
        ] {
            let value: String = row[column]
            if always || !value.isEmpty { result.add(element, value) }
        }
        return result
    }

    static let messageGroupColumns = [
        ("userID", "user_id"), ("name", "name"), ("status", "status"), ("notes", "notes"), ("listID", "list_id"),
        ("eventTrigger", "event_trigger"), ("trackingLevel", "tracking_level"),
        ("customEventDateColumn", "custom_event_date_column"), ("calendarDate", "calendar_date"),
        ("sendPrevious", "send_previous"), ("activationDate", "activation_date"),
        ("completionDate", "completion_date"),
    ]
}
