import CassetteKit
import Foundation
import JSONCore

/// XMLAPI operations on lists, contact lists, queries, opt-in and opt-out, sessions, programs and relational tables
/// (group A of issue #34), answered over the recipient databases and relational tables the simulator already keeps.
///
/// | operation | what it does |
/// | --- | --- |
/// | OptOutRecipient | opts the contacts of `EMAIL`, key `COLUMN`s or `MAILING_ID`+`RECIPIENT_ID`+`JOB_ID` out; SelectRecipientData shows the `OptedOut` date, GetLists counts it |
/// | DoubleOptInRecipient | confirms (or adds) the contact of the Email column: `OptedIn` is now, an opt-out is undone |
/// | Login / Logout | a legacy session: `SESSIONID` for a known user (fault 140, SP.Admin, otherwise); Logout succeeds |
/// | GetLists | databases, queries, contact lists and relational tables by `LIST_TYPE` and `VISIBILITY` |
/// | CreateContactList / AddContactToContactList | contact lists of a database and their members |
/// | AddContactToProgram | a contact joins an active program of its database (the documented refusals otherwise) |
/// | CreateQuery | a query list of a database, its criteria kept |
/// | SetColumnValue | a data job that resets, sets or increments a column for every member of a database, contact list or query |
/// | CreateTable / JoinTable / DeleteRelationalTableData / DeleteTable | relational tables, their association with databases, their rows |
///
/// Faults follow the SDK's XMLAPIErrorCode table; where Engage documents a refusal but not its id, the id is assumed
/// and the source comment says so. An element an operation does not take is fault 51 (``checked(_:_:)``).
///
/// Admin routes under `/__harness/vendors/engage`:
///
/// | request | what it does |
/// | --- | --- |
/// | `GET /programs` | the programs with their status and contacts |
/// | `POST /programs` | adds a program `{"programID","name","listID","status":"ACTIVE|PENDING|INACTIVE|COMPLETED","lastContactAddDate"}` |
/// | `GET /users` | the users Login accepts (names only) |
/// | `POST /users` | adds a user `{"username","password"}` |
/// | `GET /contact-lists` | contact lists and queries with their parent database and members |
/// | `GET /opt-outs` | opted-out recipients `{"recipientId","listID","optedOut"}`, oldest first |
enum EngageContactOperations: EngageOperationGroup {
    static let name = "contacts"

    static let handlers: [String: EngageOperationHandler] = [
        "OptOutRecipient": checked("OptOutRecipient") { try optOutRecipient($0, $1) },
        "DoubleOptInRecipient": checked("DoubleOptInRecipient") { try doubleOptInRecipient($0, $1) },
        "Login": checked("Login") { try login($0, $1) },
        "Logout": checked("Logout") { try logout($0, $1) },
        "AddContactToProgram": checked("AddContactToProgram") { try addContactToProgram($0, $1) },
        "GetLists": checked("GetLists") { try getLists($0, $1) },
        "CreateContactList": checked("CreateContactList") { try createContactList($0, $1) },
        "AddContactToContactList": checked("AddContactToContactList") { try addContactToContactList($0, $1) },
        "CreateQuery": checked("CreateQuery") { try createQuery($0, $1) },
        "SetColumnValue": checked("SetColumnValue") { try setColumnValue($0, $1) },
        "CreateTable": checked("CreateTable") { try createTable($0, $1) },
        "JoinTable": checked("JoinTable") { try joinTable($0, $1) },
        "DeleteRelationalTableData": checked("DeleteRelationalTableData") { try deleteRelationalTableData($0, $1) },
        "DeleteTable": checked("DeleteTable") { try deleteTable($0, $1) },
    ]

    /// The folder a shared list is created in when no `PARENT_FOLDER_ID` is given (assumed id).
    static let sharedRootFolderID = "1000"
    /// The folder a private list is created in when no `PARENT_FOLDER_ID` is given (assumed id).
    static let privateRootFolderID = "1001"
    /// `USER_ID` of every list (the simulator has one user who owns everything).
    static let userID = "sim-user-1"
    /// The demo data's date, the flow epoch (2026-01-01T00:00:00Z) in the `LAST_MODIFIED` form.
    static let demoDate = "1/1/26 12:00 AM"
    /// The user Login accepts on a fresh simulator.
    static let demoUser = (username: "api-user@example.com", password: "sim-api-password")

    static let tables = [
        "engage_list_details", "engage_list_counts", "engage_sublists", "engage_opt_states",
        "engage_contact_list_members", "engage_program_contacts", "engage_programs", "engage_users",
        "engage_sessions", "engage_table_joins",
    ]

    static func migrate(_ db: StateDB) throws {
        try db.execute(
            sql: """
                CREATE TABLE engage_list_details(
                    list_id TEXT PRIMARY KEY, visibility INTEGER NOT NULL, parent_folder_id TEXT NOT NULL,
                    parent_name TEXT NOT NULL, created_at TEXT NOT NULL, modified_at TEXT NOT NULL);
                CREATE TABLE engage_list_counts(
                    list_id TEXT PRIMARY KEY, size INTEGER NOT NULL DEFAULT 0, opt_outs INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE engage_sublists(
                    list_id TEXT PRIMARY KEY, list_type INTEGER NOT NULL, name TEXT NOT NULL COLLATE NOCASE,
                    parent_list_id TEXT NOT NULL, criteria TEXT NOT NULL DEFAULT '[]');
                CREATE INDEX engage_sublists_by_name ON engage_sublists(name);
                CREATE TABLE engage_opt_states(
                    recipient_id INTEGER PRIMARY KEY, opted_in_at TEXT, opted_out_at TEXT, mailing_id TEXT,
                    job_id TEXT);
                CREATE INDEX engage_opt_states_by_date ON engage_opt_states(opted_out_at)
                    WHERE opted_out_at IS NOT NULL;
                CREATE TABLE engage_contact_list_members(
                    contact_list_id TEXT NOT NULL, recipient_id INTEGER NOT NULL, added_at TEXT NOT NULL,
                    PRIMARY KEY(contact_list_id, recipient_id));
                CREATE INDEX engage_contact_list_members_by_recipient ON engage_contact_list_members(recipient_id);
                CREATE TABLE engage_programs(
                    program_id INTEGER PRIMARY KEY, name TEXT NOT NULL, list_id TEXT NOT NULL, status TEXT NOT NULL,
                    last_contact_add_date REAL);
                CREATE TABLE engage_program_contacts(
                    program_id INTEGER NOT NULL, recipient_id INTEGER NOT NULL, added_at TEXT NOT NULL,
                    PRIMARY KEY(program_id, recipient_id));
                CREATE INDEX engage_program_contacts_by_recipient ON engage_program_contacts(recipient_id);
                CREATE TABLE engage_users(username TEXT PRIMARY KEY COLLATE NOCASE, password TEXT NOT NULL);
                CREATE TABLE engage_sessions(
                    session_id TEXT PRIMARY KEY, username TEXT NOT NULL, created_at TEXT NOT NULL);
                CREATE TABLE engage_table_joins(
                    table_id TEXT NOT NULL, list_id TEXT NOT NULL, fields TEXT NOT NULL,
                    PRIMARY KEY(table_id, list_id));
                CREATE INDEX engage_table_joins_by_list ON engage_table_joins(list_id);

                -- Lookups of the shared tables: lists by name, a list's recipients (the data jobs).
                CREATE INDEX IF NOT EXISTS engage_lists_by_name ON engage_lists(name COLLATE NOCASE);
                CREATE INDEX IF NOT EXISTS engage_recipients_by_list ON engage_recipients(list_id);

                -- SIZE of every list, kept as recipients, rows and members come and go; a removed recipient leaves
                -- no opt-out state, contact list membership or program behind.
                INSERT INTO engage_list_counts(list_id, size)
                    SELECT list_id, COUNT(*) FROM engage_recipients GROUP BY list_id;
                INSERT INTO engage_list_counts(list_id, size)
                    SELECT table_id, COUNT(*) FROM engage_table_rows WHERE true GROUP BY table_id
                    ON CONFLICT(list_id) DO UPDATE SET size = excluded.size, opt_outs = 0;
                """)
        try createTriggers(db)
    }

    /// Keeps SIZE up to date as recipients, rows and members come and go (``migrate(_:)``); a removed recipient
    /// leaves no opt-out state, contact list membership or program behind. SQLite's triggers hold their statements;
    /// PostgreSQL's call a function each.
    private static func createTriggers(_ db: StateDB) throws {
        let triggers: [(name: String, event: String, table: String, body: String)] = [
            (
                "engage_contacts_recipient_added", "INSERT", "engage_recipients",
                """
                INSERT INTO engage_list_counts(list_id) VALUES (new.list_id) ON CONFLICT DO NOTHING;
                UPDATE engage_list_counts SET size = size + 1 WHERE list_id = new.list_id;
                """
            ),
            (
                "engage_contacts_recipient_removed", "DELETE", "engage_recipients",
                """
                UPDATE engage_list_counts SET size = size - 1,
                    opt_outs = opt_outs - (SELECT COUNT(*) FROM engage_opt_states
                        WHERE recipient_id = old.recipient_id AND opted_out_at IS NOT NULL)
                    WHERE list_id = old.list_id;
                DELETE FROM engage_opt_states WHERE recipient_id = old.recipient_id;
                DELETE FROM engage_contact_list_members WHERE recipient_id = old.recipient_id;
                DELETE FROM engage_program_contacts WHERE recipient_id = old.recipient_id;
                """
            ),
            (
                "engage_contacts_row_added", "INSERT", "engage_table_rows",
                """
                INSERT INTO engage_list_counts(list_id) VALUES (new.table_id) ON CONFLICT DO NOTHING;
                UPDATE engage_list_counts SET size = size + 1 WHERE list_id = new.table_id;
                """
            ),
            (
                "engage_contacts_row_removed", "DELETE", "engage_table_rows",
                "UPDATE engage_list_counts SET size = size - 1 WHERE list_id = old.table_id;"
            ),
            (
                "engage_contacts_member_added", "INSERT", "engage_contact_list_members",
                """
                INSERT INTO engage_list_counts(list_id) VALUES (new.contact_list_id) ON CONFLICT DO NOTHING;
                UPDATE engage_list_counts SET size = size + 1 WHERE list_id = new.contact_list_id;
                """
            ),
            (
                "engage_contacts_member_removed", "DELETE", "engage_contact_list_members",
                "UPDATE engage_list_counts SET size = size - 1 WHERE list_id = old.contact_list_id;"
            ),
        ]
        for trigger in triggers {
            switch db.dialect {
            case .sqlite:
                try db.execute(
                    sql: """
                        CREATE TRIGGER \(trigger.name) AFTER \(trigger.event) ON \(trigger.table) BEGIN
                        \(trigger.body)
                        END
                        """)
            case .postgres:
                try db.execute(
                    sql: """
                        CREATE FUNCTION \(trigger.name)() RETURNS trigger LANGUAGE plpgsql AS $$
                        BEGIN
                        \(trigger.body)
                        RETURN NULL;
                        END $$
                        """)
                try db.execute(
                    sql: """
                        CREATE TRIGGER \(trigger.name) AFTER \(trigger.event) ON \(trigger.table)
                        FOR EACH ROW EXECUTE FUNCTION \(trigger.name)()
                        """)
            }
        }
    }

    /// The demo user and programs: 5001 active, 5002 inactive, 5003 pending, 5004 completed and 5005 active but past
    /// its last contact add date, all on the default database.
    static func seed(_ db: StateDB) throws {
        try db.execute(
            sql: "INSERT INTO engage_users(username, password) VALUES (?, ?) "
                + "ON CONFLICT(username) DO UPDATE SET username = excluded.username, password = excluded.password",
            arguments: [demoUser.username, demoUser.password])
        let list = EngageSchema.defaultListID
        let pastDate = Date(timeIntervalSince1970: 1_767_139_200).timeIntervalSince1970  // 2025-12-31T00:00:00Z
        for (id, name, status, lastAdd) in [
            (5001, "Welcome Series", "ACTIVE", nil), (5002, "Win-back", "INACTIVE", nil),
            (5003, "Spring Launch", "PENDING", nil), (5004, "Holiday 2025", "COMPLETED", nil),
            (5005, "Trial Nurture", "ACTIVE", pastDate),
        ] as [(Int, String, String, Double?)] {
            try db.execute(
                sql: """
                    INSERT INTO engage_programs(program_id, name, list_id, status, last_contact_add_date)
                    VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(program_id) DO UPDATE SET name = excluded.name, list_id = excluded.list_id,
                        status = excluded.status, last_contact_add_date = excluded.last_contact_add_date
                    """, arguments: [id, name, list, status, lastAdd])
        }
    }

    static func admin(
        _ method: String, _ route: [String], body: JSONValue, db: StateDB, now: Date
    ) throws -> CassetteResponse? {
        switch (method, route) {
        case ("GET", ["programs"]): return .json(status: 200, ["programs": .array(try programsJSON(db))])
        case ("POST", ["programs"]): return try addProgram(body, db: db)
        case ("GET", ["users"]):
            let names = try String.fetchAll(db.cachedStatement(sql: "SELECT username FROM engage_users ORDER BY 1"))
            return .json(status: 200, ["users": .array(names.map { ["username": .string($0)] })])
        case ("POST", ["users"]):
            guard let username = body["username"]?.stringValue, !username.isEmpty,
                let password = body["password"]?.stringValue, !password.isEmpty
            else { return EngageAdmin.problem(400, "username and password are required") }
            try db.execute(
                sql: "INSERT INTO engage_users(username, password) VALUES (?, ?) "
                    + "ON CONFLICT(username) DO UPDATE SET username = excluded.username, password = excluded.password",
                arguments: [username, password])
            return .json(status: 201, ["username": .string(username)])
        case ("GET", ["contact-lists"]): return .json(status: 200, ["lists": .array(try sublistsJSON(db))])
        case ("GET", ["opt-outs"]):
            let rows = try StateRow.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT o.recipient_id, r.list_id, o.opted_out_at FROM engage_opt_states o
                        JOIN engage_recipients r ON r.recipient_id = o.recipient_id
                        WHERE o.opted_out_at IS NOT NULL ORDER BY o.recipient_id
                        """))
            return .json(
                status: 200,
                [
                    "optOuts": .array(
                        rows.map {
                            [
                                "recipientId": .string(String($0["recipient_id"] as Int)),
                                "listID": .string($0["list_id"]),
                                "optedOut": .string($0["opted_out_at"]),
                            ]
                        })
                ])
        default: return nil
        }
    }

    private static func addProgram(_ body: JSONValue, db: StateDB) throws -> CassetteResponse {
        guard let id = body["programID"].flatMap({ $0.stringValue ?? $0.numberValue?.text }).flatMap({ Int($0) }) else {
            return EngageAdmin.problem(400, "programID (a whole number) is required")
        }
        let status = body["status"]?.stringValue?.uppercased() ?? "ACTIVE"
        guard ["ACTIVE", "PENDING", "INACTIVE", "COMPLETED"].contains(status) else {
            return EngageAdmin.problem(400, "status must be ACTIVE, PENDING, INACTIVE or COMPLETED")
        }
        var lastAdd: Double?
        if let text = body["lastContactAddDate"]?.stringValue {
            guard let date = RFC3339.date(from: text) else {
                return EngageAdmin.problem(400, "lastContactAddDate must be an RFC 3339 date")
            }
            lastAdd = date.timeIntervalSince1970
        }
        try db.execute(
            sql: """
                INSERT INTO engage_programs(program_id, name, list_id, status, last_contact_add_date)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(program_id) DO UPDATE SET name = excluded.name, list_id = excluded.list_id,
                    status = excluded.status, last_contact_add_date = excluded.last_contact_add_date
                """,
            arguments: [
                id, body["name"]?.stringValue ?? "Program \(id)",
                body["listID"]?.stringValue ?? EngageSchema.defaultListID, status, lastAdd,
            ])
        return .json(status: 201, ["programID": .string(String(id)), "status": .string(status)])
    }

    private static func programsJSON(_ db: StateDB) throws -> [JSONValue] {
        try StateRow.fetchAll(db.cachedStatement(sql: "SELECT * FROM engage_programs ORDER BY program_id")).map { row in
            let id: Int = row["program_id"]
            let contacts = try Int.fetchAll(
                db.cachedStatement(
                    sql: "SELECT recipient_id FROM engage_program_contacts WHERE program_id = ? ORDER BY recipient_id"),
                arguments: [id])
            var json = JSONObject([
                ("programID", .string(String(id))), ("name", .string(row["name"])), ("listID", .string(row["list_id"])),
                ("status", .string(row["status"])), ("contacts", .array(contacts.map { .string(String($0)) })),
            ])
            if let lastAdd: Double = row["last_contact_add_date"] {
                json["lastContactAddDate"] = .string(EngageTime.iso(Date(timeIntervalSince1970: lastAdd)))
            }
            return .object(json)
        }
    }

    private static func sublistsJSON(_ db: StateDB) throws -> [JSONValue] {
        try StateRow.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM engage_sublists ORDER BY CAST(list_id AS INTEGER)")
        )
        .map { row in
            let id: String = row["list_id"]
            let members = try Int.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT recipient_id FROM engage_contact_list_members WHERE contact_list_id = ?
                        ORDER BY recipient_id
                        """), arguments: [id])
            return [
                "listID": .string(id), "type": .number(JSONNumber(row["list_type"] as Int)),
                "name": .string(row["name"]), "parentListID": .string(row["parent_list_id"]),
                "criteria": try JSONValue(parsing: row["criteria"] as String),
                "members": .array(members.map { .string(String($0)) }),
            ]
        }
    }
}
