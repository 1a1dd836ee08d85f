import ContractKit
import EngageSDK
import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// XMLAPI flows (engage.md §2).
extension EngageFlows {
    static let selectByEmail = Flow(
        vendor: "engage", name: "select-by-email",
        documentation:
            "Engage iOS SDK README, XMLAPI Resources (SelectRecipientData); the XML per Acoustic's XMLAPI reference",
        summary: "SelectRecipientData by email returns the recipient's id and columns",
        simulatorSetup: [
            Env.settings(), Env.addRecipient([("Email", "ann@example.com"), ("Mobile User Id", "M-ANN")]),
        ]
    ) { context in
        let engage = try Env.engage(context)
        return Env.outcome(try await engage.xmlAPI.selectRecipientData(email: "ann@example.com"))
    }

    static let selectNotFound = Flow(
        vendor: "engage", name: "select-not-found",
        documentation:
            "Engage iOS SDK README, XMLAPI Resources (SelectRecipientData); the fault per Acoustic's XMLAPI reference",
        kind: .errorCase,
        summary: "SelectRecipientData for an unknown email is fault 128",
        simulatorSetup: [Env.settings()]
    ) { context in
        let engage = try Env.engage(context)
        return Env.outcome(try await engage.xmlAPI.selectRecipientData(email: "nobody@example.com"))
    }

    static let addRecipient = Flow(
        vendor: "engage", name: "add-recipient",
        documentation:
            "Engage iOS SDK README, XMLAPI Resources (AddRecipient); the XML per Acoustic's XMLAPI reference",
        summary: "AddRecipient with UPDATE_IF_FOUND and SYNC_FIELDS returns the new RecipientId",
        simulatorSetup: [Env.settings()]
    ) { context in
        let engage = try Env.engage(context)
        let first = try await engage.xmlAPI.addRecipient(email: "new & <ü>@example.com")
        let again = try await engage.xmlAPI.addRecipient(email: "new & <ü>@example.com")
        return ["first": Env.outcome(first), "again": Env.outcome(again)]
    }

    static let updateRecipient = Flow(
        vendor: "engage", name: "update-recipient",
        documentation:
            "Engage iOS SDK README, XMLAPI Resources (UpdateRecipient); the XML per Acoustic's XMLAPI reference",
        summary: "UpdateRecipient by RECIPIENT_ID changes a column",
        simulatorSetup: [Env.settings(), Env.addRecipient([("Email", "bob@example.com")])]
    ) { context in
        let engage = try Env.engage(context)
        let updated = try await engage.xmlAPI.updateRecipient(
            id: "100001", columns: [XMLAPI.NameValue("Mobile User Id", "M-BOB")])
        let selected = try await engage.xmlAPI.selectRecipient(id: "100001")
        return ["update": Env.outcome(updated), "select": Env.outcome(selected)]
    }

    static let addListColumn = Flow(
        vendor: "engage", name: "add-list-column",
        documentation:
            "Engage iOS SDK README, XMLAPI Resources (AddListColumn); the XML per Acoustic's XMLAPI reference",
        summary: "AddListColumn adds the location columns; adding one twice is a fault",
        simulatorSetup: [Env.settings()]
    ) { context in
        let engage = try Env.engage(context)
        let address = try await engage.xmlAPI.addListColumn(name: "Last Location Address", type: .text)
        let time = try await engage.xmlAPI.addListColumn(name: "Last Location Address Time", type: .date)
        let again = try await engage.xmlAPI.addListColumn(name: "Last Location Address", type: .text)
        return ["address": Env.outcome(address), "time": Env.outcome(time), "again": Env.outcome(again)]
    }

    static let insertUpdateRelationalTable = Flow(
        vendor: "engage", name: "insert-update-relational-table",
        documentation:
            "Engage iOS SDK README, XMLAPI Resources (InsertUpdateRelationalTable); the XML per Acoustic's XMLAPI reference",
        summary: "InsertUpdateRelationalTable upserts rows by key, CDATA values with ]]> intact",
        simulatorSetup: [Env.settings()]
    ) { context in
        let engage = try Env.engage(context)
        let insert = try await engage.xmlAPI.insertUpdateRelationalTable(
            tableID: Env.auditTableID,
            rows: [
                [XMLAPI.NameValue("Audit Record Id", "A-1"), XMLAPI.NameValue("Old Recipient Id", "1]]>2")],
                [XMLAPI.NameValue("Audit Record Id", "A-2"), XMLAPI.NameValue("Unknown Column", "x")],
            ])
        let update = try await engage.xmlAPI.insertUpdateRelationalTable(
            tableID: Env.auditTableID,
            rows: [[XMLAPI.NameValue("Audit Record Id", "A-1"), XMLAPI.NameValue("New Recipient Id", "3")]])
        return ["insert": Env.outcome(insert), "update": Env.outcome(update)]
    }

    static let getListMetaData = operationFlow(
        name: "get-list-metadata", operation: XMLAPI_OPERATION_GET_LIST_META_DATA,
        params: { ["LIST_ID": Env.listID] },
        summary: "GetListMetaData answers the database's name, type and columns, the SDK's own columns included",
        documentation:
            "Engage iOS SDK README, XMLAPI Resources (XMLAPI_OPERATION_GET_LIST_META_DATA); the result per Acoustic's "
            + "XMLAPI reference (GetListMetaData)")

    static let removeRecipient = Flow(
        vendor: "engage", name: "remove-recipient",
        documentation:
            "Engage iOS SDK README, XMLAPI Resources (XMLAPI_OPERATION_REMOVE_RECIPIENT); the XML per Acoustic's XMLAPI "
            + "reference (RemoveRecipient)",
        summary: "RemoveRecipient by EMAIL removes the contact; selecting it afterwards is fault 128",
        simulatorSetup: [Env.settings(), Env.addRecipient([("Email", "leaving@example.com")])]
    ) { context in
        let engage = try Env.engage(context)
        let removed = try await Env.post(
            engage, XMLAPI_OPERATION_REMOVE_RECIPIENT, ["LIST_ID": Env.listID, "EMAIL": "leaving@example.com"])
        let selected = try await engage.xmlAPI.selectRecipientData(email: "leaving@example.com")
        return ["remove": removed, "select": Env.outcome(selected)]
    }

    static let invalidXML = Flow(
        vendor: "engage", name: "invalid-xml",
        documentation: "Engage iOS SDK README, XMLAPI Resources",
        kind: .errorCase,
        summary: "An operation tag in the wrong case (tags are case-sensitive) is fault 51 Invalid XML Request",
        simulatorSetup: [Env.settings()],
        expectedViolations: [
            ExpectedViolation(
                .xmlSchema, at: "request form field xml /Envelope",
                because: "selectrecipientdata is no XMLAPI operation: tags are case-sensitive")
        ],
        facts: [.assumed("a malformed request's fault text")]
    ) { context in
        let engage = try Env.engage(context)
        let token = try await engage.tokens.token()
        let envelope =
            "<Envelope><Body><selectrecipientdata><LIST_ID>23949</LIST_ID></selectrecipientdata></Body></Envelope>"
        var fields = HTTPFields()
        fields[.contentType] = FormEncoding.contentType
        fields[.accept] = "text/xml"
        fields[.authorization] = "Bearer \(token.value)"
        let (response, body) = try await context.transport.send(
            HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/XMLAPI", headerFields: fields),
            body: HTTPBody(FormEncoding.encode([("xml", envelope)])), baseURL: context.baseURL,
            operationID: EngageOperationID.xmlAPI)
        var data = Data()
        if let body { data = try await Data(collecting: body, upTo: 1 << 20) }
        return [
            "status": .number(JSONNumber(response.status.code)), "result": Env.outcome(try XMLAPIResult(data: data)),
        ]
    }
}
