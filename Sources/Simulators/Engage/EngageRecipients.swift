import Foundation

/// The recipient database operations of §2.4 on the stateful lists: lookups by `RECIPIENT_ID`, `EMAIL`, key
/// columns, `SYNC_FIELDS` or `COLUMN`s (several matches: the oldest wins, as documented).
///
/// Faults: 124 `RECIPIENT_ID` not a number, 125 no or unknown `LIST_ID`, 119 `UPDATE_IF_FOUND` not true/false,
/// 121 no lookup given, 122 recipient already exists (AddRecipient without `UPDATE_IF_FOUND`), 128 not found,
/// 314 unknown column, 316/329 COLUMN/SYNC_FIELD without NAME, 303 column already exists and 304 unknown
/// `COLUMN_TYPE` (AddListColumn; ids chosen by the simulator).
struct EngageRecipients {
    let db: StateDB
    let now: Date

    func select(_ request: EngageRequest) throws -> EngageResult {
        let list = try database(request)
        let lookup = try criteria(request, list: list, includeEmail: true)
        guard !lookup.isEmpty || request.scalar("RECIPIENT_ID") != nil else {
            throw EngageFault(121, "No RECIPIENT_ID, EMAIL or COLUMN given to look the recipient up.")
        }
        guard let id = try find(request, list: list, criteria: lookup).first else {
            throw EngageFault.recipientNotFound
        }
        var result = try describe(id, list: list)
        if request.scalar("RETURN_CONTACT_LISTS")?.lowercased() == "true" {
            // The contact lists it belongs to (AddContactToContactList, EngageContactOperations).
            result.raw("<CONTACT_LISTS>")
            for contactList in try EngageContactStore.contactLists(db, recipient: id) {
                result.add("CONTACT_LIST_ID", contactList)
            }
            result.raw("</CONTACT_LISTS>")
        }
        return result
    }

    func add(_ request: EngageRequest) throws -> EngageResult {
        let list = try database(request)
        let updateIfFound = try flag(request.scalar("UPDATE_IF_FOUND"))
        let values = try assignments(request, list: list)
        var match: [(name: String, value: String)] = try resolve(request.syncFields(), list: list)
        if match.isEmpty, !list.keyColumns.isEmpty {
            let keyed = values.filter { value in list.keyColumns.contains { $0.lowercased() == value.name.lowercased() }
            }
            if keyed.count == list.keyColumns.count { match = keyed }
        }
        if !match.isEmpty, let existing = try matching(list: list, criteria: match).first {
            guard updateIfFound else { throw EngageFault(122, "Recipient already exists.") }
            try write(values, to: existing)
            try EngageContactStore.join(db, recipient: existing, of: list, request: request, now: now)
            return identified(existing)
        }
        let id = 100_000 + (try EngageSchema.next(db, counter: "recipient"))
        let stamp = EngageTime.listDate(now)
        try db.execute(
            sql: """
                INSERT INTO engage_recipients(recipient_id, list_id, created_from, created_at, modified_at)
                VALUES (?, ?, ?, ?, ?)
                """, arguments: [id, list.id, Int(request.scalar("CREATED_FROM") ?? "") ?? 1, stamp, stamp])
        for column in try list.columns(db) {
            try db.execute(
                sql: "INSERT INTO engage_recipient_values(recipient_id, name, value) VALUES (?, ?, ?)",
                arguments: [id, column.name, column.defaultValue])
        }
        try write(values, to: id)
        try EngageContactStore.join(db, recipient: id, of: list, request: request, now: now)
        return identified(id)
    }

    func update(_ request: EngageRequest) throws -> EngageResult {
        let list = try database(request)
        var values = try assignments(request, list: list, includeEmail: false)
        let id: Int
        if request.scalar("RECIPIENT_ID") != nil || request.scalar("OLD_EMAIL") != nil {
            let lookup = request.scalar("OLD_EMAIL").map { [(name: "Email", value: $0)] } ?? []
            guard let found = try find(request, list: list, criteria: lookup).first else {
                throw EngageFault.recipientNotFound
            }
            id = found
            if let email = request.scalar("EMAIL") { values.append((name: "Email", value: email)) }
        } else {
            var lookup = try resolve(request.syncFields(), list: list)
            if lookup.isEmpty, let email = request.scalar("EMAIL") { lookup = [(name: "Email", value: email)] }
            guard !lookup.isEmpty else {
                throw EngageFault(
                    123, "Unable to update recipient: give RECIPIENT_ID, OLD_EMAIL, EMAIL or SYNC_FIELDS.")
            }
            guard let found = try matching(list: list, criteria: lookup).first else {
                throw EngageFault.recipientNotFound
            }
            id = found
        }
        try write(values, to: id)
        return identified(id)
    }

    func remove(_ request: EngageRequest) throws -> EngageResult {
        let list = try database(request)
        let lookup = try criteria(request, list: list, includeEmail: true)
        let ids = try find(request, list: list, criteria: lookup)
        guard !ids.isEmpty else { throw EngageFault.recipientNotFound }
        for id in ids {
            try db.execute(sql: "DELETE FROM engage_recipients WHERE recipient_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM engage_recipient_values WHERE recipient_id = ?", arguments: [id])
        }
        var result = EngageResult()
        result.add("ORGANIZATION_ID", EngageSchema.organizationID)
        return result
    }

    func addListColumn(_ request: EngageRequest) throws -> EngageResult {
        let list = try database(request)
        guard let name = request.scalar("COLUMN_NAME"), !name.isEmpty else {
            throw EngageFault(316, "COLUMN_NAME is missing.")
        }
        guard let type = Int(request.scalar("COLUMN_TYPE") ?? ""), EngageList.columnTypes.contains(type) else {
            throw EngageFault(304, "COLUMN_TYPE must be one of the documented column type numbers.")
        }
        guard try list.column(db, named: name) == nil else {
            throw EngageFault(303, "Column '\(name)' already exists in list.")
        }
        let defaultValue = request.scalar("DEFAULT") ?? ""
        try list.addColumn(db, name: name, type: type, defaultValue: defaultValue)
        try db.execute(
            sql: """
                INSERT INTO engage_recipient_values(recipient_id, name, value)
                SELECT recipient_id, ?, ? FROM engage_recipients WHERE list_id = ?
                """, arguments: [name, defaultValue, list.id])
        return EngageResult()
    }

    func listMetaData(_ request: EngageRequest) throws -> EngageResult {
        guard let id = request.scalar("LIST_ID"), !id.isEmpty else { throw EngageFault(125, "LIST_ID is missing.") }
        guard let list = try EngageList.find(db, id: id) else { throw EngageFault(125, "List \(id) not found.") }
        var result = EngageResult()
        result.add("ID", list.id)
        result.add("NAME", list.name)
        result.add("TYPE", String(list.type.rawValue))
        result.add("ORGANIZATION_ID", EngageSchema.organizationID)
        result.raw("<KEY_COLUMNS>")
        for key in list.keyColumns { result.add("COLUMN", key) }
        result.raw("</KEY_COLUMNS><COLUMNS>")
        for column in try list.columns(db) {
            result.raw("<COLUMN>")
            result.add("NAME", column.name)
            result.add("TYPE", String(column.type))
            result.add("DEFAULT_VALUE", column.defaultValue)
            result.raw("</COLUMN>")
        }
        result.raw("</COLUMNS>")
        return result
    }

    // MARK: - Lookups

    private func database(_ request: EngageRequest) throws -> EngageList {
        guard let id = request.scalar("LIST_ID"), !id.isEmpty else { throw EngageFault(125, "LIST_ID is missing.") }
        guard let list = try EngageList.find(db, id: id), list.type == .database else {
            throw EngageFault(125, "List \(id) not found or is not a database.")
        }
        return list
    }

    private func flag(_ text: String?) throws -> Bool {
        guard let text else { return false }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: throw EngageFault(119, "UPDATE_IF_FOUND must be true or false.")
        }
    }

    /// `EMAIL` (as the `Email` column) and the `COLUMN`s, with list spellings.
    private func criteria(
        _ request: EngageRequest, list: EngageList, includeEmail: Bool
    ) throws -> [(
        name: String, value: String
    )] {
        var lookup = try resolve(request.columns(), list: list)
        if includeEmail, let email = request.scalar("EMAIL"), !lookup.contains(where: { $0.name == "Email" }) {
            lookup.append((name: "Email", value: email))
        }
        return lookup
    }

    /// The values to write: the `COLUMN`s and, when asked, `EMAIL` as the `Email` column.
    private func assignments(
        _ request: EngageRequest, list: EngageList, includeEmail: Bool = true
    ) throws -> [(
        name: String, value: String
    )] {
        var values = try resolve(request.columns(), list: list)
        if includeEmail, let email = request.scalar("EMAIL") { values.append((name: "Email", value: email)) }
        return values
    }

    private func resolve(
        _ pairs: [(name: String, value: String)], list: EngageList
    ) throws -> [(
        name: String, value: String
    )] {
        try pairs.map { pair in
            guard let column = try list.column(db, named: pair.name) else {
                throw EngageFault.columnNotFound(pair.name)
            }
            return (name: column.name, value: pair.value)
        }
    }

    /// The recipients of `RECIPIENT_ID` (when given), else those matching every criterion; oldest first.
    private func find(
        _ request: EngageRequest, list: EngageList, criteria: [(name: String, value: String)]
    ) throws
        -> [Int]
    {
        if let text = request.scalar("RECIPIENT_ID") {
            guard let id = Int(text) else { throw EngageFault(124, "Recipient ID \(text) is not valid.") }
            let exists = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT 1 FROM engage_recipients WHERE recipient_id = ? AND list_id = ?"),
                arguments: [id, list.id])
            return exists == true ? [id] : []
        }
        return try matching(list: list, criteria: criteria)
    }

    /// The recipients of `list` holding every criterion's value, oldest first (``EngageContactStore/matching(_:_:limit:)``).
    private func matching(list: EngageList, criteria: [(name: String, value: String)]) throws -> [Int] {
        try EngageContactStore(db: db, now: now).matching(list, criteria)
    }

    private func write(_ values: [(name: String, value: String)], to id: Int) throws {
        for value in values {
            try db.execute(
                sql: "INSERT INTO engage_recipient_values(recipient_id, name, value) VALUES (?, ?, ?) "
                    + "ON CONFLICT(recipient_id, name) DO UPDATE SET name = excluded.name, value = excluded.value",
                arguments: [id, value.name, value.value])
        }
        try db.execute(
            sql: "UPDATE engage_recipients SET modified_at = ? WHERE recipient_id = ?",
            arguments: [EngageTime.listDate(now), id])
    }

    private func identified(_ id: Int) -> EngageResult {
        var result = EngageResult()
        result.add("RecipientId", String(id))
        result.add("ORGANIZATION_ID", EngageSchema.organizationID)
        return result
    }

    /// The SelectRecipientData result of §2.5: email twice, ids, dates, then every list column.
    private func describe(_ id: Int, list: EngageList) throws -> EngageResult {
        let values = try EngageRecipients.values(db, recipient: id, list: list)
        let row = try StateRow.fetchOne(
            db.cachedStatement(
                sql: "SELECT created_from, created_at, modified_at FROM engage_recipients WHERE recipient_id = ?"),
            arguments: [id])
        let email = values.first { $0.name.lowercased() == "email" }?.value ?? ""
        var result = EngageResult()
        result.add("EMAIL", email)
        result.add("Email", email)
        result.add("RecipientId", String(id))
        result.add("EmailType", "0")
        result.add("LastModified", row?["modified_at"] ?? "")
        result.add("CreatedFrom", String(row?["created_from"] ?? 1))
        // Opt-in confirmed and opt-out recorded by DoubleOptInRecipient and OptOutRecipient (EngageContactOperations).
        let dates = try EngageContactStore.optDates(db, recipient: id)
        result.add("OptedIn", dates.optedIn ?? row?["created_at"] ?? "")
        result.add("OptedOut", dates.optedOut ?? "")
        result.add("ORGANIZATION_ID", EngageSchema.organizationID)
        result.addColumns(values.filter { $0.name.lowercased() != "email" })
        return result
    }

    /// A recipient's column values in the list's column order.
    static func values(_ db: StateDB, recipient id: Int, list: EngageList) throws -> [(name: String, value: String)] {
        try StateRow.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT c.name AS name, COALESCE(v.value, c.default_value) AS value FROM engage_columns c
                    LEFT JOIN engage_recipient_values v ON v.recipient_id = ? AND v.name = c.name
                    WHERE c.list_id = ? ORDER BY c.position
                    """), arguments: [id, list.id]
        ).map { (name: $0["name"], value: $0["value"]) }
    }
}
