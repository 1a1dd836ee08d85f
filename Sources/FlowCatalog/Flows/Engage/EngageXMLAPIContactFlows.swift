import CassetteKit
import ContractKit
import EngageSDK
import Foundation
import JSONCore
import LibXML

/// XMLAPI operation flows of group A (lists, contact lists, queries, opt-in/opt-out, sessions, programs, relational
/// tables), issue #34: each request is built with `XMLAPI.resourceNamed(_:params:)` and posted as the README does;
/// DeleteRelationalTableData adds its `KEY_COLUMN name="…"` rows with `XMLAPI.add(tree:)`, as `addParams` writes no
/// attributes.
extension EngageFlows {
    static var contactOperationFlows: [Flow] {
        [
            doubleOptInRecipientFlow, optOutRecipientFlow, optOutByMailingLinkFlow, loginFlow, logoutFlow, getListsFlow,
            createContactListFlow, addContactToContactListFlow, addContactToProgramFlow, createQueryFlow,
            setColumnValueFlow, createTableFlow, joinTableFlow, deleteRelationalTableDataFlow, deleteTableFlow,
        ] + contactErrorFlows
    }

    /// A flow of several operations on one app's Engage, returning what each answered.
    static func contactFlow(
        _ name: String, summary: String, documentation: String, kind: Flow.Kind = .flow,
        setup: [CassetteRequest] = [], facts: [Fact] = [],
        _ body: @escaping @Sendable (Engage) async throws -> Outcome
    ) -> Flow {
        Flow(
            vendor: "engage", name: name, documentation: documentation, kind: kind, summary: summary,
            simulatorSetup: [Env.settings()] + setup, facts: facts
        ) { context in
            try await body(try Env.engage(context))
        }
    }

    /// The text of `path` (inside `RESULT`) in an ``EngageFlowEnvironment/post(_:_:_:)`` outcome.
    static func resultValue(_ outcome: Outcome, _ path: String...) -> String {
        var node = outcome["result"]
        for name in path { node = node?[name] }
        return node?.stringValue ?? ""
    }

    static let acoustic = "Acoustic Campaign XML API reference"

    /// CreateContactList of the contact list "VIP customers" in the demo database, private (0) or shared (1).
    static func createVIPContactList(_ engage: Engage, visibility: Int = 1) async throws -> Outcome {
        try await Env.post(
            engage, XMLAPI_OPERATION_CREATE_CONTACT_LIST,
            ["DATABASE_ID": Env.listID, "CONTACT_LIST_NAME": "VIP customers", "VISIBILITY": visibility])
    }

    /// A new shared "VIP customers" list, then AddContactToContactList of the contact `columns` find: both answers.
    static func addToNewContactList(_ engage: Engage, columns: [String: String]) async throws -> Outcome {
        let create = try await createVIPContactList(engage)
        let add = try await Env.post(
            engage, XMLAPI_OPERATION_ADD_CONTACT_TO_CONTACT_LIST,
            ["CONTACT_LIST_ID": resultValue(create, "CONTACT_LIST_ID"), "COLUMNS": columns])
        return ["create": create, "add": add]
    }

    // MARK: - Opt-in and opt-out

    static let doubleOptInRecipientFlow = contactFlow(
        "double-opt-in-recipient",
        summary:
            "DoubleOptInRecipient confirms a new contact by its Email column; SelectRecipientData shows it opted in",
        documentation: "\(acoustic), Double opt-in a contact (DoubleOptInRecipient); Retrieve contact information",
        facts: [.assumed("an unknown contact is added (CreatedFrom 2, opted in); any database takes double opt-ins")]
    ) { engage in
        let confirm = try await Env.post(
            engage, XMLAPI_OPERATION_DOUBLE_OPT_IN_RECIPIENT,
            ["LIST_ID": Env.listID, "COLUMNS": ["EMAIL": "dana@example.com", "Mobile User Id": "M-DANA"]])
        let select = try await Env.post(
            engage, XMLAPI_OPERATION_SELECT_RECIPIENT_DATA,
            ["LIST_ID": Env.listID, "RECIPIENT_ID": resultValue(confirm, "RecipientId")])
        return ["confirm": confirm, "select": select]
    }

    static let optOutRecipientFlow = contactFlow(
        "opt-out-recipient",
        summary:
            "OptOutRecipient by email opts the contact out: SelectRecipientData shows OptedOut, GetLists counts it",
        documentation:
            "\(acoustic), Opt-out a contact (OptOutRecipient); Retrieve contact information; Get a list of databases",
        setup: [Env.addRecipient([("Email", "ann@example.com"), ("Mobile User Id", "M-ANN")])]
    ) { engage in
        let optOut = try await Env.post(
            engage, XMLAPI_OPERATION_OPT_OUT_RECIPIENT, ["LIST_ID": Env.listID, "EMAIL": "ann@example.com"])
        let select = try await Env.post(
            engage, XMLAPI_OPERATION_SELECT_RECIPIENT_DATA, ["LIST_ID": Env.listID, "EMAIL": "ann@example.com"])
        let lists = try await Env.post(engage, XMLAPI_OPERATION_GET_LISTS, ["VISIBILITY": 1, "LIST_TYPE": 0])
        return ["optOut": optOut, "select": select, "lists": lists]
    }

    static let optOutByMailingLinkFlow = contactFlow(
        "opt-out-recipient-by-mailing-link",
        summary: "OptOutRecipient from a personalised opt-out link: MAILING_ID, RECIPIENT_ID and JOB_ID, no EMAIL",
        documentation: "\(acoustic), Opt-out a contact (OptOutRecipient): EMAIL is not required with all three",
        setup: [Env.addRecipient([("Email", "bob@example.com")])]
    ) { engage in
        let optOut = try await Env.post(
            engage, XMLAPI_OPERATION_OPT_OUT_RECIPIENT,
            ["LIST_ID": Env.listID, "MAILING_ID": 41781, "RECIPIENT_ID": 100001, "JOB_ID": 77])
        let select = try await Env.post(
            engage, XMLAPI_OPERATION_SELECT_RECIPIENT_DATA, ["LIST_ID": Env.listID, "RECIPIENT_ID": 100001])
        return ["optOut": optOut, "select": select]
    }

    // MARK: - Sessions

    static let loginFlow = EngageFlows.operationFlow(
        name: "login", operation: XMLAPI_OPERATION_LOGIN,
        params: { ["USERNAME": "api-user@example.com", "PASSWORD": "sim-api-password"] },
        summary: "Login (legacy session) answers a SESSIONID and its ;jsessionid= encoding",
        documentation: "\(acoustic), Legacy authentication method: JSESSIONID user sessions (Login)",
        facts: [.assumed("the simulator's demo user api-user@example.com")])

    static let logoutFlow = EngageFlows.operationFlow(
        name: "logout", operation: XMLAPI_OPERATION_LOG_OUT, params: { [:] },
        summary: "Logout succeeds",
        documentation: "\(acoustic), Legacy authentication method: JSESSIONID user sessions (Logout)",
        facts: [.assumed("with a bearer token there is no session on the URL to close; Logout succeeds")])

    // MARK: - Lists, contact lists, queries

    static let getListsFlow = contactFlow(
        "get-lists",
        summary: "GetLists of shared databases and of shared relational tables",
        documentation: "\(acoustic), Get a list of databases (GetLists)",
        facts: [.assumed("lists made without a visibility (the demo data) are shared, in folder 1000")]
    ) { engage in
        let databases = try await Env.post(engage, XMLAPI_OPERATION_GET_LISTS, ["VISIBILITY": 1, "LIST_TYPE": 0])
        let tables = try await Env.post(engage, XMLAPI_OPERATION_GET_LISTS, ["VISIBILITY": 1, "LIST_TYPE": 15])
        return ["databases": databases, "relationalTables": tables]
    }

    static let createContactListFlow = contactFlow(
        "create-contact-list",
        summary: "CreateContactList makes a private contact list of the database; GetLists of contact lists shows it",
        documentation: "CreateContactList as the public PHP and Python clients send it; \(acoustic), GetLists",
        facts: [.assumed("a list created without PARENT_FOLDER_ID sits in the private (1001) or shared (1000) root")]
    ) { engage in
        let create = try await createVIPContactList(engage, visibility: 0)
        let lists = try await Env.post(engage, XMLAPI_OPERATION_GET_LISTS, ["VISIBILITY": 0, "LIST_TYPE": 18])
        return ["create": create, "lists": lists]
    }

    static let addContactToContactListFlow = contactFlow(
        "add-contact-to-contact-list",
        summary:
            "AddContactToContactList by CONTACT_ID (twice: added once) and by COLUMN; SelectRecipientData returns the contact lists",
        documentation:
            "\(acoustic), Add a contact to a contact list (AddContactToContactList); Retrieve contact information (RETURN_CONTACT_LISTS)",
        setup: [
            Env.addRecipient([("Email", "ann@example.com")]), Env.addRecipient([("Email", "bob@example.com")]),
        ]
    ) { engage in
        let create = try await createVIPContactList(engage)
        let list = resultValue(create, "CONTACT_LIST_ID")
        let byID = try await Env.post(
            engage, XMLAPI_OPERATION_ADD_CONTACT_TO_CONTACT_LIST, ["CONTACT_LIST_ID": list, "CONTACT_ID": 100001])
        let again = try await Env.post(
            engage, XMLAPI_OPERATION_ADD_CONTACT_TO_CONTACT_LIST, ["CONTACT_LIST_ID": list, "CONTACT_ID": 100001])
        let byColumn = try await Env.post(
            engage, XMLAPI_OPERATION_ADD_CONTACT_TO_CONTACT_LIST,
            ["CONTACT_LIST_ID": list, "COLUMNS": ["Email": "bob@example.com"]])
        let select = try await Env.post(
            engage, XMLAPI_OPERATION_SELECT_RECIPIENT_DATA,
            ["LIST_ID": Env.listID, "RECIPIENT_ID": 100001, "RETURN_CONTACT_LISTS": true])
        let lists = try await Env.post(engage, XMLAPI_OPERATION_GET_LISTS, ["VISIBILITY": 1, "LIST_TYPE": 18])
        return [
            "create": create, "byId": byID, "again": again, "byColumn": byColumn, "select": select, "lists": lists,
        ]
    }

    static let addContactToProgramFlow = EngageFlows.operationFlow(
        name: "add-contact-to-program", operation: XMLAPI_OPERATION_ADD_CONTACT_TO_PROGRAM,
        params: { ["PROGRAM_ID": 5001, "CONTACT_ID": 100001] },
        summary: "AddContactToProgram adds a contact of the program's database to the active program 5001",
        documentation: "\(acoustic), Add a contact to a program (AddContactToProgram)",
        simulatorSetup: [Env.addRecipient([("Email", "ann@example.com")])],
        facts: [.assumed("the simulator's demo programs (5001 active on the default database)")])

    /// A classic CreateQuery criterion: the Mobile User Id column is not blank.
    static var hasAppCriteria: [String: Any] {
        [
            "EXPRESSION": [
                "TYPE": "TE", "COLUMN_NAME": "Mobile User Id", "OPERATORS": "<>", "VALUES": "",
            ] as [String: Any]
        ]
    }

    static let createQueryFlow = contactFlow(
        "create-query",
        summary: "CreateQuery makes a query of the database (ListId); GetLists of queries shows it",
        documentation: "\(acoustic), Create a database query (CreateQuery); Get a list of databases (GetLists)",
        facts: [.assumed("a query's SIZE is 0 until a data job works its members out")]
    ) { engage in
        let create = try await Env.post(
            engage, XMLAPI_OPERATION_CREATE_QUERY,
            [
                "QUERY_NAME": "App users", "PARENT_LIST_ID": Env.listID, "VISIBILITY": 1,
                "CRITERIA": hasAppCriteria,
            ])
        let lists = try await Env.post(engage, XMLAPI_OPERATION_GET_LISTS, ["VISIBILITY": 1, "LIST_TYPE": 1])
        return ["create": create, "lists": lists]
    }

    static let setColumnValueFlow = contactFlow(
        "set-column-value",
        summary:
            "SetColumnValue sets a column for every contact of the database (a data job); SelectRecipientData shows it",
        documentation:
            "SetColumnValue as the public Java clients send it (LIST_ID, COLUMN_NAME, ACTION 1, COLUMN_VALUE)",
        setup: [
            Env.addRecipient([("Email", "ann@example.com")]), Env.addRecipient([("Email", "bob@example.com")]),
        ],
        facts: [.assumed("the values are written when the job starts")]
    ) { engage in
        let set = try await Env.post(
            engage, XMLAPI_OPERATION_SET_COLUMN_VALUE,
            ["LIST_ID": Env.listID, "COLUMN_NAME": "Mobile User Id", "ACTION": 1, "COLUMN_VALUE": "app-user"])
        let select = try await Env.post(
            engage, XMLAPI_OPERATION_SELECT_RECIPIENT_DATA, ["LIST_ID": Env.listID, "RECIPIENT_ID": 100002])
        return ["set": set, "select": select]
    }

    // MARK: - Relational tables

    /// CreateTable's `COLUMNS` for a purchases table keyed by `Record Id`.
    static let purchaseColumns: [[(String, String)]] = [
        [("NAME", "Record Id"), ("TYPE", "TEXT"), ("IS_REQUIRED", "true"), ("KEY_COLUMN", "true")],
        [("NAME", "Email"), ("TYPE", "EMAIL")],
        [("NAME", "Amount"), ("TYPE", "NUMERIC"), ("DEFAULT_VALUE", "0")],
    ]

    /// CreateTable `name` with `columns`: `TABLE_NAME` through `addParams`, and `COLUMNS` (whose name `addParams`
    /// keeps for the README's `COLUMN` name/value pairs) as a tree.
    static func createTable(_ name: String, _ columns: [[(String, String)]] = purchaseColumns) -> XMLAPI {
        var api = XMLAPI.resourceNamed(XMLAPI_OPERATION_CREATE_TABLE, params: ["TABLE_NAME": name])
        api.add(
            tree: XML.Element(
                "COLUMNS",
                elements: columns.map { column in
                    XML.Element("COLUMN", elements: column.map { XML.Element($0.0, text: $0.1) })
                }))
        return api
    }

    static let createTableFlow = contactFlow(
        "create-table",
        summary:
            "CreateTable makes a relational table keyed by its KEY_COLUMN (TABLE_ID); GetLists of relational tables shows it",
        documentation: "\(acoustic), Create a relational table (CreateTable); Get a list of databases (GetLists)",
        facts: [.assumed("a created table is shared")]
    ) { engage in
        let create = try await post(engage, createTable("Purchases"))
        let lists = try await Env.post(engage, XMLAPI_OPERATION_GET_LISTS, ["VISIBILITY": 1, "LIST_TYPE": 15])
        return ["create": create, "lists": lists]
    }

    static let joinTableFlow = contactFlow(
        "join-table",
        summary: "JoinTable associates a new relational table with the database by Email (a data job), then removes it",
        documentation: "JoinTable as the Silverpop Java client sends it; \(acoustic), Relational table management",
        facts: [.assumed("the association is stored when the job starts")]
    ) { engage in
        let create = try await post(engage, createTable("Purchases"))
        let join = try await Env.post(
            engage, XMLAPI_OPERATION_JOIN_TABLE,
            [
                "TABLE_ID": resultValue(create, "TABLE_ID"), "LIST_ID": Env.listID,
                "MAP_FIELD": ["LIST_FIELD": "Email", "TABLE_FIELD": "Email"],
            ])
        let remove = try await Env.post(
            engage, XMLAPI_OPERATION_JOIN_TABLE,
            ["TABLE_NAME": "Purchases", "LIST_NAME": "Mobile App Users", "REMOVE": true])
        return ["create": create, "join": join, "remove": remove]
    }

    static let deleteRelationalTableDataFlow = contactFlow(
        "delete-relational-table-data",
        summary: "DeleteRelationalTableData deletes an audit row by key; a key no row has is a permanent FAILURE",
        documentation: "\(acoustic), Delete records from a relational table (DeleteRelationalTableData)"
    ) { engage in
        let insert = try await engage.xmlAPI.insertUpdateRelationalTable(
            tableID: Env.auditTableID,
            rows: [
                [XMLAPI.NameValue("Audit Record Id", "A-1"), XMLAPI.NameValue("Old Recipient Id", "1")],
                [XMLAPI.NameValue("Audit Record Id", "A-2"), XMLAPI.NameValue("Old Recipient Id", "2")],
            ])
        var delete = XMLAPI.resourceNamed(
            XMLAPI_OPERATION_DELETE_RELATIONAL_TABLE_DATA, params: ["TABLE_ID": Env.auditTableID])
        delete.add(
            tree: XML.Element(
                "ROWS",
                elements: ["A-1", "A-9"].map { key in
                    XML.Element(
                        "ROW",
                        elements: [
                            XML.Element(
                                "KEY_COLUMN", cdata: key, attributes: [XML.Attribute("name", "Audit Record Id")])
                        ])
                }))
        let deleted = try await post(engage, delete)
        let lists = try await Env.post(engage, XMLAPI_OPERATION_GET_LISTS, ["VISIBILITY": 1, "LIST_TYPE": 15])
        return ["insert": Env.outcome(insert), "delete": deleted, "lists": lists]
    }

    static let deleteTableFlow = contactFlow(
        "delete-table",
        summary: "DeleteTable deletes a relational table (a data job); GetLists no longer lists it",
        documentation: "\(acoustic), Delete a relational table (DeleteTable); Get a list of databases (GetLists)",
        facts: [.assumed("the table is gone when the job starts")]
    ) { engage in
        let create = try await post(engage, createTable("Purchases"))
        let delete = try await Env.post(
            engage, XMLAPI_OPERATION_DELETE_TABLE, ["TABLE_ID": resultValue(create, "TABLE_ID")])
        let lists = try await Env.post(engage, XMLAPI_OPERATION_GET_LISTS, ["VISIBILITY": 1, "LIST_TYPE": 15])
        return ["create": create, "delete": delete, "lists": lists]
    }

    /// Posts a request built beyond `addParams` and returns what ``EngageFlowEnvironment/post(_:_:_:)`` returns.
    static func post(_ engage: Engage, _ api: XMLAPI) async throws -> Outcome {
        let result = try await engage.xmlAPI.post(api)
        var object = JSONObject([("success", .bool(result.isSuccess))])
        if let errorID = result.errorID { object["errorId"] = .number(JSONNumber(errorID)) }
        if let fault = result.faultString, !result.isSuccess { object["faultString"] = .string(fault) }
        if result.isSuccess, let tree = Env.resultTree(result) { object["result"] = tree }
        return .object(object)
    }
}
