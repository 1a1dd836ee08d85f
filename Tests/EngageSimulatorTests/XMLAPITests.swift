import CassetteKit
import EngageSDK
import Foundation
import JSONCore
import Testing

@Suite("EngageSimulator /XMLAPI")
struct XMLAPITests {
    static func envelope(_ operation: String, _ inner: String) -> String {
        "<Envelope><Body><\(operation)>\(inner)</\(operation)></Body></Envelope>"
    }

    static func column(_ name: String, _ value: String) -> String {
        "<COLUMN><NAME>\(name)</NAME><VALUE>\(value)</VALUE></COLUMN>"
    }

    @Suite("Bearer check")
    struct BearerCheck {
        @Test("No, unknown and expired tokens are fault 145 of class SP.Admin with HTTP 200")
        func sessionFaults() async throws {
            let simulator = try await SimulatorFixture()
            let select = envelope("SelectRecipientData", "<LIST_ID>23949</LIST_ID><EMAIL>a@b.c</EMAIL>")
            for token in [nil, "sim-token-99"] {
                let result = try await simulator.xmlAPI(select, token: token)
                #expect(result.errorID == 145)
                #expect(result.errorClass == "SP.Admin")
                #expect(result.isSessionLost)
            }
            let token = try await simulator.token()
            #expect(try await simulator.xmlAPI(select, token: token).errorID == 128)
            _ = try await simulator.admin("POST", "/tokens/expire")
            #expect(try await simulator.xmlAPI(select, token: token).errorID == 145)
        }

        @Test("A token past its use limit is refused like an expired one")
        func useLimit() async throws {
            let simulator = try await SimulatorFixture()
            _ = try await simulator.admin("PUT", "/settings", ["tokenUseLimit": 1])
            let token = try await simulator.token()
            let select = envelope("SelectRecipientData", "<LIST_ID>23949</LIST_ID><EMAIL>a@b.c</EMAIL>")
            #expect(try await simulator.xmlAPI(select, token: token).errorID == 128)
            #expect(try await simulator.xmlAPI(select, token: token).errorID == 145)
        }

        @Test("A token past its lifetime is refused")
        func lifetime() async throws {
            let simulator = try await SimulatorFixture()
            _ = try await simulator.admin("PUT", "/settings", ["tokenLifetime": 60])
            let token = try await simulator.token()
            _ = try await simulator.admin("PUT", "/settings", ["now": "2026-01-01T00:01:00Z"])
            let select = envelope("SelectRecipientData", "<LIST_ID>23949</LIST_ID><EMAIL>a@b.c</EMAIL>")
            #expect(try await simulator.xmlAPI(select, token: token).errorID == 145)
        }
    }

    @Suite("Bad input")
    struct BadInput {
        func fault(_ simulator: SimulatorFixture, contentType: String?, body: Data) async throws -> XMLAPIResult {
            let token = try await simulator.token()
            let response = try await simulator.raw(url: "/XMLAPI", contentType: contentType, token: token, body: body)
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"]?.hasPrefix("text/xml") == true)
            return try XMLAPIResult(data: response.body)
        }

        @Test(
            "Malformed XML, wrong tag case, unknown operations, wrong content type, a missing field, an empty body and a huge envelope are fault 51",
            arguments: [
                (FormEncoding.contentType, FormEncoding.encode([("xml", "<Envelope><Body><AddRecipient>")])),
                (
                    FormEncoding.contentType,
                    FormEncoding.encode([("xml", "<envelope><body><AddRecipient/></body></envelope>")])
                ),
                (FormEncoding.contentType, FormEncoding.encode([("xml", envelope("FlyToTheMoon", ""))])),
                ("application/json", Data("{\"xml\":\"<Envelope/>\"}".utf8)),
                (FormEncoding.contentType, FormEncoding.encode([("data", envelope("GetLists", ""))])),
                (FormEncoding.contentType, Data()),
                (FormEncoding.contentType, Data("xml=%ZZ".utf8)),
                (
                    FormEncoding.contentType,
                    FormEncoding.encode([
                        ("xml", envelope("AddRecipient", String(repeating: "<A>x</A>", count: 200_000)))
                    ])
                ),
            ])
        func invalidXML(contentType: String, body: Data) async throws {
            let simulator = try await SimulatorFixture()
            let result = try await fault(simulator, contentType: contentType, body: body)
            #expect(!result.isSuccess)
            #expect(result.errorID == 51)
            #expect(result.faultString?.hasPrefix("Invalid XML Request") == true)
        }
    }

    @Suite("Recipient database")
    struct RecipientDatabase {
        @Test("Add, select by email and by id, update and remove a recipient")
        func lifecycle() async throws {
            let simulator = try await SimulatorFixture()
            let token = try await simulator.token()
            let added = try await simulator.xmlAPI(
                envelope(
                    "AddRecipient",
                    "<LIST_ID>23949</LIST_ID><UPDATE_IF_FOUND>true</UPDATE_IF_FOUND>"
                        + "<SYNC_FIELDS><SYNC_FIELD><NAME>Email</NAME><VALUE>ann@example.com</VALUE></SYNC_FIELD></SYNC_FIELDS>"
                        + column("Email", "ann@example.com")),
                token: token)
            #expect(added.isSuccess)
            #expect(added.recipientID == "100001")
            let again = try await simulator.xmlAPI(
                envelope(
                    "AddRecipient",
                    "<LIST_ID>23949</LIST_ID><UPDATE_IF_FOUND>true</UPDATE_IF_FOUND>"
                        + "<SYNC_FIELDS><SYNC_FIELD><NAME>Email</NAME><VALUE>ann@example.com</VALUE></SYNC_FIELD></SYNC_FIELDS>"
                        + column("Mobile User Id", "M-1")),
                token: token)
            #expect(again.recipientID == "100001")
            let duplicate = try await simulator.xmlAPI(
                envelope(
                    "AddRecipient",
                    "<LIST_ID>23949</LIST_ID><SYNC_FIELDS><SYNC_FIELD><NAME>Email</NAME><VALUE>ann@example.com</VALUE>"
                        + "</SYNC_FIELD></SYNC_FIELDS>"),
                token: token)
            #expect(duplicate.errorID == 122)
            let byEmail = try await simulator.xmlAPI(
                envelope("SelectRecipientData", "<LIST_ID>23949</LIST_ID><EMAIL>ANN@example.com</EMAIL>"), token: token)
            #expect(byEmail.recipientID == "100001")
            #expect(byEmail.column("Mobile User Id") == "M-1")
            #expect(byEmail.value(forShortPath: "EMAIL") == "ann@example.com")
            let updated = try await simulator.xmlAPI(
                envelope(
                    "UpdateRecipient",
                    "<LIST_ID>23949</LIST_ID><RECIPIENT_ID>100001</RECIPIENT_ID>"
                        + column("Mobile User Id", "a&amp;b &lt;ü&gt;")),
                token: token)
            #expect(updated.recipientID == "100001")
            let byID = try await simulator.xmlAPI(
                envelope("SelectRecipientData", "<LIST_ID>23949</LIST_ID><RECIPIENT_ID>100001</RECIPIENT_ID>"),
                token: token)
            #expect(byID.column("Mobile User Id") == "a&b <ü>")
            let removed = try await simulator.xmlAPI(
                envelope("RemoveRecipient", "<LIST_ID>23949</LIST_ID><EMAIL>ann@example.com</EMAIL>"), token: token)
            #expect(removed.isSuccess)
            let gone = try await simulator.xmlAPI(
                envelope("SelectRecipientData", "<LIST_ID>23949</LIST_ID><RECIPIENT_ID>100001</RECIPIENT_ID>"),
                token: token)
            #expect(gone.errorID == 128)
            #expect(gone.faultString == "Recipient not found or is not a member of the list.")
        }

        @Test("Recipient error ids: 124, 125, 119, 121, 128, 314, 316, 329")
        func errorIDs() async throws {
            let simulator = try await SimulatorFixture()
            let token = try await simulator.token()
            let cases: [(String, Int)] = [
                (envelope("SelectRecipientData", "<LIST_ID>23949</LIST_ID><RECIPIENT_ID>abc</RECIPIENT_ID>"), 124),
                (envelope("SelectRecipientData", "<EMAIL>a@b.c</EMAIL>"), 125),
                (envelope("SelectRecipientData", "<LIST_ID>1</LIST_ID><EMAIL>a@b.c</EMAIL>"), 125),
                (envelope("AddRecipient", "<LIST_ID>23949</LIST_ID><UPDATE_IF_FOUND>maybe</UPDATE_IF_FOUND>"), 119),
                (envelope("SelectRecipientData", "<LIST_ID>23949</LIST_ID>"), 121),
                (envelope("UpdateRecipient", "<LIST_ID>23949</LIST_ID><RECIPIENT_ID>999</RECIPIENT_ID>"), 128),
                (envelope("SelectRecipientData", "<LIST_ID>23949</LIST_ID>" + column("shoe size", "9")), 314),
                (envelope("AddRecipient", "<LIST_ID>23949</LIST_ID><COLUMN><VALUE>9</VALUE></COLUMN>"), 316),
                (
                    envelope(
                        "UpdateRecipient", "<LIST_ID>23949</LIST_ID><SYNC_FIELDS><SYNC_FIELD/></SYNC_FIELDS>"), 329
                ),
            ]
            for (request, errorID) in cases {
                let result = try await simulator.xmlAPI(request, token: token)
                #expect(result.errorID == errorID, "\(request)")
            }
        }

        @Test("AddListColumn adds a column every recipient then has; a second add is fault 303")
        func addListColumn() async throws {
            let simulator = try await SimulatorFixture()
            let token = try await simulator.token()
            let recipient = try await simulator.admin(
                "POST", "/lists/23949/recipients", ["columns": ["Email": "x@y.z"]])
            let add = envelope(
                "AddListColumn",
                "<LIST_ID>23949</LIST_ID><COLUMN_NAME>Last Location Address</COLUMN_NAME><COLUMN_TYPE>0</COLUMN_TYPE><DEFAULT>UNKNOWN</DEFAULT>"
            )
            #expect(try await simulator.xmlAPI(add, token: token).isSuccess)
            #expect(try await simulator.xmlAPI(add, token: token).errorID == 303)
            let bad = envelope(
                "AddListColumn", "<LIST_ID>23949</LIST_ID><COLUMN_NAME>X</COLUMN_NAME><COLUMN_TYPE>99</COLUMN_TYPE>")
            #expect(try await simulator.xmlAPI(bad, token: token).errorID == 304)
            let id = recipient["recipientId"]?.stringValue ?? ""
            let selected = try await simulator.xmlAPI(
                envelope("SelectRecipientData", "<LIST_ID>23949</LIST_ID><RECIPIENT_ID>\(id)</RECIPIENT_ID>"),
                token: token)
            #expect(selected.column("Last Location Address") == "UNKNOWN")
            let metadata = try await simulator.xmlAPI(
                envelope("GetListMetaData", "<LIST_ID>23949</LIST_ID>"), token: token)
            #expect(metadata.isSuccess)
            #expect(metadata.value(forShortPath: "NAME") == "Mobile App Users")
        }

        @Test("InsertUpdateRelationalTable upserts by key and reports bad rows as FAILURES")
        func relationalTable() async throws {
            let simulator = try await SimulatorFixture()
            let token = try await simulator.token()
            func rows(_ rows: [[(String, String)]]) -> String {
                "<ROWS>"
                    + rows.map { row in
                        "<ROW>" + row.map { "<COLUMN name=\"\($0.0)\"><![CDATA[\($0.1)]]></COLUMN>" }.joined()
                            + "</ROW>"
                    }.joined() + "</ROWS>"
            }
            let first = try await simulator.xmlAPI(
                envelope(
                    "InsertUpdateRelationalTable",
                    "<TABLE_ID>29392</TABLE_ID>"
                        + rows([
                            [("Audit Record Id", "A1"), ("Old Recipient Id", "1")],
                            [("Audit Record Id", "A2"), ("Nope", "x")],
                        ])),
                token: token)
            #expect(first.isSuccess)
            #expect(first.failures.count == 1)
            _ = try await simulator.xmlAPI(
                envelope(
                    "InsertUpdateRelationalTable",
                    "<TABLE_ID>29392</TABLE_ID>"
                        + rows([[("Audit Record Id", "A1"), ("New Recipient Id", "2]]]]><![CDATA[>3")]])),
                token: token)
            let table = try await simulator.admin("GET", "/lists/29392")
            #expect(
                table["rows"]
                    == [["Audit Record Id": "A1", "Old Recipient Id": "1", "New Recipient Id": "2]]>3"]])
            let missing = try await simulator.xmlAPI(
                envelope("InsertUpdateRelationalTable", "<TABLE_ID>1</TABLE_ID>" + rows([[("a", "b")]])), token: token)
            #expect(missing.errorID == 125)
        }
    }
}
