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
        let simulator = try SimulatorFixture()
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
        let simulator = try SimulatorFixture()
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
}
