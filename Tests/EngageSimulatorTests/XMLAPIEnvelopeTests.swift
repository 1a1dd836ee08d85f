import CassetteKit
import EngageSDK
import Foundation
import Testing

/// Documents that are not XMLAPI envelopes get fault 51 Invalid XML Request, whatever the operation (issue #34's fuzz
/// findings: the simulator answered them as if they were).
@Suite("EngageSimulator /XMLAPI envelope")
struct XMLAPIEnvelopeTests {
    static let getLists = "<GetLists><VISIBILITY>1</VISIBILITY><LIST_TYPE>0</LIST_TYPE></GetLists>"

    @Test("An envelope in an XML namespace, default or prefixed, is fault 51; the same envelope without one answers")
    func namespacedEnvelope() async throws {
        let simulator = try await SimulatorFixture()
        let token = try await simulator.token()
        let plain = try await simulator.xmlAPI("<Envelope><Body>\(Self.getLists)</Body></Envelope>", token: token)
        #expect(plain.isSuccess)
        for envelope in [
            "<Envelope xmlns=\"urn:other\"><Body>\(Self.getLists)</Body></Envelope>",
            "<Envelope><Body xmlns=\"urn:other\">\(Self.getLists)</Body></Envelope>",
            "<s:Envelope xmlns:s=\"urn:other\"><s:Body>\(Self.getLists)</s:Body></s:Envelope>",
        ] {
            let result = try await simulator.xmlAPI(envelope, token: token)
            #expect(result.errorID == 51, "\(envelope)")
            #expect(!result.isSuccess)
        }
    }

    @Test("A form field besides xml is fault 51 naming the field")
    func extraFormField() async throws {
        let simulator = try await SimulatorFixture()
        let token = try await simulator.token()
        let response = try await simulator.raw(
            url: "/XMLAPI", contentType: FormEncoding.contentType, token: token,
            body: FormEncoding.encode([
                ("xml", "<Envelope><Body>\(Self.getLists)</Body></Envelope>"), ("jsessionid", "x"),
            ]))
        #expect(response.status == 200)
        let result = try XMLAPIResult(data: response.body)
        #expect(result.errorID == 51)
        #expect(result.faultString?.contains("jsessionid") == true, "\(result.faultString ?? "")")
    }

    @Test(
        "Any operation refuses what its request XSD refuses with fault 51, and whatever it would have done is undone"
    )
    func requestXSDRefusals() async throws {
        let simulator = try await SimulatorFixture()
        let token = try await simulator.token()
        for (operation, inner) in [
            ("GetListMetaData", "<LIST_ID>23949</LIST_ID><SHOE_SIZE>9</SHOE_SIZE>"),
            (
                "GetAggregateTrackingForOrg",
                "<DATE_START>12/01/2025 00:00:00</DATE_START><DATE_END>12/31/2025 23:59:59</DATE_END><X/>"
            ),
            (
                "GetMessageGroupDetails",
                "<MESSAGE_GROUP_ID>59294</MESSAGE_GROUP_ID><FZ_UNKNOWN>x</FZ_UNKNOWN>"
            ),
            (
                "GetSentMailingsForOrg",
                "<DATE_START>12/01/2025 00:00:00</DATE_START><DATE_END>12/31/2025 23:59:59</DATE_END>"
                    + "<CAMPAIGN_COMPLETED>yes</CAMPAIGN_COMPLETED>"
            ),
            ("ExportMailingTemplate", "<TEMPLATE_ID>4101</TEMPLATE_ID><ADD_TO_STORED_FILES>soon</ADD_TO_STORED_FILES>"),
            ("GetLists", "<visibility>1</visibility><LIST_TYPE>0</LIST_TYPE>"),
            ("GetLists", "<VISIBILITY><B>1</B></VISIBILITY><LIST_TYPE>0</LIST_TYPE>"),
        ] {
            let result = try await simulator.xmlAPI(
                "<Envelope><Body><\(operation)>\(inner)</\(operation)></Body></Envelope>", token: token)
            #expect(result.errorID == 51, "\(operation) \(inner)")
            #expect(result.faultString?.hasPrefix("Invalid XML Request: ") == true, "\(result.faultString ?? "")")
        }

        // The recipient AddRecipient would have added is not there: the refusal undid it.
        let add =
            "<AddRecipient><LIST_ID>23949</LIST_ID><COLUMN><NAME>Email</NAME><VALUE>ada@example.com</VALUE>"
            + "</COLUMN><FZ_UNKNOWN>x</FZ_UNKNOWN></AddRecipient>"
        let refused = try await simulator.xmlAPI("<Envelope><Body>\(add)</Body></Envelope>", token: token)
        #expect(refused.errorID == 51)
        #expect(refused.faultString?.contains("FZ_UNKNOWN") == true, "\(refused.faultString ?? "")")
        let select = "<SelectRecipientData><LIST_ID>23949</LIST_ID><EMAIL>ada@example.com</EMAIL></SelectRecipientData>"
        let found = try await simulator.xmlAPI("<Envelope><Body>\(select)</Body></Envelope>", token: token)
        #expect(found.errorID == 128, "no recipient was added")

        // An id that is not a number still gets the operation's own documented fault.
        let job = try await simulator.xmlAPI(
            "<Envelope><Body><GetJobStatus><JOB_ID>abc</JOB_ID></GetJobStatus></Body></Envelope>", token: token)
        #expect(job.errorID == 135)
    }
}
