import CassetteKit
import EngageSDK
import Foundation
import HarnessTesting
import JSONCore
import LibXML
import Testing

/// The list, contact list, query, opt-in/opt-out, session, program and relational-table operations (issue #34,
/// group A) against the simulator: every answer, fault or not, is also checked against the operation's result XSD.
@Suite("EngageSimulator contact operations")
struct ContactOperationsTests {
    /// A simulator with a token that validates every request it sends (unless told the request is malformed on
    /// purpose) and every answer.
    struct Harness {
        let simulator: SimulatorFixture
        let token: String

        init() async throws {
            simulator = try await SimulatorFixture()
            // A token that outlives the days the tests move the clock on.
            _ = try await simulator.admin("PUT", "/settings", ["tokenLifetime": 31_536_000])
            token = try await simulator.token()
        }

        static let schemas: [String: String] = [
            "OptOutRecipient": "opt-out-recipient", "DoubleOptInRecipient": "double-opt-in-recipient",
            "Login": "login", "Logout": "logout", "GetLists": "get-lists", "CreateContactList": "create-contact-list",
            "AddContactToContactList": "add-contact-to-contact-list", "AddContactToProgram": "add-contact-to-program",
            "CreateQuery": "create-query", "SetColumnValue": "set-column-value", "CreateTable": "create-table",
            "JoinTable": "join-table", "DeleteRelationalTableData": "delete-relational-table-data",
            "DeleteTable": "delete-table", "SelectRecipientData": "select-recipient-data",
            "RemoveRecipient": "remove-recipient", "InsertUpdateRelationalTable": "insert-update-relational-table",
            "GetListMetaData": "get-list-metadata", "AddRecipient": "add-recipient",
        ]

        /// Sends `<operation>inner</operation>`; the answer must validate against the operation's result XSD, and the
        /// request against its request XSD unless `malformed`.
        @discardableResult
        func send(_ operation: String, _ inner: String, malformed: Bool = false) async throws -> XMLAPIResult {
            try await simulator.xmlAPI(
                operation, inner, schema: try #require(Self.schemas[operation]), token: token,
                validatingRequest: !malformed)
        }

        /// Adds a recipient of the default database through the admin API; answers its id.
        func recipient(_ columns: [String: String]) async throws -> String {
            let added = try await simulator.admin(
                "POST", "/lists/23949/recipients",
                ["columns": .object(JSONObject(columns.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))]
            )
            return try #require(added["recipientId"]?.stringValue)
        }

        func select(_ id: String, contactLists: Bool = false) async throws -> XMLAPIResult {
            let flag = contactLists ? "<RETURN_CONTACT_LISTS>true</RETURN_CONTACT_LISTS>" : ""
            return try await send(
                "SelectRecipientData", "<LIST_ID>23949</LIST_ID><RECIPIENT_ID>\(id)</RECIPIENT_ID>\(flag)")
        }

        /// The `LIST` entries of a GetLists answer as (ID, NAME, TYPE, SIZE, NUM_OPT_OUTS).
        func lists(visibility: Int = 1, type: Int, extra: String = "") async throws -> [ListEntry] {
            let result = try await send(
                "GetLists", "<VISIBILITY>\(visibility)</VISIBILITY><LIST_TYPE>\(type)</LIST_TYPE>\(extra)")
            #expect(result.isSuccess, "\(result.faultString ?? "")")
            return (result.envelope.descendant(["Body", "RESULT"])?.all("LIST") ?? []).map(ListEntry.init)
        }

        func setClock(_ iso: String) async throws {
            _ = try await simulator.admin("PUT", "/settings", ["now": .string(iso)])
        }
    }

    struct ListEntry: Equatable {
        var id: String
        var name: String
        var type: String
        var size: String
        var optOuts: String

        init(_ element: XML.Element) {
            id = element.first("ID")?.text ?? ""
            name = element.first("NAME")?.text ?? ""
            type = element.first("TYPE")?.text ?? ""
            size = element.first("SIZE")?.text ?? ""
            optOuts = element.first("NUM_OPT_OUTS")?.text ?? ""
        }
    }

    static func column(_ name: String, _ value: String) -> String {
        "<COLUMN><NAME>\(name)</NAME><VALUE>\(value)</VALUE></COLUMN>"
    }

    static func value(_ result: XMLAPIResult, _ path: String...) -> String? {
        result.envelope.descendant(["Body", "RESULT"] + path)?.text
    }

    @Suite("OptOutRecipient and DoubleOptInRecipient")
    struct OptInOut {
        @Test("Opting out by email stamps OptedOut, counts the opt-out and keeps the first date")
        func optOutByEmail() async throws {
            let harness = try await Harness()
            let ann = try await harness.recipient(["Email": "ann@example.com"])
            #expect(value(try await harness.select(ann), "OptedOut") == "")
            let out = try await harness.send(
                "OptOutRecipient", "<LIST_ID>23949</LIST_ID><EMAIL>ANN@example.com</EMAIL>")
            #expect(out.isSuccess)
            #expect(out.recipientID == ann)
            #expect(value(try await harness.select(ann), "OptedOut") == "1/1/26 12:00 AM")
            #expect(try await harness.lists(type: 0).first { $0.id == "23949" }?.optOuts == "1")
            try await harness.setClock("2026-01-02T09:30:00Z")
            #expect(
                try await harness.send("OptOutRecipient", "<LIST_ID>23949</LIST_ID><EMAIL>ann@example.com</EMAIL>")
                    .isSuccess)
            #expect(value(try await harness.select(ann), "OptedOut") == "1/1/26 12:00 AM")
            #expect(try await harness.lists(type: 0).first { $0.id == "23949" }?.optOuts == "1")
            try await harness.send("RemoveRecipient", "<LIST_ID>23949</LIST_ID><EMAIL>ann@example.com</EMAIL>")
            #expect(try await harness.lists(type: 0).first { $0.id == "23949" }?.optOuts == "0")
        }

        @Test("Every contact with the email is opted out; key COLUMNs narrow it down")
        func optOutEveryMatch() async throws {
            let harness = try await Harness()
            let first = try await harness.recipient(["Email": "twin@example.com", "Mobile User Id": "A"])
            let second = try await harness.recipient(["Email": "twin@example.com", "Mobile User Id": "B"])
            try await harness.send(
                "OptOutRecipient",
                "<LIST_ID>23949</LIST_ID><EMAIL>twin@example.com</EMAIL>" + column("Mobile User Id", "B"))
            #expect(value(try await harness.select(first), "OptedOut") == "")
            #expect(value(try await harness.select(second), "OptedOut") != "")
            try await harness.send("OptOutRecipient", "<LIST_ID>23949</LIST_ID><EMAIL>twin@example.com</EMAIL>")
            #expect(value(try await harness.select(first), "OptedOut") != "")
        }

        @Test("A personalised opt-out link (MAILING_ID, RECIPIENT_ID, JOB_ID) needs no EMAIL")
        func optOutByLink() async throws {
            let harness = try await Harness()
            let bob = try await harness.recipient(["Email": "bob@example.com"])
            let out = try await harness.send(
                "OptOutRecipient",
                "<LIST_ID>23949</LIST_ID><MAILING_ID>41781</MAILING_ID><RECIPIENT_ID>\(bob)</RECIPIENT_ID><JOB_ID>77</JOB_ID>"
            )
            #expect(out.isSuccess)
            #expect(value(try await harness.select(bob), "OptedOut") == "1/1/26 12:00 AM")
            let optOuts = try await harness.simulator.admin("GET", "/opt-outs")
            #expect(optOuts["optOuts"]?.arrayValue?.count == 1)
        }

        @Test("OptOutRecipient faults: 125 database, 100 missing parameters, 124, 128, 314")
        func optOutFaults() async throws {
            let harness = try await Harness()
            _ = try await harness.recipient(["Email": "ann@example.com"])
            let cases: [(String, Int, Bool)] = [
                ("<EMAIL>ann@example.com</EMAIL>", 125, false),
                ("<LIST_ID>777</LIST_ID><EMAIL>ann@example.com</EMAIL>", 125, false),
                ("<LIST_ID>29392</LIST_ID><EMAIL>ann@example.com</EMAIL>", 125, false),
                ("<LIST_ID>23949</LIST_ID><MAILING_ID>1</MAILING_ID><RECIPIENT_ID>100001</RECIPIENT_ID>", 100, false),
                ("<LIST_ID>23949</LIST_ID>", 100, false),
                (
                    "<LIST_ID>23949</LIST_ID><MAILING_ID>1</MAILING_ID><RECIPIENT_ID>x</RECIPIENT_ID><JOB_ID>2</JOB_ID>",
                    124, true
                ),
                (
                    "<LIST_ID>23949</LIST_ID><MAILING_ID>1</MAILING_ID><RECIPIENT_ID>9</RECIPIENT_ID><JOB_ID>2</JOB_ID>",
                    128, false
                ),
                ("<LIST_ID>23949</LIST_ID><EMAIL>nobody@example.com</EMAIL>", 128, false),
                ("<LIST_ID>23949</LIST_ID><EMAIL>ann@example.com</EMAIL>" + column("Shoe", "9"), 314, false),
            ]
            for (inner, errorID, malformed) in cases {
                let result = try await harness.send("OptOutRecipient", inner, malformed: malformed)
                #expect(result.errorID == errorID, "\(inner): \(result.faultString ?? "")")
            }
        }

        @Test("DoubleOptInRecipient adds a new contact opted in, and confirms an existing one, undoing an opt-out")
        func doubleOptIn() async throws {
            let harness = try await Harness()
            let added = try await harness.send(
                "DoubleOptInRecipient",
                "<LIST_ID>23949</LIST_ID><SEND_AUTOREPLY>true</SEND_AUTOREPLY>" + column("EMAIL", "new@example.com")
                    + column("Mobile User Id", "M-1"))
            #expect(added.isSuccess)
            let id = try #require(added.recipientID)
            let selected = try await harness.select(id)
            #expect(value(selected, "CreatedFrom") == "2")
            #expect(value(selected, "OptedIn") == "1/1/26 12:00 AM")
            #expect(selected.column("Mobile User Id") == "M-1")

            try await harness.send("OptOutRecipient", "<LIST_ID>23949</LIST_ID><EMAIL>new@example.com</EMAIL>")
            try await harness.setClock("2026-01-03T15:45:00Z")
            let confirmed = try await harness.send(
                "DoubleOptInRecipient",
                "<LIST_ID>23949</LIST_ID>" + column("EMAIL", "NEW@example.com") + column("Mobile User Id", "M-2"))
            #expect(confirmed.recipientID == id)
            let after = try await harness.select(id)
            #expect(value(after, "OptedIn") == "1/3/26 3:45 PM")
            #expect(value(after, "OptedOut") == "")
            #expect(after.column("Mobile User Id") == "M-2")
            #expect(try await harness.lists(type: 0).first { $0.id == "23949" }?.optOuts == "0")
        }

        @Test("DoubleOptInRecipient faults: 125, 121 no Email column, 314, 316, 118")
        func doubleOptInFaults() async throws {
            let harness = try await Harness()
            let cases: [(String, Int, Bool)] = [
                (column("EMAIL", "a@b.c"), 125, false),
                ("<LIST_ID>23949</LIST_ID>" + column("Mobile User Id", "M"), 121, false),
                ("<LIST_ID>23949</LIST_ID>" + column("EMAIL", "a@b.c") + column("Shoe", "9"), 314, false),
                ("<LIST_ID>23949</LIST_ID><COLUMN><VALUE>x</VALUE></COLUMN>", 316, true),
                (
                    "<LIST_ID>23949</LIST_ID><SEND_AUTOREPLY>maybe</SEND_AUTOREPLY>" + column("EMAIL", "a@b.c"), 118,
                    true
                ),
            ]
            for (inner, errorID, malformed) in cases {
                let result = try await harness.send("DoubleOptInRecipient", inner, malformed: malformed)
                #expect(result.errorID == errorID, "\(inner): \(result.faultString ?? "")")
            }
        }
    }

    @Suite("Login, Logout and AddContactToProgram")
    struct SessionsAndPrograms {
        @Test("Login answers a session for a known user; an unknown user or wrong password is fault 140 of SP.Admin")
        func login() async throws {
            let harness = try await Harness()
            let ok = try await harness.send(
                "Login", "<USERNAME>api-user@example.com</USERNAME><PASSWORD>sim-api-password</PASSWORD>")
            #expect(ok.isSuccess)
            let session = try #require(value(ok, "SESSIONID"))
            #expect(value(ok, "SESSION_ENCODING") == ";jsessionid=\(session)")
            let next = try await harness.send(
                "Login", "<USERNAME>API-USER@example.com</USERNAME><PASSWORD>sim-api-password</PASSWORD>")
            #expect(value(next, "SESSIONID") != session)
            let unknown = try await harness.send("Login", "<USERNAME>who</USERNAME><PASSWORD>x</PASSWORD>")
            #expect(unknown.errorID == 140)
            #expect(unknown.errorClass == "SP.Admin")
            #expect(unknown.faultString == "Unable to login user: who - USER_NOT_FOUND.")
            let wrong = try await harness.send(
                "Login", "<USERNAME>api-user@example.com</USERNAME><PASSWORD>nope</PASSWORD>")
            #expect(wrong.errorID == 140)
            _ = try await harness.simulator.admin("POST", "/users", ["username": "ops", "password": "pw"])
            #expect(try await harness.send("Login", "<USERNAME>ops</USERNAME><PASSWORD>pw</PASSWORD>").isSuccess)
            #expect(try await harness.send("Logout", "").isSuccess)
        }

        @Test("A contact of the program's database joins an active program once")
        func addContactToProgram() async throws {
            let harness = try await Harness()
            let ann = try await harness.recipient(["Email": "ann@example.com"])
            let add = "<PROGRAM_ID>5001</PROGRAM_ID><CONTACT_ID>\(ann)</CONTACT_ID>"
            #expect(try await harness.send("AddContactToProgram", add).isSuccess)
            let again = try await harness.send("AddContactToProgram", add)
            #expect(again.errorID == 653)
            #expect(again.faultString == "The specified CONTACT_ID is already an active participant in the Program.")
            let programs = try await harness.simulator.admin("GET", "/programs")
            #expect(programs["programs"]?[0]?["contacts"] == [.string(ann)])
        }

        @Test(
            "Each documented refusal of AddContactToProgram is fault 653",
            arguments: [
                ("5002", "The specified program status is Inactive and not accepting new contacts."),
                ("5003", "The specified program status is Pending and not accepting new contacts."),
                ("5004", "The specified program status is Completed and not accepting new contacts."),
                ("5005", "The specified PROGRAM_ID has a Last Contact Add Date in the past."),
                ("4040", "The specified PROGRAM_ID does not exist."),
                ("5006", "The specified CONTACT_ID is not in the database that is associated with the Program."),
            ])
        func programRefusals(program: String, message: String) async throws {
            let harness = try await Harness()
            let ann = try await harness.recipient(["Email": "ann@example.com"])
            _ = try await harness.simulator.admin(
                "POST", "/lists", ["listID": "777", "name": "Other", "columns": [["name": "Email"]]])
            _ = try await harness.simulator.admin(
                "POST", "/programs", ["programID": 5006, "name": "Elsewhere", "listID": "777"])
            let result = try await harness.send(
                "AddContactToProgram", "<PROGRAM_ID>\(program)</PROGRAM_ID><CONTACT_ID>\(ann)</CONTACT_ID>")
            #expect(result.errorID == 653)
            #expect(result.errorClass == "SP.API")
            #expect(result.faultString == message)
        }

        @Test("AddContactToProgram without PROGRAM_ID or CONTACT_ID is fault 100")
        func programMissingElements() async throws {
            let harness = try await Harness()
            #expect(try await harness.send("AddContactToProgram", "<PROGRAM_ID>5001</PROGRAM_ID>").errorID == 100)
            #expect(try await harness.send("AddContactToProgram", "<CONTACT_ID>1</CONTACT_ID>").errorID == 100)
        }
    }

    @Suite("Lists, contact lists, queries and SetColumnValue")
    struct Lists {
        @Test("GetLists lists databases, relational tables, contact lists and queries by type and visibility")
        func getLists() async throws {
            let harness = try await Harness()
            #expect(try await harness.lists(type: 0).map(\.id) == ["23949"])
            #expect(try await harness.lists(type: 15).map(\.id) == ["29392"])
            #expect(try await harness.lists(visibility: 0, type: 0).isEmpty)
            let contactList = try await harness.send(
                "CreateContactList",
                "<DATABASE_ID>23949</DATABASE_ID><CONTACT_LIST_NAME>VIP</CONTACT_LIST_NAME><VISIBILITY>0</VISIBILITY>")
            let query = try await harness.send(
                "CreateQuery",
                "<QUERY_NAME>Has app</QUERY_NAME><PARENT_LIST_ID>23949</PARENT_LIST_ID><VISIBILITY>1</VISIBILITY>"
                    + "<CRITERIA><EXPRESSION><TYPE>TE</TYPE><COLUMN_NAME>Mobile User Id</COLUMN_NAME>"
                    + "<OPERATORS><![CDATA[<>]]></OPERATORS><VALUES></VALUES></EXPRESSION></CRITERIA>")
            let contactListID = try #require(value(contactList, "CONTACT_LIST_ID"))
            let queryID = try #require(value(query, "ListId"))
            #expect(try await harness.lists(type: 2).map(\.id) == ["23949", queryID])
            #expect(try await harness.lists(visibility: 0, type: 2).map(\.id) == [contactListID])
            #expect(try await harness.lists(visibility: 0, type: 18).map(\.name) == ["VIP"])
            #expect(try await harness.lists(type: 1).map(\.type) == ["1"])
            #expect(try await harness.lists(type: 13).isEmpty)
            #expect(
                try await harness.lists(visibility: 0, type: 18, extra: "<FOLDER_ID>1001</FOLDER_ID>").count == 1)
            #expect(try await harness.lists(visibility: 0, type: 18, extra: "<FOLDER_ID>1000</FOLDER_ID>").isEmpty)
            #expect(
                try await harness.lists(
                    visibility: 0, type: 18,
                    extra: "<FOLDER_ID>1000</FOLDER_ID><INCLUDE_ALL_LISTS>true</INCLUDE_ALL_LISTS>"
                ).count == 1)
        }

        @Test("GetLists faults: 100 missing VISIBILITY or LIST_TYPE, 104, 105, 147, 323")
        func getListsFaults() async throws {
            let harness = try await Harness()
            let cases: [(String, Int, Bool)] = [
                ("<LIST_TYPE>0</LIST_TYPE>", 100, false),
                ("<VISIBILITY>1</VISIBILITY>", 100, false),
                ("<VISIBILITY>3</VISIBILITY><LIST_TYPE>0</LIST_TYPE>", 104, true),
                ("<VISIBILITY>1</VISIBILITY><LIST_TYPE>7</LIST_TYPE>", 105, true),
                (
                    "<VISIBILITY>1</VISIBILITY><LIST_TYPE>0</LIST_TYPE><INCLUDE_ALL_LISTS>yes</INCLUDE_ALL_LISTS>", 147,
                    true
                ),
                ("<VISIBILITY>1</VISIBILITY><LIST_TYPE>0</LIST_TYPE><FOLDER_ID>x</FOLDER_ID>", 323, true),
            ]
            for (inner, errorID, malformed) in cases {
                let result = try await harness.send("GetLists", inner, malformed: malformed)
                #expect(result.errorID == errorID, "\(inner): \(result.faultString ?? "")")
            }
        }

        @Test("A contact list holds recipients of its database, added by id or by columns, once each")
        func contactLists() async throws {
            let harness = try await Harness()
            let ann = try await harness.recipient(["Email": "ann@example.com", "Mobile User Id": "M-ANN"])
            let bob = try await harness.recipient(["Email": "bob@example.com", "Mobile User Id": "M-BOB"])
            let created = try await harness.send(
                "CreateContactList",
                "<DATABASE_ID>23949</DATABASE_ID><CONTACT_LIST_NAME>VIP</CONTACT_LIST_NAME><VISIBILITY>1</VISIBILITY>"
                    + "<PARENT_FOLDER_ID>4200</PARENT_FOLDER_ID>")
            let list = try #require(value(created, "CONTACT_LIST_ID"))
            #expect(value(created, "PARENT_FOLDER_ID") == "4200")
            let byID = "<CONTACT_LIST_ID>\(list)</CONTACT_LIST_ID><CONTACT_ID>\(ann)</CONTACT_ID>"
            #expect(try await harness.send("AddContactToContactList", byID).isSuccess)
            #expect(try await harness.send("AddContactToContactList", byID).isSuccess)
            #expect(
                try await harness.send(
                    "AddContactToContactList",
                    "<CONTACT_LIST_ID>\(list)</CONTACT_LIST_ID>" + column("Mobile User Id", "m-bob")
                ).isSuccess)
            #expect(try await harness.lists(type: 18).first?.size == "2")
            let selected = try await harness.select(ann, contactLists: true)
            #expect(value(selected, "CONTACT_LISTS", "CONTACT_LIST_ID") == list)
            #expect(value(try await harness.select(ann), "CONTACT_LISTS") == nil)
            try await harness.send("RemoveRecipient", "<LIST_ID>23949</LIST_ID><EMAIL>bob@example.com</EMAIL>")
            #expect(try await harness.lists(type: 18).first?.size == "1")
            _ = bob
            let added = try await harness.send(
                "AddRecipient",
                "<LIST_ID>23949</LIST_ID><CONTACT_LISTS><CONTACT_LIST_ID>\(list)</CONTACT_LIST_ID>"
                    + "<CONTACT_LIST_ID>29392</CONTACT_LIST_ID></CONTACT_LISTS>" + column("Email", "cy@example.com"))
            let cy = try #require(added.recipientID)
            #expect(value(try await harness.select(cy, contactLists: true), "CONTACT_LISTS", "CONTACT_LIST_ID") == list)
            #expect(try await harness.lists(type: 18).first?.size == "2")
        }

        @Test("Contact list faults: 125, 100, 124, 128, 1004 several matches, 256 name taken, 314")
        func contactListFaults() async throws {
            let harness = try await Harness()
            _ = try await harness.recipient(["Email": "a@example.com", "Mobile User Id": "same"])
            _ = try await harness.recipient(["Email": "b@example.com", "Mobile User Id": "same"])
            let created = try await harness.send(
                "CreateContactList",
                "<DATABASE_ID>23949</DATABASE_ID><CONTACT_LIST_NAME>VIP</CONTACT_LIST_NAME><VISIBILITY>1</VISIBILITY>")
            let list = try #require(value(created, "CONTACT_LIST_ID"))
            let taken = try await harness.send(
                "CreateContactList",
                "<DATABASE_ID>23949</DATABASE_ID><CONTACT_LIST_NAME>vip</CONTACT_LIST_NAME><VISIBILITY>1</VISIBILITY>")
            #expect(taken.errorID == 256)
            #expect(taken.errorClass == "SP.ListManager")
            #expect(taken.faultString == "A List With This Name Already Exists.")
            let cases: [(String, String, Int, Bool)] = [
                ("CreateContactList", "<CONTACT_LIST_NAME>X</CONTACT_LIST_NAME><VISIBILITY>1</VISIBILITY>", 125, false),
                ("CreateContactList", "<DATABASE_ID>23949</DATABASE_ID><VISIBILITY>1</VISIBILITY>", 100, false),
                (
                    "CreateContactList", "<DATABASE_ID>23949</DATABASE_ID><CONTACT_LIST_NAME>X</CONTACT_LIST_NAME>",
                    100, false
                ),
                ("AddContactToContactList", "<CONTACT_ID>100001</CONTACT_ID>", 125, false),
                (
                    "AddContactToContactList",
                    "<CONTACT_LIST_ID>23949</CONTACT_LIST_ID><CONTACT_ID>100001</CONTACT_ID>", 125, false
                ),
                ("AddContactToContactList", "<CONTACT_LIST_ID>\(list)</CONTACT_LIST_ID>", 100, false),
                (
                    "AddContactToContactList", "<CONTACT_LIST_ID>\(list)</CONTACT_LIST_ID><CONTACT_ID>x</CONTACT_ID>",
                    124, true
                ),
                (
                    "AddContactToContactList", "<CONTACT_LIST_ID>\(list)</CONTACT_LIST_ID><CONTACT_ID>9</CONTACT_ID>",
                    128, false
                ),
                (
                    "AddContactToContactList", "<CONTACT_LIST_ID>\(list)</CONTACT_LIST_ID>" + column("Email", "z@z.z"),
                    128, false
                ),
                (
                    "AddContactToContactList",
                    "<CONTACT_LIST_ID>\(list)</CONTACT_LIST_ID>" + column("Mobile User Id", "same"), 1004, false
                ),
                (
                    "AddContactToContactList", "<CONTACT_LIST_ID>\(list)</CONTACT_LIST_ID>" + column("Shoe", "9"), 314,
                    false
                ),
            ]
            for (operation, inner, errorID, malformed) in cases {
                let result = try await harness.send(operation, inner, malformed: malformed)
                #expect(result.errorID == errorID, "\(operation) \(inner): \(result.faultString ?? "")")
            }
        }

        @Test("CreateQuery makes a query list of a database; a taken name is 256, an unknown column 161")
        func createQuery() async throws {
            let harness = try await Harness()
            let criteria =
                "<CRITERIA><EXPRESSION><TYPE>TE</TYPE><COLUMN_NAME>Email</COLUMN_NAME><OPERATORS><![CDATA[=]]>"
                + "</OPERATORS><VALUES>a@b.c</VALUES></EXPRESSION></CRITERIA>"
            let created = try await harness.send(
                "CreateQuery",
                "<QUERY_NAME>Q1</QUERY_NAME><PARENT_LIST_ID>23949</PARENT_LIST_ID><VISIBILITY>1</VISIBILITY>\(criteria)"
            )
            #expect(created.isSuccess)
            let id = try #require(value(created, "ListId"))
            #expect(try await harness.lists(type: 1).map(\.id) == [id])
            let contactLists = try await harness.simulator.admin("GET", "/contact-lists")
            #expect(contactLists["lists"]?[0]?["parentListID"] == "23949")
            let cases: [(String, Int, Bool)] = [
                (
                    "<QUERY_NAME>q1</QUERY_NAME><PARENT_LIST_ID>23949</PARENT_LIST_ID><VISIBILITY>1</VISIBILITY>\(criteria)",
                    256, false
                ),
                (
                    "<QUERY_NAME>Q2</QUERY_NAME><PARENT_LIST_ID>23949</PARENT_LIST_ID><VISIBILITY>1</VISIBILITY>"
                        + "<CRITERIA><EXPRESSION><TYPE>TE</TYPE><COLUMN_NAME>Shoe</COLUMN_NAME><OPERATORS>=</OPERATORS>"
                        + "<VALUES>9</VALUES></EXPRESSION></CRITERIA>", 161, false
                ),
                (
                    "<QUERY_NAME>Q2</QUERY_NAME><PARENT_LIST_ID>23949</PARENT_LIST_ID><VISIBILITY>1</VISIBILITY>", 100,
                    false
                ),
                (
                    "<QUERY_NAME>Q2</QUERY_NAME><PARENT_LIST_ID>29392</PARENT_LIST_ID><VISIBILITY>1</VISIBILITY>\(criteria)",
                    125, false
                ),
                ("<PARENT_LIST_ID>23949</PARENT_LIST_ID><VISIBILITY>1</VISIBILITY>\(criteria)", 100, false),
            ]
            for (inner, errorID, malformed) in cases {
                let result = try await harness.send("CreateQuery", inner, malformed: malformed)
                #expect(result.errorID == errorID, "\(inner): \(result.faultString ?? "")")
            }
        }

        @Test("SetColumnValue sets, resets and increments a column for a database, a contact list or a query")
        func setColumnValue() async throws {
            let harness = try await Harness()
            _ = try await harness.simulator.admin(
                "POST", "/lists/23949/columns", ["name": "Visits", "type": 2, "default": "0"])
            let ann = try await harness.recipient(["Email": "ann@example.com", "Mobile User Id": "M-ANN"])
            let bob = try await harness.recipient(["Email": "bob@example.com"])
            let set = try await harness.send(
                "SetColumnValue",
                "<LIST_ID>23949</LIST_ID><COLUMN_NAME>Mobile User Id</COLUMN_NAME><ACTION>1</ACTION>"
                    + "<COLUMN_VALUE>everyone</COLUMN_VALUE>")
            #expect(set.isSuccess)
            #expect(value(set, "JOB_ID") != nil)
            #expect(try await harness.select(bob).column("Mobile User Id") == "everyone")
            try await harness.send(
                "SetColumnValue", "<LIST_ID>23949</LIST_ID><COLUMN_NAME>Mobile User Id</COLUMN_NAME><ACTION>0</ACTION>")
            #expect(try await harness.select(ann).column("Mobile User Id") == "")

            let contactList = try #require(
                value(
                    try await harness.send(
                        "CreateContactList",
                        "<DATABASE_ID>23949</DATABASE_ID><CONTACT_LIST_NAME>VIP</CONTACT_LIST_NAME><VISIBILITY>1</VISIBILITY>"
                    ),
                    "CONTACT_LIST_ID"))
            try await harness.send(
                "AddContactToContactList",
                "<CONTACT_LIST_ID>\(contactList)</CONTACT_LIST_ID><CONTACT_ID>\(ann)</CONTACT_ID>")
            for _ in 0..<2 {
                try await harness.send(
                    "SetColumnValue",
                    "<LIST_ID>\(contactList)</LIST_ID><COLUMN_NAME>Visits</COLUMN_NAME><ACTION>2</ACTION>"
                        + "<COLUMN_VALUE>1.5</COLUMN_VALUE>")
            }
            #expect(try await harness.select(ann).column("Visits") == "3")
            #expect(try await harness.select(bob).column("Visits") == "0")

            let query = try #require(
                value(
                    try await harness.send(
                        "CreateQuery",
                        "<QUERY_NAME>Bob</QUERY_NAME><PARENT_LIST_ID>23949</PARENT_LIST_ID><VISIBILITY>1</VISIBILITY>"
                            + "<CRITERIA><EXPRESSION criteria_type=\"profile\"><COLUMN>Email</COLUMN>"
                            + "<OPERATOR>is equal to</OPERATOR><VALUE>BOB@example.com</VALUE></EXPRESSION></CRITERIA>"),
                    "ListId"))
            try await harness.send(
                "SetColumnValue",
                "<LIST_ID>\(query)</LIST_ID><COLUMN_NAME>Visits</COLUMN_NAME><ACTION>1</ACTION><COLUMN_VALUE>9</COLUMN_VALUE>"
            )
            #expect(try await harness.select(bob).column("Visits") == "9")
            #expect(try await harness.select(ann).column("Visits") == "3")
        }

        @Test("SetColumnValue faults: 125, 312, 100, 161, 154, 313")
        func setColumnValueFaults() async throws {
            let harness = try await Harness()
            let cases: [(String, Int, Bool)] = [
                ("<COLUMN_NAME>Email</COLUMN_NAME><ACTION>0</ACTION>", 125, false),
                ("<LIST_ID>777</LIST_ID><COLUMN_NAME>Email</COLUMN_NAME><ACTION>0</ACTION>", 125, false),
                ("<LIST_ID>29392</LIST_ID><COLUMN_NAME>Audit Record Id</COLUMN_NAME><ACTION>0</ACTION>", 312, false),
                ("<LIST_ID>23949</LIST_ID><ACTION>0</ACTION>", 100, false),
                ("<LIST_ID>23949</LIST_ID><COLUMN_NAME>Email</COLUMN_NAME>", 100, false),
                ("<LIST_ID>23949</LIST_ID><COLUMN_NAME>Email</COLUMN_NAME><ACTION>1</ACTION>", 100, false),
                ("<LIST_ID>23949</LIST_ID><COLUMN_NAME>Shoe</COLUMN_NAME><ACTION>0</ACTION>", 161, false),
                ("<LIST_ID>23949</LIST_ID><COLUMN_NAME>Email</COLUMN_NAME><ACTION>5</ACTION>", 154, true),
                ("<LIST_ID>23949</LIST_ID><COLUMN_NAME>Email</COLUMN_NAME><ACTION>2</ACTION>", 313, false),
            ]
            for (inner, errorID, malformed) in cases {
                let result = try await harness.send("SetColumnValue", inner, malformed: malformed)
                #expect(result.errorID == errorID, "\(inner): \(result.faultString ?? "")")
            }
        }
    }

    @Suite("Relational tables")
    struct RelationalTables {
        static let purchases = """
            <TABLE_NAME>Purchases</TABLE_NAME><COLUMNS>\
            <COLUMN><NAME>Record Id</NAME><TYPE>TEXT</TYPE><IS_REQUIRED>true</IS_REQUIRED><KEY_COLUMN>true</KEY_COLUMN></COLUMN>\
            <COLUMN><NAME>Email</NAME><TYPE>EMAIL</TYPE></COLUMN>\
            <COLUMN><NAME>Amount</NAME><TYPE>NUMERIC</TYPE><DEFAULT_VALUE>0</DEFAULT_VALUE></COLUMN>\
            <COLUMN><NAME>Size</NAME><TYPE>SELECTION</TYPE><SELECTION_VALUES><VALUE>S</VALUE><VALUE>M</VALUE></SELECTION_VALUES></COLUMN>\
            </COLUMNS>
            """

        @Test("CreateTable, rows in and out, JoinTable and DeleteTable")
        func lifecycle() async throws {
            let harness = try await Harness()
            let created = try await harness.send("CreateTable", Self.purchases)
            let table = try #require(value(created, "TABLE_ID"))
            let metadata = try await harness.send("GetListMetaData", "<LIST_ID>\(table)</LIST_ID>")
            #expect(value(metadata, "TYPE") == "15")
            #expect(value(metadata, "KEY_COLUMNS", "COLUMN") == "Record Id")
            let rows = ["R1", "R2", "R3"].map {
                "<ROW><COLUMN name=\"Record Id\"><![CDATA[\($0)]]></COLUMN><COLUMN name=\"Amount\">5</COLUMN></ROW>"
            }.joined()
            #expect(
                try await harness.send(
                    "InsertUpdateRelationalTable", "<TABLE_ID>\(table)</TABLE_ID><ROWS>\(rows)</ROWS>"
                )
                .isSuccess)
            #expect(try await harness.lists(type: 15).first { $0.id == table }?.size == "3")

            let deleted = try await harness.send(
                "DeleteRelationalTableData",
                "<TABLE_ID>\(table)</TABLE_ID><ROWS><ROW><KEY_COLUMN name=\"Record Id\">\n  <![CDATA[R1]]>\n</KEY_COLUMN></ROW>"
                    + "<ROW><KEY_COLUMN name=\"record id\">R9</KEY_COLUMN></ROW>"
                    + "<ROW><KEY_COLUMN name=\"Amount\">5</KEY_COLUMN></ROW></ROWS>")
            #expect(deleted.isSuccess)
            #expect(deleted.failures.map(\.details) == ["Row Not Found", "Column 'Amount' is not a key column."])
            #expect(try await harness.lists(type: 15).first { $0.id == table }?.size == "2")

            let joined = try await harness.send(
                "JoinTable",
                "<TABLE_NAME>purchases</TABLE_NAME><LIST_ID>23949</LIST_ID>"
                    + "<MAP_FIELD><LIST_FIELD>Email</LIST_FIELD><TABLE_FIELD>Email</TABLE_FIELD></MAP_FIELD>")
            #expect(joined.isSuccess)
            #expect(value(joined, "JOB_ID") != nil)
            #expect(
                try await harness.send(
                    "JoinTable",
                    "<TABLE_ID>\(table)</TABLE_ID><LIST_NAME>Mobile App Users</LIST_NAME><REMOVE>true</REMOVE>"
                ).isSuccess)

            let removed = try await harness.send(
                "DeleteTable", "<TABLE_NAME>Purchases</TABLE_NAME><TABLE_VISIBILITY>1</TABLE_VISIBILITY>")
            #expect(value(removed, "JOB_ID") != nil)
            #expect(try await harness.lists(type: 15).map(\.id) == ["29392"])
            let gone = try await harness.send(
                "InsertUpdateRelationalTable", "<TABLE_ID>\(table)</TABLE_ID><ROWS>\(rows)</ROWS>")
            #expect(gone.errorID == 125)
        }

        @Test("Relational table faults: 256, 100 no key or selection values, 316, 303, 125, 314, 51")
        func faults() async throws {
            let harness = try await Harness()
            #expect(try await harness.send("CreateTable", Self.purchases).isSuccess)
            let taken = try await harness.send("CreateTable", Self.purchases)
            #expect(taken.errorID == 256)
            #expect(taken.errorClass == "SP.ListManager")
            let cases: [(String, String, Int, Bool)] = [
                (
                    "CreateTable", "<TABLE_NAME>T</TABLE_NAME><COLUMNS><COLUMN><NAME>a</NAME></COLUMN></COLUMNS>", 100,
                    false
                ),
                (
                    "CreateTable",
                    "<TABLE_NAME>T</TABLE_NAME><COLUMNS><COLUMN><NAME>a</NAME><KEY_COLUMN>true</KEY_COLUMN></COLUMN>"
                        + "<COLUMN><NAME>b</NAME><TYPE>SELECTION</TYPE></COLUMN></COLUMNS>", 100, false
                ),
                (
                    "CreateTable", "<TABLE_NAME>T</TABLE_NAME><COLUMNS><COLUMN><TYPE>TEXT</TYPE></COLUMN></COLUMNS>",
                    316, false
                ),
                (
                    "CreateTable",
                    "<TABLE_NAME>T</TABLE_NAME><COLUMNS><COLUMN><NAME>a</NAME><KEY_COLUMN>true</KEY_COLUMN></COLUMN>"
                        + "<COLUMN><NAME>A</NAME></COLUMN></COLUMNS>", 303, false
                ),
                (
                    "CreateTable",
                    "<TABLE_NAME>T</TABLE_NAME><COLUMNS><COLUMN><NAME>a</NAME><TYPE>BLOB</TYPE></COLUMN></COLUMNS>", 51,
                    true
                ),
                ("CreateTable", "<TABLE_NAME>T</TABLE_NAME>", 100, true),
                ("JoinTable", "<LIST_ID>23949</LIST_ID><REMOVE>true</REMOVE>", 125, false),
                ("JoinTable", "<TABLE_ID>777</TABLE_ID><LIST_ID>23949</LIST_ID><REMOVE>true</REMOVE>", 125, false),
                ("JoinTable", "<TABLE_ID>29392</TABLE_ID><LIST_NAME>Nope</LIST_NAME><REMOVE>true</REMOVE>", 125, false),
                ("JoinTable", "<TABLE_ID>29392</TABLE_ID><LIST_ID>23949</LIST_ID>", 100, false),
                (
                    "JoinTable",
                    "<TABLE_ID>29392</TABLE_ID><LIST_ID>23949</LIST_ID><MAP_FIELD><LIST_FIELD>Shoe</LIST_FIELD>"
                        + "<TABLE_FIELD>Audit Record Id</TABLE_FIELD></MAP_FIELD>", 314, false
                ),
                ("DeleteRelationalTableData", "<TABLE_ID>29392</TABLE_ID>", 51, true),
                ("DeleteRelationalTableData", "<TABLE_ID>777</TABLE_ID><ROWS/>", 125, false),
                ("DeleteTable", "<TABLE_ID>23949</TABLE_ID>", 125, false),
                ("DeleteTable", "<TABLE_NAME>Purchases</TABLE_NAME><TABLE_VISIBILITY>0</TABLE_VISIBILITY>", 125, false),
            ]
            for (operation, inner, errorID, malformed) in cases {
                let result = try await harness.send(operation, inner, malformed: malformed)
                #expect(result.errorID == errorID, "\(operation) \(inner): \(result.faultString ?? "")")
            }
        }
    }

    @Test("An element an operation does not take, at any depth, is fault 51 Invalid XML Request")
    func unknownElements() async throws {
        let harness = try await Harness()
        let cases: [(String, String)] = [
            ("GetLists", "<VISIBILITY>1</VISIBILITY><LIST_TYPE>0</LIST_TYPE><SHOE>9</SHOE>"),
            ("Logout", "<SESSIONID>1</SESSIONID>"),
            ("GetLists", "<VISIBILITY>1</VISIBILITY><LIST_TYPE><X/>0</LIST_TYPE>"),
            (
                "CreateTable",
                "<TABLE_NAME>T</TABLE_NAME><COLUMNS><COLUMN><NAME>a</NAME><KEY_COLUMN>true</KEY_COLUMN><SIZE>3</SIZE>"
                    + "</COLUMN></COLUMNS>"
            ),
        ]
        for (operation, inner) in cases {
            let result = try await harness.send(operation, inner, malformed: true)
            #expect(result.errorID == 51, "\(operation) \(inner): \(result.faultString ?? "")")
            #expect(result.faultString?.hasPrefix("Invalid XML Request") == true)
        }
    }

    @Test("Every group A operation without its elements is a fault that validates against its result XSD")
    func emptyOperations() async throws {
        let harness = try await Harness()
        for operation in [
            "OptOutRecipient", "DoubleOptInRecipient", "Login", "GetLists", "CreateContactList",
            "AddContactToContactList", "AddContactToProgram", "CreateQuery", "SetColumnValue", "CreateTable",
            "JoinTable",
            "DeleteRelationalTableData", "DeleteTable",
        ] {
            let result = try await harness.send(operation, "", malformed: true)
            #expect(!result.isSuccess, "\(operation)")
        }
        #expect(try await harness.send("Logout", "").isSuccess)
    }
}
