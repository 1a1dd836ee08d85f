import Foundation
import JSONCore
import LibXML

/// GetLists, CreateContactList, AddContactToContactList, CreateQuery and SetColumnValue.
extension EngageContactOperations {
    /// The `LIST_TYPE`s GetLists knows (https://developer.goacoustic.com/acoustic-campaign/reference/get-a-list-of-databases):
    /// 0 databases, 1 queries, 2 databases + contact lists + queries, 5 test, 6 seed, 13 suppression, 15 relational
    /// tables, 18 contact lists. The simulator keeps no test, seed or suppression lists, so 5, 6 and 13 list nothing.
    static let listTypes: Set<Int> = [0, 1, 2, 5, 6, 13, 15, 18]
    static let queryType = 1
    static let contactListType = 18

    /// GetLists: the lists of `LIST_TYPE` whose visibility is `VISIBILITY`, by id; with `FOLDER_ID` (and no
    /// `INCLUDE_ALL_LISTS` true) only those of that folder. `SIZE` counts recipients, members or rows, `NUM_OPT_OUTS`
    /// the opted-out recipients of a database.
    ///
    /// Faults: 100 no `VISIBILITY` or `LIST_TYPE`, 104 "Visibility is not valid.", 105 "List type is not valid.", 147
    /// "Include All Lists is not valid.", 323 "Specified folder ID must be a number." (the SDK's error table).
    static func getLists(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult {
        let store = EngageContactStore(db: context.db, now: context.now)
        let visibility = try store.requiredVisibility(request)
        guard let type = Int(try store.required(request, "LIST_TYPE")), listTypes.contains(type) else {
            throw EngageFault(105, "List type is not valid.")
        }
        let includeAll =
            try store.flag(request, "INCLUDE_ALL_LISTS", invalid: EngageFault(147, "Include All Lists is not valid."))
            ?? false
        let includeTags =
            try store.flag(request, "INCLUDE_TAGS", invalid: .invalidXML("INCLUDE_TAGS must be true or false")) ?? false
        var folder: String?
        if let text = request.scalar("FOLDER_ID"), !includeAll {
            guard EngageContactStore.isDigits(text) else {
                throw EngageFault(323, "Specified folder ID must be a number.")
            }
            folder = text
        }
        var entries: [(id: String, name: String, type: Int)] = []
        let databaseTypes = type == 2 ? [0] : [0, 15].filter { $0 == type }
        for listType in databaseTypes {
            entries += try StateRow.fetchAll(
                context.db.cachedStatement(sql: "SELECT list_id, name FROM engage_lists WHERE list_type = ?"),
                arguments: [listType]
            ).map { (id: $0["list_id"], name: $0["name"], type: listType) }
        }
        let sublistTypes =
            type == 2 ? [queryType, contactListType] : [queryType, contactListType].filter { $0 == type }
        for sublistType in sublistTypes {
            entries += try StateRow.fetchAll(
                context.db.cachedStatement(sql: "SELECT list_id, name FROM engage_sublists WHERE list_type = ?"),
                arguments: [sublistType]
            ).map { (id: $0["list_id"], name: $0["name"], type: sublistType) }
        }
        entries.sort { (Int($0.id) ?? 0, $0.id) < (Int($1.id) ?? 0, $1.id) }
        var result = EngageResult()
        for entry in entries {
            let details = try store.details(entry.id)
            guard details.visibility == visibility, folder == nil || details.parentFolderID == folder else { continue }
            let counts = try store.counts(entry.id)
            result.raw("<LIST>")
            result.add("ID", entry.id)
            result.add("NAME", entry.name)
            result.add("TYPE", String(entry.type))
            result.add("SIZE", String(counts.size))
            result.add("NUM_OPT_OUTS", String(counts.optOuts))
            result.add("NUM_UNDELIVERABLE", "0")
            result.add("LAST_MODIFIED", details.modified)
            result.add("VISIBILITY", String(details.visibility))
            result.add("PARENT_NAME", details.parentName)
            result.add("USER_ID", userID)
            result.add("PARENT_FOLDER_ID", details.parentFolderID)
            result.add("IS_FOLDER", "false")
            if includeTags { result.raw("<TAGS/>") }
            result.raw("</LIST>")
        }
        return result
    }

    /// CreateContactList (the PHP client's github:mrmarkfrench/silverpop-php-connector CreateContactList.php and its
    /// recorded answer): a contact list of `DATABASE_ID`, answered with `CONTACT_LIST_ID` and `PARENT_FOLDER_ID`.
    ///
    /// Faults: 125 no or unknown `DATABASE_ID`, 100 no `CONTACT_LIST_NAME` or `VISIBILITY`, 104 a visibility other
    /// than 0 or 1, 256 of class SP.ListManager "A List With This Name Already Exists." (the iOS SDK's
    /// ResultDictionaryTest.m fixture).
    static func createContactList(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult {
        let store = EngageContactStore(db: context.db, now: context.now)
        let database = try store.database(request.scalar("DATABASE_ID"), element: "DATABASE_ID")
        let name = try store.required(request, "CONTACT_LIST_NAME")
        let visibility = try store.requiredVisibility(request)
        let folder = request.scalar("PARENT_FOLDER_ID").flatMap { $0.isEmpty ? nil : $0 }
        if let folder, !EngageContactStore.isDigits(folder) {
            throw EngageFault(323, "Specified folder ID must be a number.")
        }
        guard try !store.nameTaken(name) else { throw nameExists }
        let id = try store.newListID()
        try context.db.execute(
            sql: "INSERT INTO engage_sublists(list_id, list_type, name, parent_list_id) VALUES (?, ?, ?, ?)",
            arguments: [id, contactListType, name, database.id])
        let details = store.newDetails(
            visibility: visibility, parentFolderID: folder, parentName: request.scalar("PARENT_FOLDER_PATH") ?? "")
        try store.save(details, for: id)
        var result = EngageResult()
        result.add("CONTACT_LIST_ID", id)
        result.add("PARENT_FOLDER_ID", details.parentFolderID)
        return result
    }

    static let nameExists = EngageFault(256, "A List With This Name Already Exists.", class: "SP.ListManager")

    /// AddContactToContactList (https://developer.goacoustic.com/acoustic-campaign/reference/addcontacttocontactlist):
    /// the contact of `CONTACT_ID` (which wins over `COLUMN`s), or the one contact of the contact list's database the
    /// `COLUMN`s match, joins the contact list; a contact already in it is not added again, and succeeds.
    ///
    /// Faults: 125 no or unknown `CONTACT_LIST_ID`, 100 neither `CONTACT_ID` nor `COLUMN`, 124 a `CONTACT_ID` that is
    /// not a number, 314 an unknown column, 1006 "Missing Recipient Key Info" when a keyed database's key column is
    /// not given, 128 no such contact ("If the contact is not found, an error message returns"), 1004 more than one
    /// contact matches ("If more than one contact is found matching the sync fields … an error messages returns";
    /// the id is assumed).
    static func addContactToContactList(
        _ request: EngageRequest, _ context: EngageOperationContext
    ) throws -> EngageResult {
        let store = EngageContactStore(db: context.db, now: context.now)
        guard let listID = request.scalar("CONTACT_LIST_ID"), !listID.isEmpty else {
            throw EngageFault(125, "CONTACT_LIST_ID is missing.")
        }
        guard let contactList = try store.sublist(listID), contactList.type == contactListType else {
            throw EngageFault(125, "Contact list \(listID) not found.")
        }
        let database = try store.database(contactList.parentListID)
        let contact: Int
        if let text = request.scalar("CONTACT_ID"), !text.isEmpty {
            contact = try store.recipientID(text)
            guard try store.isMember(contact, of: database) else { throw EngageFault.recipientNotFound }
        } else {
            let columns = try request.columns()
            guard !columns.isEmpty else { throw EngageContactStore.notProvided("CONTACT_ID or COLUMN") }
            let criteria = try store.resolve(columns, in: database)
            for key in database.keyColumns where !criteria.contains(where: { $0.name.lowercased() == key.lowercased() })
            {
                throw EngageFault(1006, "Missing Recipient Key Info: key column '\(key)' is required.")
            }
            let found = try store.matching(database, criteria, limit: 2)
            guard let first = found.first else { throw EngageFault.recipientNotFound }
            guard found.count == 1 else {
                throw EngageFault(1004, "Error Retrieving Recipient: more than one contact matches the columns given.")
            }
            contact = first
        }
        try context.db.execute(
            sql:
                "INSERT INTO engage_contact_list_members(contact_list_id, recipient_id, added_at) VALUES (?, ?, ?) "
                + "ON CONFLICT DO NOTHING",
            arguments: [listID, contact, EngageTime.listDate(context.now)])
        if context.db.changesCount > 0 { try store.touch(listID) }
        return EngageResult()
    }

    /// CreateQuery (https://developer.goacoustic.com/acoustic-campaign/reference/createquery_temp): a query list of
    /// `PARENT_LIST_ID` with its `CRITERIA` (``EngageQueryCriterion``), answered with `ListId`. Its members are worked
    /// out when a data job needs them; GetLists shows `SIZE` 0 until then.
    ///
    /// Faults: 100 no `QUERY_NAME`, `VISIBILITY`, `CRITERIA` or `EXPRESSION`, 125 no or unknown `PARENT_LIST_ID`, 104
    /// a visibility other than 0 or 1, 161 "COLUMN_NAME is not valid for this list." for a column the database lacks,
    /// 256 "Unable to create query. New List name already exists." (the SDK's error table).
    static func createQuery(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult {
        let store = EngageContactStore(db: context.db, now: context.now)
        let name = try store.required(request, "QUERY_NAME")
        let database = try store.database(request.scalar("PARENT_LIST_ID"), element: "PARENT_LIST_ID")
        let visibility = try store.requiredVisibility(request)
        let folder = request.scalar("PARENT_FOLDER_ID").flatMap { $0.isEmpty ? nil : $0 }
        guard let criteriaElement = request.element.first("CRITERIA") else {
            throw EngageContactStore.notProvided("CRITERIA")
        }
        let criteria = criteriaElement.all("EXPRESSION").map(EngageQueryCriterion.init)
        guard !criteria.isEmpty else { throw EngageContactStore.notProvided("EXPRESSION") }
        for criterion in criteria where criterion.isProfile {
            guard try database.column(context.db, named: criterion.column) != nil else {
                throw EngageFault(161, "COLUMN_NAME is not valid for this list.")
            }
        }
        guard try !store.nameTaken(name) else {
            throw EngageFault(256, "Unable to create query. New List name already exists.", class: "SP.ListManager")
        }
        let id = try store.newListID()
        let json = String(decoding: try JSONEncoder().encode(criteria), as: UTF8.self)
        try context.db.execute(
            sql: """
                INSERT INTO engage_sublists(list_id, list_type, name, parent_list_id, criteria) VALUES (?, ?, ?, ?, ?)
                """, arguments: [id, queryType, name, database.id, json])
        try store.save(
            store.newDetails(visibility: visibility, parentFolderID: folder, parentName: database.name), for: id)
        var result = EngageResult()
        result.add("ListId", id)
        return result
    }

    /// SetColumnValue (github:ka4ok85/watson-campaign-automation-spring SetColumnValueCommand.java and
    /// ColumnValueAction.java): a data job that, for every member of the database, contact list or query `LIST_ID`,
    /// resets the column to its default (`ACTION` 0), sets it to `COLUMN_VALUE` (1) or adds `COLUMN_VALUE` (default 1)
    /// to a numeric column (2). Answered with `JOB_ID` (GetJobStatus); the values are written when the job is created
    /// (assumed: Engage documents the job, not when its effect shows).
    ///
    /// Faults: 125 no or unknown `LIST_ID`, 312 "List is not the right type for this API." for a relational table,
    /// 100 no `COLUMN_NAME`, `ACTION` or (to set) `COLUMN_VALUE`, 161 "COLUMN_NAME is not valid for this list.", 154
    /// "Action code is not valid.", 313 "Column is not the right type for this API." to increment a column that is not
    /// numeric (or by something that is not a number).
    static func setColumnValue(_ request: EngageRequest, _ context: EngageOperationContext) throws -> EngageResult {
        let store = EngageContactStore(db: context.db, now: context.now)
        guard let listID = request.scalar("LIST_ID"), !listID.isEmpty else {
            throw EngageFault(125, "LIST_ID is missing.")
        }
        let database: EngageList
        let listName: String
        var sublist: EngageContactStore.Sublist?
        if let list = try EngageList.find(context.db, id: listID) {
            guard list.type == .database else { throw EngageFault(312, "List is not the right type for this API.") }
            database = list
            listName = list.name
        } else if let found = try store.sublist(listID) {
            database = try store.database(found.parentListID)
            listName = found.name
            sublist = found
        } else {
            throw EngageFault(125, "List \(listID) not found.")
        }
        let columnName = try store.required(request, "COLUMN_NAME")
        guard let column = try database.column(context.db, named: columnName) else {
            throw EngageFault(161, "COLUMN_NAME is not valid for this list.")
        }
        guard let action = Int(try store.required(request, "ACTION")), (0...2).contains(action) else {
            throw EngageFault(154, "Action code is not valid.")
        }
        var increment = 0.0
        switch action {
        case 1: _ = try store.required(request, "COLUMN_VALUE")
        case 2:
            guard column.type == 2, let step = Double(request.scalar("COLUMN_VALUE") ?? "1") else {
                throw EngageFault(313, "Column is not the right type for this API.")
            }
            increment = step
        default: break
        }
        let members = try self.members(of: database, sublist: sublist, db: context.db)
        let stamp = EngageTime.listDate(context.now)
        for member in members {
            var value = action == 0 ? column.defaultValue : (request.scalar("COLUMN_VALUE") ?? "")
            if action == 2 {
                let current =
                    try String.fetchOne(
                        context.db.cachedStatement(
                            sql: "SELECT value FROM engage_recipient_values WHERE recipient_id = ? AND name = ?"),
                        arguments: [member, column.name]) ?? column.defaultValue
                value = number((Double(current) ?? 0) + increment)
            }
            try context.db.execute(
                sql: "INSERT INTO engage_recipient_values(recipient_id, name, value) VALUES (?, ?, ?) "
                    + "ON CONFLICT(recipient_id, name) DO UPDATE SET name = excluded.name, value = excluded.value",
                arguments: [member, column.name, value])
            try context.db.execute(
                sql: "UPDATE engage_recipients SET modified_at = ? WHERE recipient_id = ?", arguments: [stamp, member])
        }
        try store.touch(listID)
        let job = try EngageJobs.create(
            context.db, now: context.now, kind: "SetColumnValue",
            description: "Set column '\(column.name)' of \(listName)",
            parameters: JSONObject([
                ("LIST_ID", .string(listID)), ("LIST_NAME", .string(listName)), ("COLUMN_NAME", .string(column.name)),
                ("ACTION", .string(String(action))), ("NUM_RECORDS", .string(String(members.count))),
            ]))
        var result = EngageResult()
        result.add("JOB_ID", String(job))
        return result
    }

    /// The recipients a data job acts on: the database's, the contact list's members, or those of the query's parent
    /// database its criteria match.
    static func members(of database: EngageList, sublist: EngageContactStore.Sublist?, db: StateDB) throws -> [Int] {
        guard let sublist else {
            return try Int.fetchAll(
                db.cachedStatement(
                    sql: "SELECT recipient_id FROM engage_recipients WHERE list_id = ? ORDER BY recipient_id"),
                arguments: [database.id])
        }
        if sublist.type == contactListType {
            return try Int.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT recipient_id FROM engage_contact_list_members WHERE contact_list_id = ?
                        ORDER BY recipient_id
                        """), arguments: [sublist.id])
        }
        let text = try String.fetchOne(
            db.cachedStatement(sql: "SELECT criteria FROM engage_sublists WHERE list_id = ?"), arguments: [sublist.id])
        let criteria = try JSONDecoder().decode([EngageQueryCriterion].self, from: Data((text ?? "[]").utf8))
        return try members(of: database, sublist: nil, db: db).filter { id in
            let values = try EngageRecipients.values(db, recipient: id, list: database)
            return EngageQueryCriterion.matches(
                criteria, Dictionary(values.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { $1 }))
        }
    }

    /// A number as Engage writes it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
