import Foundation

/// The lists a mailing goes to, as the mailing operations see them: databases and relational tables
/// (`engage_lists`), and the contact lists and queries of the list operations (`engage_sublists`, with their parent
/// database), each read by primary key. The list operations' tables are read when they exist, so the mailing
/// operations answer with the recipient databases alone too.
struct EngageMailingLists {
    let db: StateDB

    struct Entry: Sendable, Equatable {
        var name: String
        /// An `engage_lists` type or a sublist type (18 contact list, 1 query, …).
        var type: Int
        var parentListID: String?
    }

    func find(_ id: String) throws -> Entry? {
        if let list = try EngageList.find(db, id: id) {
            return Entry(name: list.name, type: list.type.rawValue, parentListID: nil)
        }
        let row = try? StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT name, list_type, parent_list_id FROM engage_sublists WHERE list_id = ?"),
            arguments: [id])
        return (row ?? nil).map { Entry(name: $0["name"], type: $0["list_type"], parentListID: $0["parent_list_id"]) }
    }

    func exists(_ id: String) throws -> Bool { try find(id) != nil }

    func parent(of id: String) throws -> String? { try find(id)?.parentListID }

    /// The contacts a mailing to list `id` reaches: its size less its opted-out contacts, from the counts the list
    /// operations keep (`engage_list_counts`); 0 without them.
    func reachable(_ id: String) throws -> Int {
        let row = try? StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT size, opt_outs FROM engage_list_counts WHERE list_id = ?"), arguments: [id])
        guard let row = row ?? nil else { return 0 }
        return max(0, (row["size"] as Int? ?? 0) - (row["opt_outs"] as Int? ?? 0))
    }

    /// GetFolderPath's OBJECT_SUB_TYPE of a data object, by list type (XMLAPIListType: 0 database, 1 query,
    /// 5 test list, 6 seed list, 13 suppression list, 15 relational table, 18 contact list).
    static func subType(_ type: Int) -> String {
        switch type {
        case 1: "Query"
        case 5: "Test List"
        case 6: "Seed List"
        case 13: "Suppression List"
        case 15: "Relational Table"
        case 18: "Contact List"
        default: "Database"
        }
    }
}

/// Mailing and data folders (`engage_mailing_folders`): mailing folder ids are GUIDs, data folder ids integers (the
/// reference's GetFolderPath). Paths start at the `Shared` or `Private` root.
struct EngageMailingFolders {
    let db: StateDB

    /// A ScheduleMailing PARENT_FOLDER_PATH under the visibility's root (a path already starting at a root is kept).
    func mailingPath(_ path: String, visibility: Int) -> String {
        let trimmed = path.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        if trimmed.hasPrefix("Shared/") || trimmed.hasPrefix("Private/") || trimmed == "Shared" || trimmed == "Private"
        {
            return trimmed
        }
        return (visibility == 0 ? "Private/" : "Shared/") + trimmed
    }

    func id(ofPath path: String, type: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT folder_id FROM engage_mailing_folders WHERE object_type = ? AND path = ?"),
            arguments: [type, path])
    }

    func path(of id: String, type: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT path FROM engage_mailing_folders WHERE folder_id = ? AND object_type = ?"),
            arguments: [id, type])
    }

    /// Makes a folder; its id is a new GUID-like id (mailing) or integer (data) unless given.
    func create(path: String, type: String, id: String? = nil) throws -> String {
        let number = try EngageSchema.next(db, counter: "mailingFolder")
        let id =
            id ?? (type == "Data" ? String(7_100 + number) : String(format: "%07x-18c00000000-%032x", number, number))
        try db.execute(
            sql: "INSERT INTO engage_mailing_folders(folder_id, object_type, path) VALUES (?, ?, ?)",
            arguments: [id, type, path])
        return id
    }

    /// The folder path of data object `listID`: its folder here, else the folder the list operations filed it in
    /// (`engage_list_details`) when that folder is one of these, else its visibility's root.
    func dataPath(of listID: String) throws -> String {
        if let folder = try String.fetchOne(
            db.cachedStatement(sql: "SELECT folder_id FROM engage_mailing_data_folders WHERE list_id = ?"),
            arguments: [listID]), let path = try path(of: folder, type: "Data")
        {
            return path
        }
        let details = try? StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT visibility, parent_folder_id FROM engage_list_details WHERE list_id = ?"),
            arguments: [listID])
        guard let details = details ?? nil else { return "Shared" }
        if let folder = details["parent_folder_id"] as String?, let path = try path(of: folder, type: "Data") {
            return path
        }
        return (details["visibility"] as Int? ?? 1) == 0 ? "Private" : "Shared"
    }
}
