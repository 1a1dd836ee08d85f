import Foundation
import JSONCore
import LibXML

/// What the group A operations (``EngageContactOperations``) share: required elements and their faults, lists of every
/// kind (databases and relational tables in `engage_lists`, contact lists and queries in `engage_sublists`), their
/// details and counts, recipient lookups by column values, and opt-in / opt-out state.
///
/// Every lookup goes through a primary key or an index, so a request costs the same however many recipients and rows
/// are stored; only the data jobs (SetColumnValue, DeleteTable) touch every member of the list they act on.
struct EngageContactStore {
    let db: StateDB
    let now: Date

    // MARK: - Required elements

    /// The trimmed, non-empty text of `name`, else fault 100 "Parameter … was not provided in API call." (the
    /// SDK's XMLAPIErrorCode 100, for an element no more specific fault names).
    func required(_ request: EngageRequest, _ name: String) throws -> String {
        guard let text = request.scalar(name), !text.isEmpty else { throw Self.notProvided(name) }
        return text
    }

    static func notProvided(_ name: String) -> EngageFault {
        EngageFault(100, "Parameter \(name) was not provided in API call.")
    }

    /// A `true`/`false` element (any case), nil when absent; anything else is `invalid`.
    func flag(_ request: EngageRequest, _ name: String, invalid: EngageFault) throws -> Bool? {
        guard let text = request.scalar(name) else { return nil }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: throw invalid
        }
    }

    /// `VISIBILITY` 0 (private) or 1 (shared): fault 100 when required and absent, 104 "Visibility is not valid."
    /// otherwise.
    func visibility(_ request: EngageRequest, _ name: String = "VISIBILITY", required: Bool) throws -> Int? {
        guard let text = request.scalar(name), !text.isEmpty else {
            if required { throw Self.notProvided(name) }
            return nil
        }
        guard let value = Int(text), value == 0 || value == 1 else {
            throw EngageFault(104, "Visibility is not valid.")
        }
        return value
    }

    func requiredVisibility(_ request: EngageRequest, _ name: String = "VISIBILITY") throws -> Int {
        guard let value = try visibility(request, name, required: true) else { throw Self.notProvided(name) }
        return value
    }

    /// Whether `text` is one or more ASCII digits.
    static func isDigits(_ text: String) -> Bool { !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) } }

    // MARK: - Lists

    /// The database `id` names (element `element`): fault 125 when absent, unknown or not a database, as the recipient
    /// operations answer.
    func database(_ id: String?, element: String = "LIST_ID") throws -> EngageList {
        guard let id, !id.isEmpty else { throw EngageFault(125, "\(element) is missing.") }
        guard let list = try EngageList.find(db, id: id), list.type == .database else {
            throw EngageFault(125, "List \(id) not found or is not a database.")
        }
        return list
    }

    /// The relational table `id` names: fault 125 when absent or unknown, as InsertUpdateRelationalTable answers.
    func relationalTable(_ id: String?) throws -> EngageList {
        guard let id, !id.isEmpty else { throw EngageFault(125, "TABLE_ID is missing.") }
        guard let table = try EngageList.find(db, id: id), table.type == .relationalTable else {
            throw EngageFault(125, "Relational table \(id) not found.")
        }
        return table
    }

    /// A list of `type` found by name (names match case-insensitively; a folder path before the last `/` is
    /// ignored) and, when given, visibility.
    func list(named path: String, type: EngageList.ListType, visibility: Int?) throws -> EngageList? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ids = try String.fetchAll(
            db.cachedStatement(
                sql: "SELECT list_id FROM engage_lists WHERE name = ? COLLATE NOCASE AND list_type = ? ORDER BY list_id"
            ),
            arguments: [name, type.rawValue])
        for id in ids {
            guard let list = try EngageList.find(db, id: id) else { continue }
            if let visibility, try details(id).visibility != visibility { continue }
            return list
        }
        return nil
    }

    /// A contact list or query.
    struct Sublist: Sendable, Equatable {
        var id: String
        var type: Int
        var name: String
        var parentListID: String
    }

    func sublist(_ id: String) throws -> Sublist? {
        try StateRow.fetchOne(
            db.cachedStatement(
                sql: "SELECT list_id, list_type, name, parent_list_id FROM engage_sublists WHERE list_id = ?"),
            arguments: [id]
        ).map {
            Sublist(id: $0["list_id"], type: $0["list_type"], name: $0["name"], parentListID: $0["parent_list_id"])
        }
    }

    /// Whether any list, table, contact list or query is called `name` (case-insensitively): names are unique in
    /// the organization (assumed: Engage documents the fault, "A List With This Name Already Exists.", not its scope).
    func nameTaken(_ name: String) throws -> Bool {
        let inLists = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM engage_lists WHERE name = ? COLLATE NOCASE LIMIT 1"),
            arguments: [name])
        let inSublists = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM engage_sublists WHERE name = ? LIMIT 1"), arguments: [name])
        return inLists == true || inSublists == true
    }

    /// A new list id (50001, 50002, …) that no list of any kind has.
    func newListID() throws -> String {
        while true {
            let id = String(50_000 + (try EngageSchema.next(db, counter: "list")))
            let taken = try Bool.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT 1 FROM engage_lists WHERE list_id = ?
                        UNION ALL SELECT 1 FROM engage_sublists WHERE list_id = ? LIMIT 1
                        """), arguments: [id, id])
            if taken != true { return id }
        }
    }

    /// Where a list sits and when it changed (`engage_list_details`); lists made without one (the demo data, the
    /// admin API) are shared, in the shared root folder, created at the flow epoch.
    struct Details: Sendable, Equatable {
        var visibility = 1
        var parentFolderID = EngageContactOperations.sharedRootFolderID
        var parentName = ""
        var created = EngageContactOperations.demoDate
        var modified = EngageContactOperations.demoDate
    }

    func details(_ id: String) throws -> Details {
        guard
            let row = try StateRow.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM engage_list_details WHERE list_id = ?"), arguments: [id])
        else { return Details() }
        return Details(
            visibility: row["visibility"], parentFolderID: row["parent_folder_id"], parentName: row["parent_name"],
            created: row["created_at"], modified: row["modified_at"])
    }

    func save(_ details: Details, for id: String) throws {
        try db.execute(
            sql: """
                INSERT INTO engage_list_details(
                    list_id, visibility, parent_folder_id, parent_name, created_at, modified_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(list_id) DO UPDATE SET visibility = excluded.visibility,
                    parent_folder_id = excluded.parent_folder_id, parent_name = excluded.parent_name,
                    created_at = excluded.created_at, modified_at = excluded.modified_at
                """,
            arguments: [
                id, details.visibility, details.parentFolderID, details.parentName, details.created, details.modified,
            ])
    }

    /// Details for a list made now.
    func newDetails(visibility: Int, parentFolderID: String?, parentName: String = "") -> Details {
        let stamp = EngageTime.listDate(now)
        return Details(
            visibility: visibility,
            parentFolderID: parentFolderID
                ?? (visibility == 0
                    ? EngageContactOperations.privateRootFolderID : EngageContactOperations.sharedRootFolderID),
            parentName: parentName, created: stamp, modified: stamp)
    }

    /// Marks a list changed now.
    func touch(_ id: String) throws {
        var current = try details(id)
        current.modified = EngageTime.listDate(now)
        try save(current, for: id)
    }

    /// A list's recipients or rows (`SIZE`) and opted-out recipients (`NUM_OPT_OUTS`), kept by triggers and by the
    /// opt-out operations in `engage_list_counts`.
    func counts(_ id: String) throws -> (size: Int, optOuts: Int) {
        let row = try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT size, opt_outs FROM engage_list_counts WHERE list_id = ?"), arguments: [id])
        return (row?["size"] ?? 0, row?["opt_outs"] ?? 0)
    }

    // MARK: - Recipients

    /// `pairs` with the list's spelling of each column name; an unknown column is fault 314.
    func resolve(
        _ pairs: [(name: String, value: String)], in list: EngageList
    ) throws -> [(name: String, value: String)] {
        try pairs.map { pair in
            guard let column = try list.column(db, named: pair.name) else {
                throw EngageFault.columnNotFound(pair.name)
            }
            return (name: column.name, value: pair.value)
        }
    }

    /// Whether recipient `id` is in database `list`.
    func isMember(_ id: Int, of list: EngageList) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM engage_recipients WHERE recipient_id = ? AND list_id = ?"),
            arguments: [id, list.id]) == true
    }

    /// The recipients of `list` holding every criterion's value (case-insensitively), oldest first, at most `limit`:
    /// found through the value index by the first criterion, each other one checked by primary key.
    func matching(
        _ list: EngageList, _ criteria: [(name: String, value: String)], limit: Int = Int.max
    ) throws -> [Int] {
        try matching(listID: list.id, criteria, limit: limit)
    }

    /// ``matching(_:_:limit:)`` for the list with id `listID`.
    func matching(
        listID: String, _ criteria: [(name: String, value: String)], limit: Int = Int.max
    ) throws -> [Int] {
        guard let first = criteria.first else { return [] }
        var arguments: StateArguments = [first.name, first.value, listID]
        for criterion in criteria.dropFirst() {
            arguments.append(contentsOf: [criterion.name, criterion.value])
        }
        var sql = Self.matchingSQL(criteria: criteria.count)
        if limit != Int.max { sql += " LIMIT \(limit)" }
        // Kept prepared for the usual few criteria (the limits are the simulator's own: 1, 2 or none), so the
        // statements kept stay bounded whatever number of columns a request names.
        guard criteria.count <= Self.preparedCriteria else {
            return try Int.fetchAll(db, sql: sql, arguments: arguments)
        }
        return try Int.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    /// The most criteria whose look-up statement is kept prepared.
    static let preparedCriteria = 4

    /// The query of ``matching(_:_:limit:)`` for `count` criteria (at least one): its arguments are the first
    /// criterion's name and value, the list id, then each other criterion's name and value.
    ///
    /// `r.list_id || ''` (SQLite's unary `+`, which PostgreSQL refuses on text) keeps SQLite from starting at
    /// `engage_recipients_by_list`, which reads every recipient of the list: it starts at the value's index and
    /// checks the list by primary key (EXPLAIN QUERY PLAN; a test holds it).
    static func matchingSQL(criteria count: Int) -> String {
        var sql = """
            SELECT r.recipient_id FROM engage_recipient_values v
            JOIN engage_recipients r ON r.recipient_id = v.recipient_id
            WHERE v.name = ? AND v.value = ? COLLATE NOCASE AND r.list_id || '' = ?
            """
        for _ in 1..<max(count, 1) {
            sql += """
                 AND EXISTS (SELECT 1 FROM engage_recipient_values o WHERE o.recipient_id = r.recipient_id
                 AND o.name = ? AND o.value = ? COLLATE NOCASE)
                """
        }
        return sql + " ORDER BY r.recipient_id"
    }

    /// `RECIPIENT_ID`-style text as a recipient id; anything but digits is fault 124 "Recipient ID is not valid.".
    func recipientID(_ text: String) throws -> Int {
        guard let id = Int(text), id > 0 else { throw EngageFault(124, "Recipient ID \(text) is not valid.") }
        return id
    }

    // MARK: - Opt-in and opt-out

    /// Records recipient `id` of `list` as opted out now (a recipient already opted out keeps its first date).
    func optOut(_ id: Int, of list: EngageList, mailingID: String? = nil, jobID: String? = nil) throws {
        guard try !Self.isOptedOut(db, recipient: id) else { return }
        try db.execute(
            sql: """
                INSERT INTO engage_opt_states(recipient_id, opted_out_at, mailing_id, job_id) VALUES (?, ?, ?, ?)
                ON CONFLICT(recipient_id) DO UPDATE SET
                    opted_out_at = excluded.opted_out_at, mailing_id = excluded.mailing_id, job_id = excluded.job_id
                """, arguments: [id, EngageTime.listDate(now), mailingID, jobID])
        try adjustOptOuts(list.id, by: 1)
        try db.execute(
            sql: "UPDATE engage_recipients SET modified_at = ? WHERE recipient_id = ?",
            arguments: [EngageTime.listDate(now), id])
    }

    /// Records recipient `id` of `list` as (re)confirmed now: opted in at `now`, no longer opted out.
    func optIn(_ id: Int, of list: EngageList) throws {
        if try Self.isOptedOut(db, recipient: id) { try adjustOptOuts(list.id, by: -1) }
        try db.execute(
            sql: """
                INSERT INTO engage_opt_states(recipient_id, opted_in_at) VALUES (?, ?)
                ON CONFLICT(recipient_id) DO UPDATE SET
                    opted_in_at = excluded.opted_in_at, opted_out_at = NULL, mailing_id = NULL, job_id = NULL
                """, arguments: [id, EngageTime.listDate(now)])
    }

    private func adjustOptOuts(_ listID: String, by delta: Int) throws {
        try db.execute(
            sql: "INSERT INTO engage_list_counts(list_id) VALUES (?) ON CONFLICT DO NOTHING", arguments: [listID])
        try db.execute(
            sql: "UPDATE engage_list_counts SET opt_outs = opt_outs + ? WHERE list_id = ?", arguments: [delta, listID])
    }

    /// Whether recipient `id` is opted out: mailings skip it (for the mailing operations).
    static func isOptedOut(_ db: StateDB, recipient id: Int) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(
                sql: "SELECT 1 FROM engage_opt_states WHERE recipient_id = ? AND opted_out_at IS NOT NULL"),
            arguments: [id]) == true
    }

    /// When recipient `id` opted in (confirmed with DoubleOptInRecipient) and out, in the `OptedIn` / `OptedOut` form
    /// of SelectRecipientData; nil when it never did.
    static func optDates(_ db: StateDB, recipient id: Int) throws -> (optedIn: String?, optedOut: String?) {
        let row = try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT opted_in_at, opted_out_at FROM engage_opt_states WHERE recipient_id = ?"),
            arguments: [id])
        return (row?["opted_in_at"], row?["opted_out_at"])
    }

    /// AddRecipient's `CONTACT_LISTS`: recipient `id` joins each contact list of `database` it names ("If provided, the
    /// recipient will be added to the list of contact list ids", github:Silverpop/node-engage docs/methods.md); an id
    /// that is not a contact list of that database is passed over (assumed).
    static func join(
        _ db: StateDB, recipient id: Int, of database: EngageList, request: EngageRequest, now: Date
    ) throws {
        let store = EngageContactStore(db: db, now: now)
        for element in request.element.first("CONTACT_LISTS")?.all("CONTACT_LIST_ID") ?? [] {
            let listID = element.text.trimmingWhitespace(newlines: true)
            guard let contactList = try store.sublist(listID),
                contactList.type == EngageContactOperations.contactListType, contactList.parentListID == database.id
            else { continue }
            try db.execute(
                sql: """
                    INSERT INTO engage_contact_list_members(contact_list_id, recipient_id, added_at)
                    VALUES (?, ?, ?) ON CONFLICT DO NOTHING
                    """, arguments: [listID, id, EngageTime.listDate(now)])
        }
    }

    /// The contact lists recipient `id` belongs to, by id.
    static func contactLists(_ db: StateDB, recipient id: Int) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT contact_list_id FROM engage_contact_list_members WHERE recipient_id = ?
                    ORDER BY CAST(contact_list_id AS INTEGER)
                    """), arguments: [id])
    }
}
