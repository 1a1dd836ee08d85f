import CassetteKit
import ContractKit
import EngageSDK
import Foundation
import JSONCore

/// The error cases of group A's operations that the reference (or a public client's recorded answer) names, each
/// answered with its fault.
extension EngageFlows {
    static var contactErrorFlows: [Flow] {
        [
            doubleOptInWithoutEmailFlow, optOutUnknownDatabaseFlow, optOutMissingMailingParametersFlow,
            loginUserNotFoundFlow, createContactListNameExistsFlow, addContactToContactListNotFoundFlow,
            addContactToContactListSeveralMatchFlow, createQueryNameExistsFlow, createTableSelectionWithoutValuesFlow,
        ] + programRefusalFlows
    }

    static let doubleOptInWithoutEmailFlow = EngageFlows.operationFlow(
        name: "double-opt-in-recipient-no-email", operation: XMLAPI_OPERATION_DOUBLE_OPT_IN_RECIPIENT,
        params: { ["LIST_ID": Env.listID, "COLUMNS": ["Mobile User Id": "M-DANA"]] },
        summary: "DoubleOptInRecipient without the Email column is fault 121 No EMAIL provided",
        documentation: "\(acoustic), Double opt-in a contact: a node must exist for the Email column",
        kind: .errorCase)

    static let optOutUnknownDatabaseFlow = EngageFlows.operationFlow(
        name: "opt-out-recipient-unknown-database", operation: XMLAPI_OPERATION_OPT_OUT_RECIPIENT,
        params: { ["LIST_ID": 777, "EMAIL": "ann@example.com"] },
        summary: "OptOutRecipient of a database that does not exist is fault 125",
        documentation: "IBM tutorial Opt out a contact: \"Database does not exist\" makes the request unsuccessful",
        kind: .errorCase,
        facts: [.assumed("the error id: the recipient operations' 125 for an unknown LIST_ID")])

    static let optOutMissingMailingParametersFlow = EngageFlows.operationFlow(
        name: "opt-out-recipient-missing-mailing-parameters", operation: XMLAPI_OPERATION_OPT_OUT_RECIPIENT,
        params: { ["LIST_ID": Env.listID, "MAILING_ID": 41781, "RECIPIENT_ID": 100001] },
        summary: "OptOutRecipient for a mailing without JOB_ID (and no EMAIL) is fault 100",
        documentation:
            "\(acoustic), Opt-out a contact: without EMAIL, MAILING_ID, RECIPIENT_ID and JOB_ID must all be given",
        kind: .errorCase, simulatorSetup: [Env.addRecipient([("Email", "ann@example.com")])],
        facts: [.assumed("the error id: XMLAPIErrorCode 100, Parameter not provided")])

    static let loginUserNotFoundFlow = EngageFlows.operationFlow(
        name: "login-user-not-found", operation: XMLAPI_OPERATION_LOGIN,
        params: { ["USERNAME": "nobody@example.com", "PASSWORD": "whatever"] },
        summary: "Login of an unknown user is fault 140 of class SP.Admin, USER_NOT_FOUND",
        documentation: "Login failure as a public PHP client's spec records it (errorid 140, SP.Admin)",
        kind: .errorCase)

    static let createContactListNameExistsFlow = contactFlow(
        "create-contact-list-name-exists",
        summary: "CreateContactList with a name already in use is fault 256 of class SP.ListManager",
        documentation: "The iOS SDK's ResultDictionaryTest fault: 256, \"A List With This Name Already Exists.\"",
        kind: .errorCase,
        facts: [.assumed("list names are unique in the organization, case-insensitively")]
    ) { engage in
        let params: [String: Any] = ["DATABASE_ID": Env.listID, "CONTACT_LIST_NAME": "VIP customers", "VISIBILITY": 1]
        let first = try await Env.post(engage, XMLAPI_OPERATION_CREATE_CONTACT_LIST, params)
        let again = try await Env.post(engage, XMLAPI_OPERATION_CREATE_CONTACT_LIST, params)
        return ["first": first, "again": again]
    }

    static let addContactToContactListNotFoundFlow = contactFlow(
        "add-contact-to-contact-list-not-found",
        summary: "AddContactToContactList of a contact the database does not have is fault 128",
        documentation: "\(acoustic), Add a contact to a contact list: if the contact is not found, an error returns",
        kind: .errorCase,
        facts: [.assumed("the error id: 128, Recipient not found or is not a member of the list")]
    ) { engage in
        try await addToNewContactList(engage, columns: ["Email": "nobody@example.com"])
    }

    static let addContactToContactListSeveralMatchFlow = contactFlow(
        "add-contact-to-contact-list-several-match",
        summary: "AddContactToContactList whose COLUMN matches two contacts of a flexible database is a fault",
        documentation:
            "\(acoustic), Add a contact to a contact list: more than one contact matching the sync fields is an error",
        kind: .errorCase,
        setup: [
            Env.addRecipient([("Email", "ann@example.com"), ("Mobile User Id", "shared-device")]),
            Env.addRecipient([("Email", "bob@example.com"), ("Mobile User Id", "shared-device")]),
        ],
        facts: [.assumed("the error id: 1004, Error Retrieving Recipient")]
    ) { engage in
        try await addToNewContactList(engage, columns: ["Mobile User Id": "shared-device"])
    }

    static let createQueryNameExistsFlow = contactFlow(
        "create-query-name-exists",
        summary: "CreateQuery with a name already in use is fault 256, New List name already exists",
        documentation: "The Engage SDK's XMLAPIErrorCode 256: Unable to create query. New List name already exists.",
        kind: .errorCase,
        facts: [.assumed("the fault's class, SP.ListManager, as for contact lists")]
    ) { engage in
        let params: [String: Any] = [
            "QUERY_NAME": "App users", "PARENT_LIST_ID": Env.listID, "VISIBILITY": 1, "CRITERIA": hasAppCriteria,
        ]
        let first = try await Env.post(engage, XMLAPI_OPERATION_CREATE_QUERY, params)
        let again = try await Env.post(engage, XMLAPI_OPERATION_CREATE_QUERY, params)
        return ["first": first, "again": again]
    }

    static let createTableSelectionWithoutValuesFlow = contactFlow(
        "create-table-selection-without-values",
        summary: "CreateTable with a SELECTION column and no SELECTION_VALUES VALUE is fault 100",
        documentation: "\(acoustic), Create a relational table: at least one VALUE when TYPE is SELECTION",
        kind: .errorCase,
        facts: [.assumed("the error id: XMLAPIErrorCode 100, Parameter not provided")]
    ) { engage in
        let create = try await post(
            engage,
            createTable(
                "Orders",
                [
                    [("NAME", "Order Id"), ("TYPE", "TEXT"), ("KEY_COLUMN", "true")],
                    [("NAME", "Size"), ("TYPE", "SELECTION")],
                ]))
        return ["create": create]
    }

    /// AddContactToProgram's documented refusals, each fault 653 (the id recorded for an inactive program).
    static var programRefusalFlows: [Flow] {
        let otherDatabase = Env.admin(
            "POST", "/lists", ["listID": "23950", "name": "Retail Customers", "columns": [["name": "Email"]]])
        let cases: [(name: String, program: Int, summary: String, setup: [CassetteRequest])] = [
            ("already-active", 5001, "the contact is already an active participant", []),
            (
                "not-in-database", 5006, "the contact is not in the program's database",
                [
                    otherDatabase,
                    Env.admin("POST", "/programs", ["programID": 5006, "name": "Retail", "listID": "23950"]),
                ]
            ),
            ("program-pending", 5003, "the program is Pending", []),
            ("program-inactive", 5002, "the program is Inactive", []),
            ("program-completed", 5004, "the program is Completed", []),
            ("last-contact-add-date-past", 5005, "the program's Last Contact Add Date is past", []),
            ("unknown-program", 4040, "the program does not exist", []),
        ]
        return cases.map { refusal in
            contactFlow(
                "add-contact-to-program-\(refusal.name)",
                summary: "AddContactToProgram when \(refusal.summary) is refused with fault 653",
                documentation:
                    "\(acoustic), Add a contact to a program: the contact is not added if \(refusal.summary)",
                kind: .errorCase,
                setup: [Env.addRecipient([("Email", "ann@example.com")])] + refusal.setup,
                facts: [
                    .assumed("the simulator's demo programs 5001-5005"),
                    .assumed("fault 653 (recorded for an Inactive program) for every documented refusal"),
                ]
            ) { engage in
                let params: [String: Any] = ["PROGRAM_ID": refusal.program, "CONTACT_ID": 100001]
                if refusal.name == "already-active" {
                    let first = try await Env.post(engage, XMLAPI_OPERATION_ADD_CONTACT_TO_PROGRAM, params)
                    let again = try await Env.post(engage, XMLAPI_OPERATION_ADD_CONTACT_TO_PROGRAM, params)
                    return ["first": first, "again": again]
                }
                return ["add": try await Env.post(engage, XMLAPI_OPERATION_ADD_CONTACT_TO_PROGRAM, params)]
            }
        }
    }
}
