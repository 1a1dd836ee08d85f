import CassetteKit
import Foundation
import JSONCore

/// The admin routes of ``EngageMailingOperations`` (the table in its documentation): demo mailings, sendings, sends,
/// folders and message groups a user seeds before driving the XMLAPI.
enum EngageMailingAdmin {
    static func respond(
        _ method: String, _ route: [String], body: JSONValue, db: StateDB, now: Date
    ) throws -> CassetteResponse? {
        switch (method, route.first, route.count) {
        case ("GET", "mailings", 1):
            let rows = try StateRow.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM engage_mailings ORDER BY mailing_id"))
            return .json(status: 200, ["mailings": .array(rows.map { EngageMailing(row: $0).json })])
        case ("POST", "mailings", 1):
            return try createMailing(body, db: db, now: now)
        case ("GET", "mailings", 2):
            guard let mailing = try EngageMailing.find(db, id: route[1]) else { return notFound(route[1]) }
            return .json(status: 200, try describe(mailing, db: db))
        case ("POST", "mailings", 3) where route[2] == "reports":
            guard let mailing = try EngageMailing.find(db, id: route[1]) else { return notFound(route[1]) }
            return try addReport(body, to: mailing, db: db, now: now)
        case ("POST", "mailings", 3) where route[2] == "sends":
            guard let mailing = try EngageMailing.find(db, id: route[1]) else { return notFound(route[1]) }
            return try addSend(body, of: mailing, db: db, now: now)
        case ("GET", "mailing-folders", 1):
            let rows = try StateRow.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM engage_mailing_folders ORDER BY object_type, path"))
            return .json(
                status: 200,
                [
                    "folders": .array(
                        rows.map {
                            [
                                "folderID": .string($0["folder_id"]), "objectType": .string($0["object_type"]),
                                "path": .string($0["path"]),
                            ]
                        })
                ])
        case ("POST", "mailing-folders", 1):
            return try createFolder(body, db: db)
        case ("GET", "message-groups", 1):
            let rows = try StateRow.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM engage_message_groups ORDER BY message_group_id"))
            return .json(status: 200, ["messageGroups": .array(rows.map(messageGroup))])
        case ("POST", "message-groups", 1):
            return try createMessageGroup(body, db: db)
        default:
            return nil
        }
    }

    private static func notFound(_ id: String) -> CassetteResponse { EngageAdmin.problem(404, "no mailing \(id)") }

    private static func text(_ body: JSONValue, _ key: String) -> String? { body[key]?.stringValue }

    private static func date(_ body: JSONValue, _ key: String) -> Date?? {
        guard let value = body[key] else { return .some(nil) }
        guard let text = value.stringValue, let date = RFC3339.date(from: text) else { return nil }
        return .some(date)
    }

    // MARK: - Mailings

    private static func createMailing(_ body: JSONValue, db: StateDB, now: Date) throws -> CassetteResponse {
        guard let name = text(body, "name"), !name.isEmpty else { return EngageAdmin.problem(400, "name is required") }
        guard let kind = EngageMailing.Kind(rawValue: text(body, "kind") ?? "Template") else {
            return EngageAdmin.problem(400, "kind must be Template, Autoresponder or Sent")
        }
        let type = text(body, "type") ?? (kind == .autoresponder ? "Automated" : "Standard")
        guard EngageMailing.types.contains(type) else {
            return EngageAdmin.problem(400, "type must be one of \(EngageMailing.types.joined(separator: ", "))")
        }
        let id: String
        if let given = text(body, "mailingID") {
            guard !given.isEmpty, given.allSatisfy(\.isNumber) else {
                return EngageAdmin.problem(400, "mailingID must be a number")
            }
            guard try EngageMailing.find(db, id: given) == nil else {
                return EngageAdmin.problem(409, "mailing \(given) exists")
            }
            id = given
        } else {
            id = try EngageMailing.newID(db)
        }
        guard let modified = date(body, "lastModified") else {
            return EngageAdmin.problem(400, "lastModified must be an RFC 3339 date-time")
        }
        var mailing = EngageMailing(id: id, name: name, kind: kind, type: type, lastModified: modified ?? now)
        let visibility = body["visibility"]?.numberValue?.integer ?? 1
        guard visibility == 0 || visibility == 1 else { return EngageAdmin.problem(400, "visibility must be 0 or 1") }
        mailing.visibility = Int(visibility)
        mailing.active = body["active"]?.boolValue ?? true
        mailing.crmEnabled = body["crmEnabled"]?.boolValue ?? false
        for (key, keyPath) in [
            ("subject", \EngageMailing.subject), ("fromName", \.fromName), ("fromAddress", \.fromAddress),
            ("replyTo", \.replyTo), ("htmlBody", \.htmlBody), ("textBody", \.textBody), ("aolBody", \.aolBody),
            ("spamScore", \.spamScore), ("userName", \.userName), ("userEmail", \.userEmail),
        ] {
            if let value = text(body, key) { mailing[keyPath: keyPath] = value }
        }
        mailing.userEmail = mailing.userEmail.lowercased()
        mailing.folderID = text(body, "folderID")
        mailing.listID = text(body, "listID") ?? (kind == .template ? nil : EngageSchema.defaultListID)
        mailing.templateID = text(body, "templateID")
        if let listID = mailing.listID, try !EngageMailingLists(db: db).exists(listID) {
            return EngageAdmin.problem(400, "no list \(listID)")
        }
        try mailing.insert(db)
        return .json(status: 201, mailing.json)
    }

    private static func describe(_ mailing: EngageMailing, db: StateDB) throws -> JSONValue {
        guard var object = mailing.json.objectValue else { return mailing.json }
        let reports = try StateRow.fetchAll(
            db.cachedStatement(
                sql: "SELECT * FROM engage_mailing_reports WHERE mailing_id = ? ORDER BY scheduled_at, report_id"),
            arguments: [mailing.id])
        object["reports"] = .array(reports.map { EngageMailingReport(row: $0).json })
        let sends = try StateRow.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM engage_mailing_sends WHERE mailing_id = ? ORDER BY send_id"),
            arguments: [mailing.id])
        object["sends"] = .array(
            sends.map {
                [
                    "sendID": .number(JSONNumber($0["send_id"] as Int)),
                    "reportID": .number(JSONNumber($0["report_id"] as Int)),
                    "listID": .string($0["list_id"]), "recipientID": .number(JSONNumber($0["recipient_id"] as Int)),
                    "sentAt": .string(EngageTime.iso(Date(timeIntervalSince1970: $0["sent_at"]))),
                    "sureFromCode": .string($0["sure_from_code"]),
                    "totals": (try? JSONValue(parsing: $0["totals"] as String)) ?? .object(JSONObject()),
                ]
            })
        return .object(object)
    }

    // MARK: - Reports and sends

    private static func numbers(_ value: JSONValue?, allowed: [String]) -> JSONObject?? {
        guard let value else { return .some(nil) }
        guard let object = value.objectValue,
            object.allSatisfy({ allowed.contains($0.key) && $0.value.numberValue != nil })
        else { return nil }
        return .some(object)
    }

    private static func addReport(
        _ body: JSONValue, to mailing: EngageMailing, db: StateDB, now: Date
    ) throws -> CassetteResponse {
        guard mailing.kind != .template else {
            return EngageAdmin.problem(400, "a template is not sent; schedule a mailing made from it")
        }
        guard let scheduled = date(body, "scheduledAt") else {
            return EngageAdmin.problem(400, "scheduledAt must be an RFC 3339 date-time")
        }
        let id: Int
        if let given = body["reportID"] {
            guard let number = given.numberValue?.integer, number > 0 else {
                return EngageAdmin.problem(400, "reportID must be a positive whole number")
            }
            guard try EngageMailingReport.find(db, id: Int(number)) == nil else {
                return EngageAdmin.problem(409, "report \(number) exists")
            }
            id = Int(number)
        } else {
            id = try EngageMailingReport.newID(db)
        }
        guard let tracking = numbers(body["tracking"], allowed: EngageMailingReports.metrics) else {
            return EngageAdmin.problem(
                400,
                "tracking must map metric names (\(EngageMailingReports.metrics.joined(separator: ", "))) to numbers")
        }
        var report = EngageMailingReport(mailing: mailing, id: id, scheduledAt: scheduled ?? now)
        report.listID = text(body, "listID") ?? mailing.listID
        report.parentListID = text(body, "parentListID")
        let sent = body["numSent"]?.numberValue?.integer ?? 0
        guard sent >= 0 else { return EngageAdmin.problem(400, "numSent must not be negative") }
        report.numSent = Int(sent)
        report.isTest = body["test"]?.boolValue ?? false
        report.tracking = tracking ?? JSONObject()
        for (key, keyPath) in [
            ("topDomains", \EngageMailingReport.topDomains), ("inboxMonitoring", \.inboxMonitoring),
            ("clicks", \.clicks),
        ] {
            guard let value = body[key] else { continue }
            guard let items = value.arrayValue, items.allSatisfy({ $0.objectValue != nil }) else {
                return EngageAdmin.problem(400, "\(key) must be an array of objects")
            }
            report[keyPath: keyPath] = items
        }
        report.tags = body["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
        try report.insert(db)
        return .json(status: 201, report.json)
    }

    private static func addSend(
        _ body: JSONValue, of mailing: EngageMailing, db: StateDB, now: Date
    ) throws -> CassetteResponse {
        guard mailing.kind != .template else { return EngageAdmin.problem(400, "a template is not sent") }
        guard let recipient = body["recipientID"]?.numberValue?.integer.map(Int.init) else {
            return EngageAdmin.problem(400, "recipientID is required (a whole number)")
        }
        let listID = text(body, "listID") ?? mailing.listID ?? EngageSchema.defaultListID
        let sends = EngageMailingSends(db: db, now: now)
        guard try sends.isMember(recipient, of: listID) else {
            return EngageAdmin.problem(400, "recipient \(recipient) is not in list \(listID)")
        }
        guard let sentAt = date(body, "sentAt") else {
            return EngageAdmin.problem(400, "sentAt must be an RFC 3339 date-time")
        }
        let code = text(body, "sureFromCode")
        if let code {
            guard !code.isEmpty, !code.contains(where: \.isWhitespace) else {
                return EngageAdmin.problem(400, "sureFromCode must be text without spaces")
            }
            let taken = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT 1 FROM engage_mailing_sends WHERE sure_from_code = ?"),
                arguments: [code])
            guard taken != true else { return EngageAdmin.problem(409, "sureFromCode \(code) is taken") }
        }
        guard let totals = numbers(body["totals"], allowed: EngageMailingSends.totals) else {
            return EngageAdmin.problem(
                400, "totals must map \(EngageMailingSends.totals.joined(separator: ", ")) to numbers")
        }
        let sent = try sends.record(
            mailing, recipient: recipient, listID: listID, at: sentAt, code: code, totals: totals ?? JSONObject())
        return .json(
            status: 201,
            [
                "sendID": .number(JSONNumber(sent.sendID)), "reportID": .number(JSONNumber(sent.reportID)),
                "sureFromCode": .string(sent.code),
                "encodedRecipientID": .string(EngageMailingSends.encodeRecipientID(recipient)),
            ])
    }

    // MARK: - Folders and message groups

    private static func createFolder(_ body: JSONValue, db: StateDB) throws -> CassetteResponse {
        let type = text(body, "objectType") ?? "Mailing"
        guard type == "Mailing" || type == "Data" else {
            return EngageAdmin.problem(400, "objectType must be Mailing or Data")
        }
        guard let path = text(body, "path"), path.hasPrefix("Shared/") || path.hasPrefix("Private/") else {
            return EngageAdmin.problem(400, "path must start at Shared/ or Private/")
        }
        let folders = EngageMailingFolders(db: db)
        guard try folders.id(ofPath: path, type: type) == nil else {
            return EngageAdmin.problem(409, "\(type) folder \(path) exists")
        }
        let given = text(body, "folderID")
        if let given {
            guard type == "Mailing" || Int(given) != nil else {
                return EngageAdmin.problem(400, "a Data folderID is a number")
            }
            guard try folders.path(of: given, type: type) == nil else {
                return EngageAdmin.problem(409, "folder \(given) exists")
            }
        }
        let lists = body["lists"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard type == "Data" || lists.isEmpty else { return EngageAdmin.problem(400, "only a Data folder holds lists") }
        for list in lists where try !EngageMailingLists(db: db).exists(list) {
            return EngageAdmin.problem(400, "no list \(list)")
        }
        let id = try folders.create(path: path, type: type, id: given)
        for list in lists {
            try db.execute(
                sql: "INSERT INTO engage_mailing_data_folders(list_id, folder_id) VALUES (?, ?) "
                    + "ON CONFLICT(list_id) DO UPDATE SET folder_id = excluded.folder_id",
                arguments: [list, id])
        }
        return .json(
            status: 201,
            [
                "folderID": .string(id), "objectType": .string(type), "path": .string(path),
                "lists": .array(lists.map(JSONValue.string)),
            ])
    }

    private static func messageGroup(_ row: StateRow) -> JSONValue {
        var object = JSONObject([("messageGroupID", .string(row["message_group_id"]))])
        for (key, column) in EngageMailingTemplates.messageGroupColumns { object[key] = .string(row[column]) }
        return .object(object)
    }

    private static func createMessageGroup(_ body: JSONValue, db: StateDB) throws -> CassetteResponse {
        guard let name = text(body, "name"), !name.isEmpty else { return EngageAdmin.problem(400, "name is required") }
        let id: String
        if let given = text(body, "messageGroupID") {
            guard !given.isEmpty, given.allSatisfy(\.isNumber) else {
                return EngageAdmin.problem(400, "messageGroupID must be a number")
            }
            id = given
        } else {
            id = String(60_000 + (try EngageSchema.next(db, counter: "messageGroup")))
        }
        let taken = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM engage_message_groups WHERE message_group_id = ?"), arguments: [id])
        guard taken != true else { return EngageAdmin.problem(409, "message group \(id) exists") }
        let status = text(body, "status") ?? "Draft"
        guard ["Draft", "Active", "Canceled", "Completed"].contains(status) else {
            return EngageAdmin.problem(400, "status must be Draft, Active, Canceled or Completed")
        }
        let listID = text(body, "listID") ?? EngageSchema.defaultListID
        guard listID.allSatisfy(\.isNumber), try EngageMailingLists(db: db).exists(listID) else {
            return EngageAdmin.problem(400, "no list \(listID)")
        }
        var values: [String: String] = [
            "user_id": EngageMailingDemo.apiUserID, "name": name, "status": status, "list_id": listID,
            "event_trigger": "None", "tracking_level": "Unique",
        ]
        for (key, column) in EngageMailingTemplates.messageGroupColumns {
            if let value = text(body, key), key != "name", key != "status", key != "listID" { values[column] = value }
        }
        let columns = EngageMailingTemplates.messageGroupColumns.map(\.1)
        try db.execute(
            sql: """
                INSERT INTO engage_message_groups(message_group_id, \(columns.joined(separator: ", ")))
                VALUES (?\(String(repeating: ", ?", count: columns.count)))
                """,
            arguments: StateArguments([id] + columns.map { values[$0] ?? "" }))
        guard
            let row = try StateRow.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM engage_message_groups WHERE message_group_id = ?"),
                arguments: [id])
        else { return EngageAdmin.problem(500, "message group \(id) was not stored") }
        return .json(status: 201, messageGroup(row))
    }
}
