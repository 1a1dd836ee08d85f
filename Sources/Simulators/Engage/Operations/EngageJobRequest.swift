import Foundation
import JSONCore
import LibXML

/// The faults of the data-job operations. Ids and texts are the Engage SDK's error table
/// (`EngageSDK/Public/XMLAPIErrorCode.h` of Silverpop/mobile-connector-sdk-ios), which names the case but not the
/// operation; the detail after the documented text is the simulator's.
enum EngageJobFault {
    /// A required element is absent or empty: 100 "Parameter x was not provided in API call".
    static func missing(_ name: String) -> EngageFault {
        EngageFault(100, "Parameter \(name) was not provided in API call.")
    }

    /// An id that is not a whole number: 310 "Invalid value for Element: LIST_ID. Not an integer. Value: 'x'"
    /// (the table's example names LIST_ID; the simulator names the element it read).
    static func notInteger(_ name: String, _ value: String) -> EngageFault {
        EngageFault(310, "Invalid value for Element: \(name). Not an integer. Value: '\(value)'")
    }

    /// No such list, query, contact list or relational table: 106 "List ID is not valid."
    static let listNotValid = EngageFault(106, "List ID is not valid.")
    /// A list of a type the operation does not take: 312 "List is not the right type for this API."
    static let wrongListType = EngageFault(312, "List is not the right type for this API.")
    /// No such job (never created, or deleted): 135 "Job ID is not valid."
    static let jobNotValid = EngageFault(135, "Job ID is not valid.")
    /// `FILE_ENCODING` other than UTF-8 or ISO-8859-1: 141 "Encoding is not valid."
    static let encodingNotValid = EngageFault(141, "Encoding is not valid.")
    /// An `EXPORT_FORMAT` the operation does not know: 321 "Export Format is not valid."
    static let exportFormatNotValid = EngageFault(321, "Export Format is not valid.")
    /// `TABLE_VISIBILITY` other than 0 or 1: 104 "Visibility is not valid."
    static let visibilityNotValid = EngageFault(104, "Visibility is not valid.")
    /// Both a mailing and a list: 320 "Both MAILING_ID and LIST_ID provided. Please pick only one."
    static let mailingAndList = EngageFault(320, "Both MAILING_ID and LIST_ID provided. Please pick only one.")

    /// A date that is not `mm/dd/yyyy hh:mm:ss`: 184 "Numerous errors related to dates."
    static func date(_ name: String, _ value: String) -> EngageFault {
        EngageFault(184, "Date error: \(name) '\(value)' is not mm/dd/yyyy hh:mm:ss.")
    }

    /// An `EXPORT_COLUMNS` name the list does not have: 153 ERR_EXPORT_NOT_LIST_COLUMN.
    static func notListColumn(_ name: String) -> EngageFault {
        EngageFault(153, "ERR_EXPORT_NOT_LIST_COLUMN: '\(name)' is not a column of the list.")
    }

    /// An import file missing from the FTP upload directory: 132 "Unable to create import job." (the ruleset
    /// import answers the same).
    static func noUpload(_ name: String) -> EngageFault {
        EngageFault(132, "Unable to create import job: no file \(name) in the FTP upload directory.")
    }
}

/// A list as stored, with its Engage list type number (0 database, 1 query, 5 test, 6 seed, 13 suppression,
/// 15 relational table, 18 contact list; engage.md §2.4): databases and relational tables are kept in `engage_lists`,
/// queries and contact lists (the contact operations') in `engage_sublists`, beside their parent database.
struct EngageJobList: Sendable {
    static let database = 0
    static let query = 1
    static let relationalTable = 15
    static let contactList = 18

    var id: String
    var name: String
    var type: Int
    /// The key columns (a query's or contact list's are its parent database's).
    var keyColumns: [String]
    /// The database a query or contact list belongs to.
    var parentID: String?

    /// The list that holds the recipients and columns: the database itself, or a query's or contact list's parent.
    var databaseID: String { parentID ?? id }

    static func find(_ db: StateDB, id: String) throws -> EngageJobList? {
        if let row = try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM engage_lists WHERE list_id = ?"), arguments: [id])
        {
            return list(row)
        }
        guard
            let sublist = try StateRow.fetchOne(
                db.cachedStatement(
                    sql: "SELECT list_id, list_type, name, parent_list_id FROM engage_sublists WHERE list_id = ?"),
                arguments: [id]),
            let parent = try find(db, id: sublist["parent_list_id"])
        else { return nil }
        return EngageJobList(
            id: sublist["list_id"], name: sublist["name"], type: sublist["list_type"], keyColumns: parent.keyColumns,
            parentID: parent.id)
    }

    /// The relational table named `name` (its last path component: `Shared/Purchases` is `Purchases`).
    static func table(_ db: StateDB, named name: String) throws -> EngageJobList? {
        let last = name.split(separator: "/").last.map(String.init) ?? name
        return try StateRow.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT * FROM engage_lists WHERE name = ? COLLATE NOCASE AND list_type = ? ORDER BY list_id LIMIT 1
                    """),
            arguments: [last, relationalTable]
        ).map(list)
    }

    /// The database holding the recipients, as the recipient code reads it.
    func database(_ db: StateDB) throws -> EngageList? { try EngageList.find(db, id: databaseID) }

    /// The recipients the list stands for, by id: a database's, a contact list's members, or those of the parent
    /// database a query's criteria match (the contact operations' rule).
    func members(_ db: StateDB) throws -> [Int] {
        guard let database = try database(db) else { return [] }
        let sublist = parentID == nil ? nil : try EngageContactStore(db: db, now: .distantPast).sublist(id)
        return try EngageContactOperations.members(of: database, sublist: sublist, db: db)
    }

    private static func list(_ row: StateRow) -> EngageJobList {
        let keys = (try? JSONValue(parsing: row["key_columns"] as String))?.arrayValue?.compactMap(\.stringValue)
        return EngageJobList(id: row["list_id"], name: row["name"], type: row["list_type"], keyColumns: keys ?? [])
    }
}

/// One data-job request, read the way Engage documents it: required elements, ids, dates, formats and switches,
/// each refused with its ``EngageJobFault``.
struct EngageJobRequest {
    let request: EngageRequest
    let db: StateDB
    let now: Date

    init(_ request: EngageRequest, _ context: EngageOperationContext) {
        self.request = request
        self.db = context.db
        self.now = context.now
    }

    /// The non-empty text of `name`, or nil when absent or empty.
    func text(_ name: String) -> String? {
        guard let value = request.scalar(name), !value.isEmpty else { return nil }
        return value
    }

    func required(_ name: String) throws(EngageFault) -> String {
        guard let value = text(name) else { throw EngageJobFault.missing(name) }
        return value
    }

    /// A whole-number id, or nil when absent (present but empty is fault 310, as any other text).
    func identifier(_ name: String) throws(EngageFault) -> String? {
        guard let value = request.scalar(name) else { return nil }
        guard !value.isEmpty, value.allSatisfy(\.isASCIIDigit) else { throw EngageJobFault.notInteger(name, value) }
        return value
    }

    /// The list `name` names (required), of one of `types` (any when nil).
    func list(_ name: String, types: Set<Int>? = nil) throws -> EngageJobList {
        guard text(name) != nil, let id = try identifier(name) else { throw EngageJobFault.missing(name) }
        guard let list = try EngageJobList.find(db, id: id) else { throw EngageJobFault.listNotValid }
        if let types, !types.contains(list.type) { throw EngageJobFault.wrongListType }
        return list
    }

    /// The list `name` names, when given.
    func optionalList(_ name: String) throws -> EngageJobList? {
        guard let id = try identifier(name) else { return nil }
        guard let list = try EngageJobList.find(db, id: id) else { throw EngageJobFault.listNotValid }
        return list
    }

    /// The relational table of `TABLE_ID`, else of `TABLE_NAME` (`TABLE_VISIBILITY`, 0 or 1, is checked and
    /// otherwise ignored: the simulator has no folders).
    func table() throws -> EngageJobList {
        if let visibility = text("TABLE_VISIBILITY"), visibility != "0", visibility != "1" {
            throw EngageJobFault.visibilityNotValid
        }
        if text("TABLE_ID") != nil {
            return try list("TABLE_ID", types: [EngageJobList.relationalTable])
        }
        guard let name = text("TABLE_NAME") else { throw EngageJobFault.missing("TABLE_ID") }
        guard let table = try EngageJobList.table(db, named: name) else { throw EngageJobFault.listNotValid }
        return table
    }

    /// `FILE_ENCODING` as Engage spells it (UTF-8 or ISO-8859-1), or nil when absent.
    func encoding() throws(EngageFault) -> String? {
        guard let value = text("FILE_ENCODING") else { return nil }
        switch value.uppercased() {
        case "UTF-8": return "UTF-8"
        case "ISO-8859-1": return "ISO-8859-1"
        default: throw EngageJobFault.encodingNotValid
        }
    }

    /// `EXPORT_FORMAT` as one of `formats` (by the name or number the request uses), `fallback` when absent.
    func exportFormat(
        _ formats: [String: EngageDelimiter], fallback: EngageDelimiter
    ) throws(EngageFault)
        -> EngageDelimiter
    {
        guard let value = text("EXPORT_FORMAT") else { return fallback }
        guard let format = formats[value.uppercased()] else { throw EngageJobFault.exportFormatNotValid }
        return format
    }

    /// A documented `mm/dd/yyyy hh:mm:ss` date, read as the mailing operations read one (the time may be left out,
    /// and the reference's own example has no space before it), or nil when absent.
    func date(_ name: String) throws(EngageFault) -> Date? {
        guard let value = text(name) else { return nil }
        guard let date = EngageMailingTime.parse(value) else { throw EngageJobFault.date(name, value) }
        return date
    }

    /// A switch: present and not `false` (an empty `<MOVE_TO_FTP/>` is on, as the Java clients send it).
    func flag(_ name: String) -> Bool {
        guard let value = request.scalar(name) else { return false }
        return value.lowercased() != "false"
    }

    /// The texts of `parent`'s `child` elements (`EXPORT_COLUMNS/COLUMN`).
    func texts(_ parent: String, _ child: String) -> [String] {
        (request.element.first(parent)?.all(child) ?? []).map {
            $0.text.trimmingWhitespace(newlines: true)
        }.filter { !$0.isEmpty }
    }
}

/// A file's field delimiter.
enum EngageDelimiter: String, Sendable {
    case comma = "CSV"
    case tab = "TAB"
    case pipe = "PIPE"

    var character: Character {
        switch self {
        case .comma: ","
        case .tab: "\t"
        case .pipe: "|"
        }
    }

    /// The file name extension (assumed for TAB and PIPE: Engage's examples show `.CSV` only).
    var fileExtension: String { self == .comma ? "CSV" : "TXT" }

    /// ExportList and ExportTable: CSV, TAB or PIPE.
    static let named: [String: EngageDelimiter] = ["CSV": .comma, "TAB": .tab, "PIPE": .pipe]
    /// RawRecipientDataExport and WebTrackingDataExport: 0 CSV, 1 PIPE, 2 TAB, or the name.
    static let numbered: [String: EngageDelimiter] = named.merging(["0": .comma, "1": .pipe, "2": .tab]) { $1 }
    /// TrackingMetricExport: CSV, TSV or PIPE.
    static let metrics: [String: EngageDelimiter] = ["CSV": .comma, "TSV": .tab, "PIPE": .pipe]

    /// One line: fields holding the delimiter, a quote or a line break are quoted, quotes doubled.
    func line(_ fields: [String]) -> String {
        fields.map { field in
            guard field.contains(where: { $0 == character || $0 == "\"" || $0.isNewline }) else { return field }
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: String(character)) + "\r\n"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
