import Foundation
import JSONCore
import LibXML

/// OptOutRecipient, DoubleOptInRecipient, Login, Logout and AddContactToProgram.
extension EngageContactOperations {
    /// OptOutRecipient (https://developer.goacoustic.com/acoustic-campaign/reference/optoutrecipient): the contacts of
    /// `EMAIL` (every contact with that address, narrowed by any key `COLUMN`s), or the one of a personalised opt-out
    /// link (`MAILING_ID`, `RECIPIENT_ID` and `JOB_ID` together), are opted out now.
    ///
    /// Faults: 125 no or unknown `LIST_ID` ("Database does not exist"), 100 a link element without the other two and
    /// no `EMAIL` ("Missing parameters when opting out for a particular mailing"), 100 neither `EMAIL` nor a link,
    /// 124 a `RECIPIENT_ID` that is not a number, 314 an unknown `COLUMN`, 128 no such contact (assumed: the reference
    /// lists the categories, not the ids). `SUCCESS` is `TRUE` (the Java client also accepts the literal `SUCCESS`).
    static func optOutRecipient(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult {
        let store = EngageContactStore(db: context.db, now: context.now)
        let list = try store.database(request.scalar("LIST_ID"))
        let email = request.scalar("EMAIL").flatMap { $0.isEmpty ? nil : $0 }
        let link = ["MAILING_ID", "RECIPIENT_ID", "JOB_ID"].map { (name: $0, value: request.scalar($0)) }
        let ids: [Int]
        if email == nil, link.contains(where: { $0.value != nil }) {
            if let missing = link.first(where: { ($0.value ?? "").isEmpty }) {
                throw EngageContactStore.notProvided(missing.name)
            }
            let id = try store.recipientID(link[1].value ?? "")
            guard try store.isMember(id, of: list) else { throw EngageFault.recipientNotFound }
            ids = [id]
        } else {
            guard let email else { throw EngageContactStore.notProvided("EMAIL") }
            let criteria = try store.resolve([(name: "Email", value: email)] + request.columns(), in: list)
            ids = try store.matching(list, criteria)
        }
        guard let first = ids.first else { throw EngageFault.recipientNotFound }
        for id in ids {
            try store.optOut(id, of: list, mailingID: link[0].value, jobID: link[2].value)
        }
        try store.touch(list.id)
        var result = EngageResult()
        result.add("RecipientId", String(first))
        result.add("ORGANIZATION_ID", EngageSchema.organizationID)
        return result
    }

    /// DoubleOptInRecipient (https://developer.goacoustic.com/acoustic-campaign/reference/double-optin-a-contact): confirms
    /// the contact of the Email column (found by the database's key columns when it has some, else by Email; added
    /// when there is none, `CreatedFrom` 2 "opted in"); the columns given override its values, `OptedIn` becomes now
    /// and an opt-out is undone.
    ///
    /// Faults: 125 no or unknown `LIST_ID`, 121 no Email column ("a node must exist for the Email column"), 1006 a key
    /// column missing, 316 a `COLUMN` without `NAME`, 314 an unknown column, 117/118 `ALLOW_HTML` (or `AUTO_HTML`) /
    /// `SEND_AUTOREPLY` not true or false. `EMAIL_TYPE` names the system field and is not stored (assumed).
    static func doubleOptInRecipient(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult
    {
        let store = EngageContactStore(db: context.db, now: context.now)
        let list = try store.database(request.scalar("LIST_ID"))
        _ = try store.flag(request, "SEND_AUTOREPLY", invalid: EngageFault(118, "ERR_INVALID_SEND_AUTOREPLY"))
        for name in ["ALLOW_HTML", "AUTO_HTML"] {
            _ = try store.flag(request, name, invalid: EngageFault(117, "ERR_INVALID_ALLOW_HTML"))
        }
        let given = try request.columns().filter { $0.name.uppercased() != "EMAIL_TYPE" }
        guard let email = given.last(where: { $0.name.uppercased() == "EMAIL" })?.value, !email.isEmpty else {
            throw EngageFault(121, "Unable to add recipient. No EMAIL provided.")
        }
        let values = try store.resolve(given, in: list)
        var lookup: [(name: String, value: String)] = []
        if list.keyColumns.isEmpty {
            lookup = try store.resolve([(name: "Email", value: email)], in: list)
        } else {
            for key in list.keyColumns {
                guard let value = values.last(where: { $0.name.lowercased() == key.lowercased() }) else {
                    throw EngageFault(1006, "Missing Recipient Key Info: key column '\(key)' is required.")
                }
                lookup.append(value)
            }
        }
        var operation = [XML.Element("LIST_ID", text: list.id)]
        operation += values.map { column($0.name, $0.value) }
        let written: EngageResult
        if let existing = try store.matching(list, lookup, limit: 1).first {
            operation.append(XML.Element("RECIPIENT_ID", text: String(existing)))
            written = try context.recipients.update(
                EngageRequest(element: XML.Element("UpdateRecipient", elements: operation)))
        } else {
            operation.append(XML.Element("CREATED_FROM", text: "2"))
            written = try context.recipients.add(
                EngageRequest(element: XML.Element("AddRecipient", elements: operation)))
        }
        guard let id = try XMLEnvelope.operation(written.envelope).first("RecipientId").flatMap({ Int($0.text) }) else {
            throw EngageFault(120, "Error saving recipient to the database.")
        }
        try store.optIn(id, of: list)
        var result = EngageResult()
        result.add("RecipientId", String(id))
        result.add("ORGANIZATION_ID", EngageSchema.organizationID)
        return result
    }

    static func column(_ name: String, _ value: String) -> XML.Element {
        XML.Element("COLUMN", elements: [XML.Element("NAME", text: name), XML.Element("VALUE", text: value)])
    }

    /// Login (https://developer.goacoustic.com/acoustic-campaign/reference/legacy-authentication-method-jsessionid-user-sessions):
    /// a user of `engage_users` (``demoUser`` and the admin API's) gets a new `SESSIONID` and its `SESSION_ENCODING`.
    /// An unknown (or missing) `USERNAME` is fault 140 of class SP.Admin, "Unable to login user: … - USER_NOT_FOUND."
    /// (github:tsinghtao/SilverpopPHP/spec/Silverpop/Util/ConnectorSpec.php); a wrong `PASSWORD` is the same fault
    /// with INVALID_PASSWORD (assumed reason).
    static func login(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult {
        let username = request.scalar("USERNAME") ?? ""
        guard
            let password = try String.fetchOne(
                context.db.cachedStatement(sql: "SELECT password FROM engage_users WHERE username = ?"),
                arguments: [username])
        else {
            throw EngageFault(140, "Unable to login user: \(username) - USER_NOT_FOUND.", class: "SP.Admin")
        }
        guard password == request.element.first("PASSWORD")?.text else {
            throw EngageFault(140, "Unable to login user: \(username) - INVALID_PASSWORD.", class: "SP.Admin")
        }
        let session = String(format: "SIM%029ld", try EngageSchema.next(context.db, counter: "session"))
        try context.db.execute(
            sql: "INSERT INTO engage_sessions(session_id, username, created_at) VALUES (?, ?, ?)",
            arguments: [session, username, EngageTime.iso(context.now)])
        var result = EngageResult()
        result.add("SESSIONID", session)
        result.add("SESSION_ENCODING", ";jsessionid=\(session)")
        result.add("ORGANIZATION_ID", EngageSchema.organizationID)
        return result
    }

    /// Logout: succeeds. The session to close rides on the URL (`;jsessionid=…`), which the SDK never sends (it
    /// authenticates with a bearer token), so nothing is closed (assumed).
    static func logout(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult {
        EngageResult()
    }

    /// AddContactToProgram (https://developer.goacoustic.com/acoustic-campaign/reference/addcontacttoprogram): the
    /// contact joins the program. Every documented refusal is fault 653 of class SP.API, the id third-party code
    /// records for "The specified program status is Inactive and not accepting new contacts." (assumed for the
    /// other refusals): the program does not exist, is Pending, Inactive or Completed, has its Last Contact Add Date
    /// in the past, the contact is not in the program's database, or is already an active participant. A missing
    /// `PROGRAM_ID` or `CONTACT_ID` is fault 100, a `CONTACT_ID` that is not a number 124.
    static func addContactToProgram(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult
    {
        let store = EngageContactStore(db: context.db, now: context.now)
        let programText = try store.required(request, "PROGRAM_ID")
        let contact = try store.recipientID(try store.required(request, "CONTACT_ID"))
        guard let programID = Int(programText),
            let program = try StateRow.fetchOne(
                context.db.cachedStatement(sql: "SELECT * FROM engage_programs WHERE program_id = ?"),
                arguments: [programID])
        else { throw programRefusal("The specified PROGRAM_ID does not exist.") }
        switch program["status"] as String {
        case "PENDING": throw programRefusal("The specified program status is Pending and not accepting new contacts.")
        case "INACTIVE":
            throw programRefusal("The specified program status is Inactive and not accepting new contacts.")
        case "COMPLETED":
            throw programRefusal("The specified program status is Completed and not accepting new contacts.")
        default: break
        }
        if let lastAdd: Double = program["last_contact_add_date"], lastAdd < context.now.timeIntervalSince1970 {
            throw programRefusal("The specified PROGRAM_ID has a Last Contact Add Date in the past.")
        }
        guard let list = try EngageList.find(context.db, id: program["list_id"]), try store.isMember(contact, of: list)
        else {
            throw programRefusal("The specified CONTACT_ID is not in the database that is associated with the Program.")
        }
        let active = try Bool.fetchOne(
            context.db.cachedStatement(
                sql: "SELECT 1 FROM engage_program_contacts WHERE program_id = ? AND recipient_id = ?"),
            arguments: [programID, contact])
        guard active != true else {
            throw programRefusal("The specified CONTACT_ID is already an active participant in the Program.")
        }
        try context.db.execute(
            sql: "INSERT INTO engage_program_contacts(program_id, recipient_id, added_at) VALUES (?, ?, ?)",
            arguments: [programID, contact, EngageTime.listDate(context.now)])
        return EngageResult()
    }

    private static func programRefusal(_ message: String) -> EngageFault { EngageFault(653, message) }
}
