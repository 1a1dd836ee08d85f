import CassetteKit
import EngageSDK
import Foundation
import JSONCore
import LibXML
import Testing

/// Drives the mailing and reporting operations (issue #34, group C) over a fresh simulator at the flow epoch
/// (2026-01-01T00:00:00Z) and checks every request and answer against its XSD.
struct MailingClient {
    let simulator: SimulatorFixture
    let token: String

    static let xsdFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Schemas/engage/xsd")

    static func make() async throws -> MailingClient {
        let simulator = try await SimulatorFixture()
        return MailingClient(simulator: simulator, token: try await simulator.token())
    }

    /// The same simulator with a new token (after the clock moved past the old one's lifetime).
    func refreshed() async throws -> MailingClient {
        MailingClient(simulator: simulator, token: try await simulator.token())
    }

    /// GetSentMailingsForOrg → get-sent-mailings-for-org.
    static func kebab(_ operation: String) -> String {
        var words: [String] = []
        var current = ""
        for character in operation {
            if character.isUppercase, !current.isEmpty, current.last?.isLowercase == true {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        words.append(current)
        return words.map { $0.lowercased() }.joined(separator: "-")
    }

    struct Answer {
        let data: Data
        let result: XMLAPIResult
        var errorID: Int? { result.errorID }
        var isSuccess: Bool { result.isSuccess }
        var element: XML.Element? { result.envelope.first("Body")?.first("RESULT") }
        func text(_ name: String) -> String? { element?.first(name)?.text }
        /// The text of `child` in each `item` of the result.
        func column(_ item: String, _ child: String) -> [String] {
            (element?.all(item) ?? []).map { $0.first(child)?.text ?? "" }
        }
    }

    /// Sends `operation` with `inner` elements; the request and the answer must validate against their XSDs.
    @discardableResult
    func call(
        _ operation: String, _ inner: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws
        -> Answer
    {
        let envelope = "<Envelope><Body><\(operation)>\(inner)</\(operation)></Body></Envelope>"
        let kebab = Self.kebab(operation)
        let request = try XML.Schema(contentsOf: Self.xsdFolder.appendingPathComponent("\(kebab).xsd"))
        #expect(
            try request.validate(data: Data(envelope.utf8)).isEmpty, "request \(envelope)",
            sourceLocation: sourceLocation)
        let response = try await simulator.send(
            CassetteRequest(
                method: "POST", url: "/XMLAPI",
                headers: ["Content-Type": FormEncoding.contentType, "Authorization": "Bearer \(token)"],
                body: FormEncoding.encode([("xml", envelope)])))
        let result = try XML.Schema(contentsOf: Self.xsdFolder.appendingPathComponent("\(kebab)-result.xsd"))
        let diagnostics = try result.validate(data: response.body)
        #expect(
            diagnostics.isEmpty,
            "\(operation) answer: \(diagnostics) \(String(decoding: response.body, as: UTF8.self))",
            sourceLocation: sourceLocation)
        return Answer(data: response.body, result: try XMLAPIResult(data: response.body))
    }

    /// Adds a contact with `email` to the demo database and answers its id.
    func addContact(_ email: String) async throws -> String {
        let added = try await simulator.admin(
            "POST", "/lists/23949/recipients", ["columns": ["Email": .string(email)]])
        return try #require(added["recipientId"]?.stringValue ?? added["recipientId"]?.numberValue?.text)
    }

    static let december = "<DATE_START>12/01/2025 00:00:00</DATE_START><DATE_END>12/31/2025 23:59:59</DATE_END>"
}

@Suite("EngageMailingOperations")
struct MailingOperationsTests {
    @Suite("Mailings to contacts")
    struct Sends {
        @Test(
            "SendMailing sends a custom-event autoresponder; ListRecipientMailings and GetContactMailingDetails show it"
        )
        func sendMailing() async throws {
            let client = try await MailingClient.make()
            let id = try await client.addContact("buyer@example.com")
            let sent = try await client.call(
                "SendMailing", "<MailingId>4201</MailingId><RecipientEmail>BUYER@example.com</RecipientEmail>")
            #expect(sent.isSuccess)
            let listed = try await client.call(
                "ListRecipientMailings", "<LIST_ID>23949</LIST_ID><RECIPIENT_ID>\(id)</RECIPIENT_ID>")
            #expect(listed.column("Mailing", "MailingId") == ["4201"])
            #expect(listed.column("Mailing", "MailingName") == ["Order Confirmation"])
            #expect(listed.column("Mailing", "SentTS") == ["1/1/26 12:00 AM"])
            let mailing = try await client.simulator.admin("GET", "/mailings/4201")
            let code = try #require(mailing["sends"]?[0]?["sureFromCode"]?.stringValue)
            let details = try await client.call(
                "GetContactMailingDetails",
                "<SURE_FROM_CODE>\(code)</SURE_FROM_CODE><ORGANIZATION_ID>other</ORGANIZATION_ID>"
                    + "<ORGANIZATION_ID>sim-org-1</ORGANIZATION_ID>")
            #expect(details.text("SUBJECT") == "Your order is confirmed")
            #expect(details.text("SENT_TIMESTAMP") == "01/01/2026 00:00:00 GMT")
            #expect(details.text("FROM_NAME") == "Mobile Team")
            let report = try await client.call(
                "GetReportIdByDate",
                "<MAILING_ID>4201</MAILING_ID><DATE_START>01/01/2026 00:00:00</DATE_START><DATE_END>01/01/2026 23:59:59</DATE_END>"
            )
            #expect(report.column("Mailing", "ReportId").count == 1)
        }

        @Test(
            "SendMailing faults: 126 unknown mailing, 160 not custom automated, 162 inactive, 128 no contact, 100 missing",
            arguments: [
                ("<MailingId>9999</MailingId><RecipientEmail>a@example.com</RecipientEmail>", 126),
                ("<MailingId>4203</MailingId><RecipientEmail>a@example.com</RecipientEmail>", 160),
                ("<MailingId>4101</MailingId><RecipientEmail>a@example.com</RecipientEmail>", 160),
                ("<MailingId>4202</MailingId><RecipientEmail>a@example.com</RecipientEmail>", 162),
                ("<MailingId>4201</MailingId><RecipientEmail>nobody@example.com</RecipientEmail>", 128),
                (
                    "<MailingId>4201</MailingId><COLUMNS><COLUMN><Name>Email</Name><Value>nobody@example.com</Value>"
                        + "</COLUMN></COLUMNS>", 128
                ),
                ("<RecipientEmail>a@example.com</RecipientEmail>", 100),
                ("<MailingId>4201</MailingId>", 100),
            ])
        func sendMailingFaults(inner: String, errorID: Int) async throws {
            let client = try await MailingClient.make()
            _ = try await client.addContact("a@example.com")
            #expect(try await client.call("SendMailing", inner).errorID == errorID)
        }

        @Test("ForwardToFriend forwards a sent mailing for one of its contacts and counts the forwards")
        func forward() async throws {
            let client = try await MailingClient.make()
            let id = try await client.addContact("fan@example.com")
            let forwarded = try await client.call(
                "ForwardToFriend",
                "<SENDER_EMAIL>fan@example.com</SENDER_EMAIL><r>\(id)</r><m>4301</m>"
                    + "<RECIPIENTS>one@example.com, two@example.com</RECIPIENTS><MESSAGE>Look</MESSAGE>")
            #expect(forwarded.isSuccess)
            #expect(forwarded.text("ORGANIZATION_ID") == "sim-org-1")
            let encoded = Data(id.utf8).base64EncodedString()
            let again = try await client.call(
                "ForwardToFriend",
                "<SENDER_EMAIL>fan@example.com</SENDER_EMAIL><rs>\(encoded)</rs><m>4301</m>"
                    + "<RECIPIENTS>three@example.com</RECIPIENTS>")
            #expect(again.isSuccess)
            let tracking = try await client.call(
                "GetAggregateTrackingForMailing", "<MAILING_ID>4301</MAILING_ID><REPORT_ID>7301</REPORT_ID>")
            #expect(tracking.column("Mailing", "NumGrossForwardFwd") == ["3"])
            #expect(tracking.column("Mailing", "NumUniqueForwardFwd") == ["2"])
        }

        @Test(
            "ForwardToFriend errors 1-6 and a missing element",
            arguments: [
                (
                    "<SENDER_EMAIL>fan@example.com</SENDER_EMAIL><r>ID</r><m>x43</m><RECIPIENTS>a@example.com</RECIPIENTS>",
                    1
                ),
                (
                    "<SENDER_EMAIL>fan@example.com</SENDER_EMAIL><r>abc</r><m>4301</m><RECIPIENTS>a@example.com</RECIPIENTS>",
                    2
                ),
                (
                    "<SENDER_EMAIL>fan@example.com</SENDER_EMAIL><r>999</r><m>4301</m><RECIPIENTS>a@example.com</RECIPIENTS>",
                    2
                ),
                (
                    "<SENDER_EMAIL>fan@example.com</SENDER_EMAIL><r>ID</r><m>4101</m><RECIPIENTS>a@example.com</RECIPIENTS>",
                    3
                ),
                (
                    "<SENDER_EMAIL>fan@example.com</SENDER_EMAIL><r>ID</r><m>4303</m><RECIPIENTS>a@example.com</RECIPIENTS>",
                    3
                ),
                (
                    "<SENDER_EMAIL>not-an-address</SENDER_EMAIL><r>ID</r><m>4301</m><RECIPIENTS>a@example.com</RECIPIENTS>",
                    4
                ),
                (
                    "<SENDER_EMAIL>fan@example.com</SENDER_EMAIL><rs>%%%</rs><m>4301</m><RECIPIENTS>a@example.com</RECIPIENTS>",
                    5
                ),
                (
                    "<SENDER_EMAIL>fan@example.com</SENDER_EMAIL><r>ID</r><m>4301</m><RECIPIENTS>a@example.com</RECIPIENTS>"
                        + "<MESSAGE>\(String(repeating: "x", count: 1_001))</MESSAGE>", 6
                ),
                ("<SENDER_EMAIL>fan@example.com</SENDER_EMAIL><r>ID</r><m>4301</m>", 100),
            ])
        func forwardErrors(inner: String, errorID: Int) async throws {
            let client = try await MailingClient.make()
            let id = try await client.addContact("fan@example.com")
            let answer = try await client.call(
                "ForwardToFriend", inner.replacingOccurrences(of: ">ID<", with: ">\(id)<"))
            #expect(answer.errorID == errorID)
            #expect(answer.result.errorClass == "SP.API")
        }

        @Test("GetContactMailingDetails: 330 for an unknown code or another organization, 100 without a code")
        func contactMailingDetailsFaults() async throws {
            let client = try await MailingClient.make()
            let id = try await client.addContact("reader@example.com")
            let send = try await client.simulator.admin(
                "POST", "/mailings/4301/sends",
                ["recipientID": .number(JSONNumber(Int(id) ?? 0)), "sureFromCode": "1-KNOWN"])
            #expect(send["reportID"] == 7301)
            let known = try await client.call(
                "GetContactMailingDetails",
                "<SURE_FROM_CODE>1-KNOWN</SURE_FROM_CODE><ORGANIZATION_ID>sim-org-1</ORGANIZATION_ID>")
            #expect(known.text("SENT_TIMESTAMP") == "12/15/2025 09:00:00 GMT")
            #expect(known.text("SUBJECT") == "Welcome to the app")
            for inner in [
                "<SURE_FROM_CODE>1-UNKNOWN</SURE_FROM_CODE><ORGANIZATION_ID>sim-org-1</ORGANIZATION_ID>",
                "<SURE_FROM_CODE>1-KNOWN</SURE_FROM_CODE><ORGANIZATION_ID>another-org</ORGANIZATION_ID>",
            ] {
                let answer = try await client.call("GetContactMailingDetails", inner)
                #expect(answer.errorID == 330)
                #expect(answer.result.faultString == "The value you entered could not be confirmed.")
            }
            #expect(
                try await client.call("GetContactMailingDetails", "<ORGANIZATION_ID>sim-org-1</ORGANIZATION_ID>")
                    .errorID == 100)
        }

        @Test("ListRecipientMailings: a contact's own sends with their totals; faults 124, 106, 128, 100")
        func recipientMailings() async throws {
            let client = try await MailingClient.make()
            let id = try await client.addContact("reader@example.com")
            _ = try await client.simulator.admin(
                "POST", "/mailings/4301/sends",
                ["recipientID": .number(JSONNumber(Int(id) ?? 0)), "totals": ["TotalOpens": 3, "TotalClicks": 1]])
            let listed = try await client.call(
                "ListRecipientMailings", "<LIST_ID>23949</LIST_ID><RECIPIENT_ID>\(id)</RECIPIENT_ID>")
            #expect(listed.column("Mailing", "MailingId") == ["4301"])
            #expect(listed.column("Mailing", "TotalOpens") == ["3"])
            #expect(listed.column("Mailing", "TotalClicks") == ["1"])
            #expect(listed.column("Mailing", "SentTS") == ["12/15/25 9:00 AM"])
            for (inner, errorID) in [
                ("<LIST_ID>23949</LIST_ID><RECIPIENT_ID>abc</RECIPIENT_ID>", 124),
                ("<LIST_ID>777</LIST_ID><RECIPIENT_ID>\(id)</RECIPIENT_ID>", 106),
                ("<LIST_ID>23949</LIST_ID><RECIPIENT_ID>424242</RECIPIENT_ID>", 128),
                ("<LIST_ID>23949</LIST_ID>", 100),
            ] {
                #expect(try await client.call("ListRecipientMailings", inner).errorID == errorID, "\(inner)")
            }
        }
    }

    @Suite("Scheduling and templates")
    struct Scheduling {
        static let schedule =
            "<TEMPLATE_ID>4102</TEMPLATE_ID><LIST_ID>23949</LIST_ID><MAILING_NAME>January Sale</MAILING_NAME>"
            + "<VISIBILITY>1</VISIBILITY><SEND_HTML/><SEND_TEXT/>"

        @Test("ScheduleMailing makes a sent mailing the reporting operations and the contact's list show")
        func scheduleNow() async throws {
            let client = try await MailingClient.make()
            let contact = try await client.addContact("member@example.com")
            let scheduled = try await client.call(
                "ScheduleMailing", Self.schedule + "<SUBJECT>Sale starts now</SUBJECT>")
            let id = try #require(scheduled.text("MAILING_ID"))
            #expect(id == "10001")
            let today = "<DATE_START>01/01/2026 00:00:00</DATE_START><DATE_END>01/01/2026 23:59:59</DATE_END>"
            let sent = try await client.call("GetSentMailingsForOrg", today)
            #expect(sent.column("Mailing", "MailingId") == [id])
            #expect(sent.column("Mailing", "MailingName") == ["January Sale"])
            #expect(sent.column("Mailing", "Subject") == ["Sale starts now"])
            #expect(sent.column("Mailing", "ListName") == ["Mobile App Users"])
            #expect(sent.column("Mailing", "ParentTemplateId") == ["4102"])
            #expect(sent.column("Mailing", "SentTS") == ["2026-01-01 00:00:00.0"])
            let reports = try await client.call("GetReportIdByDate", "<MAILING_ID>\(id)</MAILING_ID>" + today)
            #expect(reports.column("Mailing", "ReportId") == ["20001"])
            let listed = try await client.call(
                "ListRecipientMailings", "<LIST_ID>23949</LIST_ID><RECIPIENT_ID>\(contact)</RECIPIENT_ID>")
            #expect(listed.column("Mailing", "MailingId") == [id])
            let tracking = try await client.call(
                "GetAggregateTrackingForMailing", "<MAILING_ID>\(id)</MAILING_ID><REPORT_ID>20001</REPORT_ID>")
            #expect(tracking.column("Mailing", "MailingName") == ["January Sale"])
            let path = try await client.call(
                "GetFolderPath", "<OBJECT_TYPE>Mailing</OBJECT_TYPE><OBJECT_ID>\(id)</OBJECT_ID>")
            #expect(path.text("FOLDER_PATH") == "Shared")
            #expect(path.text("OBJECT_SUB_TYPE") == "Sent")
        }

        @Test("A mailing scheduled later is SCHEDULED with no report data (500) until the clock reaches it")
        func scheduleLater() async throws {
            let client = try await MailingClient.make()
            let scheduled = try await client.call(
                "ScheduleMailing",
                Self.schedule + "<SCHEDULED>01/02/2026 09:30:00 AM</SCHEDULED>"
                    + "<PARENT_FOLDER_PATH>2026/January</PARENT_FOLDER_PATH><CREATE_PARENT_FOLDER/>")
            let id = try #require(scheduled.text("MAILING_ID"))
            let range = "<DATE_START>01/01/2026 00:00:00</DATE_START><DATE_END>01/31/2026 23:59:59</DATE_END>"
            let listing = try await client.call("GetSentMailingsForOrg", range + "<SCHEDULED/>")
            #expect(listing.column("Mailing", "MailingId") == [id, "4303"])
            #expect(listing.column("Mailing", "ScheduledTS").first == "2026-01-02 09:30:00.0")
            #expect(listing.column("Mailing", "SentTS") == ["", ""])
            let early = try await client.call(
                "GetAggregateTrackingForMailing", "<MAILING_ID>\(id)</MAILING_ID><REPORT_ID>20001</REPORT_ID>")
            #expect(early.errorID == 500)
            let path = try await client.call(
                "GetFolderPath", "<OBJECT_TYPE>Mailing</OBJECT_TYPE><OBJECT_ID>\(id)</OBJECT_ID>")
            #expect(path.text("FOLDER_PATH") == "Shared/2026/January")
            _ = try await client.simulator.admin("PUT", "/settings", ["now": "2026-01-03T00:00:00Z"])
            let moved = try await client.refreshed()
            let later = try await moved.call(
                "GetAggregateTrackingForMailing", "<MAILING_ID>\(id)</MAILING_ID><REPORT_ID>20001</REPORT_ID>")
            #expect(later.isSuccess)
            let sent = try await moved.call("GetSentMailingsForOrg", range + "<SENT/>")
            #expect(sent.column("Mailing", "MailingId") == [id])
        }

        @Test(
            "ScheduleMailing faults: 182, 126, 104, 184, 106, 103, 100",
            arguments: [
                ("<MAILING_NAME>December Newsletter</MAILING_NAME>", 182),
                ("<TEMPLATE_ID>4301</TEMPLATE_ID>", 126),
                ("<TEMPLATE_ID>9999</TEMPLATE_ID>", 126),
                ("<VISIBILITY>2</VISIBILITY>", 104),
                ("<SCHEDULED>13/45/2026 10:00:00 AM</SCHEDULED>", 184),
                ("<LIST_ID>777</LIST_ID>", 106),
                ("<PARENT_FOLDER_PATH>No/Such/Folder</PARENT_FOLDER_PATH>", 103),
                ("<MAILING_NAME></MAILING_NAME>", 100),
            ])
        func scheduleFaults(replacement: String, errorID: Int) async throws {
            let client = try await MailingClient.make()
            let element = String(replacement.dropFirst().prefix { $0 != ">" })
            var inner = Self.schedule
            if let range = inner.range(of: "<\(element)>[^<]*</\(element)>", options: .regularExpression) {
                inner.replaceSubrange(range, with: replacement)
            } else {
                inner += replacement
            }
            #expect(try await client.call("ScheduleMailing", inner).errorID == errorID)
        }

        @Test("PreviewMailing fills personalization tags from the contact; 126 and 128 otherwise")
        func preview() async throws {
            let client = try await MailingClient.make()
            _ = try await client.addContact("reader@example.com")
            let plain = try await client.call("PreviewMailing", "<MailingId>4101</MailingId>")
            #expect(plain.text("TextBody") == "Hello %%Email%%, Welcome to the app.")
            #expect(plain.text("SpamScore") == "0.4")
            let personal = try await client.call(
                "PreviewMailing", "<MailingId>4101</MailingId><RecipientEmail>reader@example.com</RecipientEmail>")
            #expect(personal.text("HTMLBody")?.contains("Hello reader@example.com,") == true)
            #expect(try await client.call("PreviewMailing", "<MailingId>9999</MailingId>").errorID == 126)
            #expect(
                try await client.call(
                    "PreviewMailing", "<MailingId>4101</MailingId><RecipientEmail>x@example.com</RecipientEmail>"
                ).errorID == 128)
        }

        @Test("GetMailingTemplates by visibility, last change and CRM; 104 for another visibility")
        func templates() async throws {
            let client = try await MailingClient.make()
            #expect(
                try await client.call("GetMailingTemplates", "<VISIBILITY>1</VISIBILITY>")
                    .column("MAILING_TEMPLATE", "MAILING_ID") == ["4101", "4102"])
            let privateTemplates = try await client.call("GetMailingTemplates", "<VISIBILITY>0</VISIBILITY>")
            #expect(privateTemplates.column("MAILING_TEMPLATE", "MAILING_ID") == ["4103"])
            #expect(privateTemplates.column("MAILING_TEMPLATE", "VISIBILITY") == ["Private"])
            #expect(privateTemplates.column("MAILING_TEMPLATE", "LAST_MODIFIED") == ["12/1/25 8:00 AM"])
            #expect(
                try await client.call(
                    "GetMailingTemplates",
                    "<VISIBILITY>1</VISIBILITY><LAST_MODIFIED_START_DATE>12/01/2025 00:00:00</LAST_MODIFIED_START_DATE>"
                ).column("MAILING_TEMPLATE", "MAILING_ID") == ["4102"])
            #expect(
                try await client.call("GetMailingTemplates", "<IS_CRM_ENABLED>TRUE</IS_CRM_ENABLED>")
                    .column("MAILING_TEMPLATE", "MAILING_ID") == ["4102"])
            #expect(
                try await client.call("GetMailingTemplates", "").column("MAILING_TEMPLATE", "MAILING_ID")
                    == ["4101", "4103", "4102"])
            #expect(try await client.call("GetMailingTemplates", "<VISIBILITY>3</VISIBILITY>").errorID == 104)
            #expect(
                try await client.call(
                    "GetMailingTemplates", "<LAST_MODIFIED_END_DATE>yesterday</LAST_MODIFIED_END_DATE>"
                ).errorID == 184)
        }

        @Test("ExportMailingTemplate answers the export's FILE_PATH; 126 for a mailing that is not a template")
        func export() async throws {
            let client = try await MailingClient.make()
            let answer = try await client.call(
                "ExportMailingTemplate", "<TEMPLATE_ID>4101</TEMPLATE_ID><ADD_TO_STORED_FILES/>")
            #expect(answer.text("FILE_PATH") == "4101_20260101000000_template.zip")
            #expect(try await client.call("ExportMailingTemplate", "<TEMPLATE_ID>4301</TEMPLATE_ID>").errorID == 126)
            #expect(try await client.call("ExportMailingTemplate", "").errorID == 100)
        }

        @Test("GetFolderPath of folders, mailings and data objects; 323, 325, 126, 106, 100")
        func folderPath() async throws {
            let client = try await MailingClient.make()
            func path(_ inner: String) async throws -> [String?] {
                let answer = try await client.call("GetFolderPath", inner)
                return [answer.text("FOLDER_PATH"), answer.text("OBJECT_SUB_TYPE")]
            }
            #expect(
                try await path(
                    "<OBJECT_TYPE>Mailing</OBJECT_TYPE><FOLDER_ID>3f2a1c1-18b9e7d4c21-5c1f0e9d8b7a6c5d4e3f2a1b0c9d8e7f</FOLDER_ID>"
                ) == ["Shared/Promotions/January", nil])
            #expect(
                try await path("<OBJECT_TYPE>Data</OBJECT_TYPE><FOLDER_ID>7001</FOLDER_ID>") == [
                    "Shared/Mobile App", nil,
                ])
            #expect(try await path("<OBJECT_TYPE>Data</OBJECT_TYPE><FOLDER_ID>1001</FOLDER_ID>") == ["Private", nil])
            #expect(
                try await path("<OBJECT_TYPE>Mailing</OBJECT_TYPE><OBJECT_ID>4101</OBJECT_ID>") == [
                    "Shared/Newsletters", "Template",
                ])
            #expect(
                try await path("<OBJECT_TYPE>Mailing</OBJECT_TYPE><OBJECT_ID>4202</OBJECT_ID>") == [
                    "Shared/Autoresponders", "Inactive Autoresponder",
                ])
            #expect(
                try await path("<OBJECT_TYPE>Data</OBJECT_TYPE><OBJECT_ID>23949</OBJECT_ID>") == ["Shared", "Database"])
            #expect(
                try await path("<OBJECT_TYPE>Data</OBJECT_TYPE><OBJECT_ID>29392</OBJECT_ID>") == [
                    "Shared", "Relational Table",
                ])
            _ = try await client.simulator.admin(
                "POST", "/mailing-folders", ["objectType": "Data", "path": "Shared/Audit", "lists": ["29392"]])
            #expect(
                try await path("<OBJECT_TYPE>Data</OBJECT_TYPE><OBJECT_ID>29392</OBJECT_ID>") == [
                    "Shared/Audit", "Relational Table",
                ])
            for (inner, errorID) in [
                ("<OBJECT_TYPE>Data</OBJECT_TYPE><FOLDER_ID>abc</FOLDER_ID>", 323),
                ("<OBJECT_TYPE>Data</OBJECT_TYPE><FOLDER_ID>999</FOLDER_ID>", 325),
                ("<OBJECT_TYPE>Mailing</OBJECT_TYPE><FOLDER_ID>7001</FOLDER_ID>", 325),
                ("<OBJECT_TYPE>Mailing</OBJECT_TYPE><OBJECT_ID>9999</OBJECT_ID>", 126),
                ("<OBJECT_TYPE>Data</OBJECT_TYPE><OBJECT_ID>777</OBJECT_ID>", 106),
                ("<OBJECT_TYPE>Data</OBJECT_TYPE>", 100),
                ("<OBJECT_ID>4101</OBJECT_ID>", 100),
            ] {
                #expect(try await client.call("GetFolderPath", inner).errorID == errorID, "\(inner)")
            }
        }

        @Test("GetMessageGroupDetails in the reference's order; 100 without an id, 51 for an unknown group")
        func messageGroup() async throws {
            let client = try await MailingClient.make()
            let group = try await client.call("GetMessageGroupDetails", "<MESSAGE_GROUP_ID>59294</MESSAGE_GROUP_ID>")
            #expect(
                group.element?.elements.map(\.name) == [
                    "SUCCESS", "USER_ID", "NAME", "STATUS", "NOTES", "LIST_ID", "EVENT_TRIGGER", "TRACKING_LEVEL",
                    "CUSTOM_EVENT_DATE_COLUMN", "SEND_PREVIOUS", "ACTIVATION_DATE", "COMPLETION_DATE",
                ])
            #expect(group.text("NAME") == "Welcome Campaign")
            #expect(try await client.call("GetMessageGroupDetails", "").errorID == 100)
            #expect(
                try await client.call("GetMessageGroupDetails", "<MESSAGE_GROUP_ID>1</MESSAGE_GROUP_ID>").errorID == 51)
        }
    }

    @Suite("Reporting")
    struct Reporting {
        @Test("GetSentMailingsForOrg lists December's sendings with the kind filters, tags and the count")
        func sentForOrg() async throws {
            let client = try await MailingClient.make()
            let all = try await client.call("GetSentMailingsForOrg", MailingClient.december)
            #expect(all.column("Mailing", "ReportId") == ["7301", "7304", "7305", "7302"])
            #expect(all.column("Mailing", "ScheduledTS").first == "2025-12-15 09:00:00.0")
            #expect(all.column("Mailing", "UserName").first == "Demo Marketer")
            func reports(_ flags: String) async throws -> [String] {
                try await client.call("GetSentMailingsForOrg", MailingClient.december + flags).column(
                    "Mailing", "ReportId")
            }
            #expect(try await reports("<SENT/>") == ["7301", "7305", "7302"])
            #expect(try await reports("<AUTOMATED/>") == ["7304"])
            #expect(try await reports("<PRIVATE/>") == ["7305", "7302"])
            #expect(try await reports("<SHARED/><EXCLUDE_TEST_MAILINGS/>") == ["7301", "7304"])
            #expect(try await reports("<SENDING/>") == [])
            #expect(try await reports("<EXCLUDE_TEST_MAILINGS>false</EXCLUDE_TEST_MAILINGS>").count == 4)
            let tags = try await client.call("GetSentMailingsForOrg", MailingClient.december + "<INCLUDE_TAGS/>")
            #expect(
                tags.element?.all("Mailing").first?.first("Tags")?.all("Tag").map(\.text) == ["newsletter", "december"])
            let count = try await client.call("GetSentMailingsForOrg", MailingClient.december + "<MAILING_COUNT_ONLY/>")
            #expect(count.text("SentMailingsCount") == "4")
            #expect(count.element?.all("Mailing").isEmpty == true)
        }

        @Test("GetSentMailingsForUser and ForList narrow the listing; faults 184, 100 and 106")
        func sentForUserAndList() async throws {
            let client = try await MailingClient.make()
            #expect(
                try await client.call(
                    "GetSentMailingsForUser",
                    MailingClient.december + "<OPTIONALUSER>Marketer@Example.com</OPTIONALUSER>"
                ).column("Mailing", "ReportId") == ["7301", "7304"])
            #expect(
                try await client.call("GetSentMailingsForUser", MailingClient.december).column("Mailing", "ReportId")
                    .count == 4)
            #expect(
                try await client.call("GetSentMailingsForList", MailingClient.december + "<LIST_ID>23949</LIST_ID>")
                    .column("Mailing", "ReportId").count == 4)
            #expect(
                try await client.call(
                    "GetSentMailingsForList", MailingClient.december + "<LIST_ID>29392</LIST_ID><INCLUDE_CHILDREN/>"
                ).column("Mailing", "ReportId") == [])
            #expect(
                try await client.call("GetSentMailingsForList", MailingClient.december + "<LIST_ID>777</LIST_ID>")
                    .errorID == 106)
            #expect(
                try await client.call(
                    "GetSentMailingsForOrg",
                    "<DATE_START>2025-12-01</DATE_START><DATE_END>12/31/2025 23:59:59</DATE_END>"
                ).errorID == 184)
            #expect(
                try await client.call(
                    "GetSentMailingsForUser",
                    "<DATE_START>12/31/2025 00:00:00</DATE_START><DATE_END>12/01/2025 00:00:00</DATE_END>"
                ).errorID == 184)
            #expect(
                try await client.call("GetSentMailingsForOrg", "<DATE_START>12/01/2025 00:00:00</DATE_START>").errorID
                    == 100)
        }

        @Test("GetReportIdByDate lists one mailing's sendings; 126 and 184")
        func reportIDs() async throws {
            let client = try await MailingClient.make()
            let answer = try await client.call(
                "GetReportIdByDate", "<MAILING_ID>4301</MAILING_ID>" + MailingClient.december)
            #expect(answer.column("Mailing", "ReportId") == ["7301"])
            #expect(answer.column("Mailing", "SentTS") == ["12/15/25 9:00 AM"])
            #expect(
                try await client.call("GetReportIdByDate", "<MAILING_ID>9999</MAILING_ID>" + MailingClient.december)
                    .errorID == 126)
            #expect(
                try await client.call(
                    "GetReportIdByDate",
                    "<MAILING_ID>4301</MAILING_ID><DATE_START>12/32/2025</DATE_START><DATE_END>12/31/2025</DATE_END>"
                ).errorID == 184)
        }

        @Test("GetAggregateTrackingForMailing answers the metrics and the asked sections; 126 and 500")
        func trackingForMailing() async throws {
            let client = try await MailingClient.make()
            let answer = try await client.call(
                "GetAggregateTrackingForMailing",
                "<MAILING_ID>4301</MAILING_ID><REPORT_ID>7301</REPORT_ID><TOP_DOMAIN/><INBOX_MONITORING/><PER_CLICK/>")
            let mailing = try #require(answer.element?.first("Mailing"))
            #expect(mailing.elements.count == 53)
            #expect(mailing.first("NumSent")?.text == "1200")
            #expect(mailing.first("NumUniqueOpen")?.text == "540")
            #expect(mailing.first("NumGrossMedia")?.text == "0")
            #expect(mailing.first("SentDateTime")?.text == "2025-12-15 09:00:00.0")
            #expect(
                answer.element?.first("TopDomains")?.all("TopDomain").map { $0.first("Domain")?.text } == [
                    "gmail.com", "yahoo.com",
                ])
            #expect(answer.element?.first("InboxMonitored")?.all("InboxMonitoring").count == 1)
            #expect(answer.element?.first("Clicks")?.all("Click").map { $0.first("TotalAOL")?.text } == ["0", "0"])
            let plain = try await client.call(
                "GetAggregateTrackingForMailing", "<MAILING_ID>4301</MAILING_ID><REPORT_ID>7301</REPORT_ID>")
            #expect(plain.element?.first("TopDomains") == nil)
            for (inner, errorID) in [
                ("<MAILING_ID>4301</MAILING_ID><REPORT_ID>7302</REPORT_ID>", 126),
                ("<MAILING_ID>4303</MAILING_ID><REPORT_ID>7303</REPORT_ID>", 500),
                ("<MAILING_ID>4301</MAILING_ID>", 100),
            ] {
                #expect(try await client.call("GetAggregateTrackingForMailing", inner).errorID == errorID, "\(inner)")
            }
        }

        @Test("GetAggregateTrackingForOrg and ForUser cover the sent sendings of a range")
        func trackingForRange() async throws {
            let client = try await MailingClient.make()
            let org = try await client.call("GetAggregateTrackingForOrg", MailingClient.december + "<TOP_DOMAIN/>")
            #expect(org.column("Mailing", "ReportId") == ["7301", "7304", "7305", "7302"])
            #expect(org.element?.first("TopDomains")?.all("TopDomain").count == 2)
            let january = "<DATE_START>01/01/2026 00:00:00</DATE_START><DATE_END>01/31/2026 00:00:00</DATE_END>"
            #expect(try await client.call("GetAggregateTrackingForOrg", january).column("Mailing", "ReportId") == [])
            #expect(
                try await client.call("GetAggregateTrackingForUser", MailingClient.december).column(
                    "Mailing", "ReportId")
                    == ["7305", "7302"])
            #expect(
                try await client.call(
                    "GetAggregateTrackingForUser",
                    MailingClient.december + "<OPTIONALUSER>marketer@example.com</OPTIONALUSER><CAMPAIGN_CANCELED/>"
                ).column("Mailing", "ReportId") == [])
            #expect(
                try await client.call(
                    "GetAggregateTrackingForUser",
                    MailingClient.december + "<OPTIONALUSER>marketer@example.com</OPTIONALUSER>"
                ).column("Mailing", "ReportId") == ["7301", "7304"])
            #expect(
                try await client.call(
                    "GetAggregateTrackingForOrg", "<DATE_START>soon</DATE_START><DATE_END>later</DATE_END>"
                )
                .errorID == 184)
        }
    }

    @Suite("Admin")
    struct Admin {
        @Test("Seeded mailings, sendings, folders and message groups are what the operations answer")
        func seeding() async throws {
            let client = try await MailingClient.make()
            let simulator = client.simulator
            let folder = try await simulator.admin(
                "POST", "/mailing-folders", ["objectType": "Mailing", "path": "Shared/Seasonal"])
            let folderID = try #require(folder["folderID"]?.stringValue)
            let template = try await simulator.admin(
                "POST", "/mailings",
                [
                    "name": "Spring Template", "kind": "Template", "subject": "Spring", "folderID": .string(folderID),
                    "lastModified": "2025-12-24T10:00:00Z",
                ])
            #expect(template["mailingID"] == "10001")
            #expect(
                try await client.call(
                    "GetMailingTemplates",
                    "<LAST_MODIFIED_START_DATE>12/24/2025 00:00:00</LAST_MODIFIED_START_DATE>"
                ).column("MAILING_TEMPLATE", "MAILING_NAME") == ["Spring Template"])
            let sent = try await simulator.admin(
                "POST", "/mailings", ["mailingID": "5001", "name": "Spring Sent", "kind": "Sent", "visibility": 0])
            #expect(sent["listID"] == "23949")
            let report = try await simulator.admin(
                "POST", "/mailings/5001/reports",
                [
                    "reportID": 8001, "scheduledAt": "2025-12-28T12:00:00Z", "numSent": 10,
                    "tracking": ["NumBounceHard": 2], "clicks": [["LinkName": "Go", "TotalHTML": 4]],
                ])
            #expect(report["reportID"] == 8001)
            let tracking = try await client.call(
                "GetAggregateTrackingForMailing", "<MAILING_ID>5001</MAILING_ID><REPORT_ID>8001</REPORT_ID><PER_CLICK/>"
            )
            #expect(tracking.column("Mailing", "NumBounceHard") == ["2"])
            #expect(tracking.element?.first("Clicks")?.first("Click")?.first("TotalHTML")?.text == "4")
            let group = try await simulator.admin(
                "POST", "/message-groups", ["name": "Winback", "status": "Active", "eventTrigger": "Recurring"])
            let groupID = try #require(group["messageGroupID"]?.stringValue)
            #expect(
                try await client.call("GetMessageGroupDetails", "<MESSAGE_GROUP_ID>\(groupID)</MESSAGE_GROUP_ID>")
                    .text("EVENT_TRIGGER") == "Recurring")
            let listing = try await simulator.admin("GET", "/mailings")
            #expect(listing["mailings"]?.arrayValue?.count == 12)
        }

        @Test("Bad admin input is refused with what to send instead")
        func refusals() async throws {
            let simulator = try await SimulatorFixture()
            for (path, body) in [
                ("/mailings", ["kind": "Template"] as JSONValue),
                ("/mailings", ["name": "x", "kind": "Newsletter"]),
                ("/mailings", ["name": "x", "mailingID": "4101"]),
                ("/mailings", ["name": "x", "lastModified": "yesterday"]),
                ("/mailings/4101/reports", ["numSent": 1]),
                ("/mailings/4301/reports", ["tracking": ["Opens": 1]]),
                ("/mailings/4301/sends", ["recipientID": 1]),
                ("/mailing-folders", ["objectType": "Data", "path": "Shared/X", "folderID": "abc"]),
                ("/mailing-folders", ["path": "Nowhere"]),
                ("/message-groups", ["name": "x", "status": "Paused"]),
                ("/mailings/9999/reports", [:]),
            ] {
                let answer = try await simulator.admin("POST", path, body)
                #expect(answer["error"]?.stringValue?.isEmpty == false, "\(path) \(body)")
            }
        }
    }
}
