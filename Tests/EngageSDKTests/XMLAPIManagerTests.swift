import EngageSDK
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@Suite("XMLAPIManager")
struct XMLAPIManagerTests {
    @Test("Requests go to /XMLAPI as the form field xml with the bearer token")
    func transport() async throws {
        let fixture = try await EngageFixture()
        let result = try await fixture.engage.xmlAPI.addRecipient(email: "a&b@c.d")
        #expect(result.isSuccess)
        let request = try #require(await fixture.server.xmlRequests.first)
        #expect(request.bearer == "token-1")
        #expect(request.elements["UPDATE_IF_FOUND"] == "true")
        #expect(request.envelope.contains("<VALUE>a&amp;b@c.d</VALUE>"))
    }

    @Test("The anonymous recipient's id is stored; the deprecated merge sends its two updates in order")
    func anonymousFlow() async throws {
        let fixture = try await EngageFixture()
        let xmlAPI = fixture.engage.xmlAPI
        let anonymous = try await xmlAPI.addRecipientAnonymous()
        let anonymousID = try #require(anonymous.recipientID)
        #expect(await fixture.engage.state.string(.anonymousID) == anonymousID)
        let merged = try await xmlAPI.updateAnonymousToPrimaryUser(
            userID: "u-1", primaryUserColumn: "Email", mergeColumn: "Merged User")
        #expect(!merged.isSuccess && merged.errorID == 128)
        let requests = await fixture.server.xmlRequests
        #expect(requests.map(\.operation) == ["AddRecipient", "UpdateRecipient", "UpdateRecipient"])
        #expect(requests[1].elements["RECIPIENT_ID"] == anonymousID)
        #expect(requests[2].envelope.contains("<SYNC_FIELDS><SYNC_FIELD><NAME>Email</NAME><VALUE>u-1</VALUE>"))
        #expect(await fixture.server.recipient(anonymousID)?.columns["Merged User"] == "u-1")
    }

    @Test("The last known location uses the configured columns and date format")
    func lastKnownLocation() async throws {
        let fixture = try await EngageFixture()
        try await fixture.engage.identity.setMobileUserID("M-9")
        _ = try await fixture.engage.xmlAPI.updateUserLastKnownLocation(address: nil)
        let request = try #require(await fixture.server.xmlRequests.first)
        #expect(request.columns.map(\.name) == ["Last Location Address", "Last Location Address Time"])
        #expect(request.columns.map(\.value) == ["UNKNOWN", "2014-06-10"])
        #expect(request.envelope.contains("<SYNC_FIELD><NAME>EMAIL</NAME><VALUE>M-9</VALUE></SYNC_FIELD>"))
    }

    @Test("A non-XML content type, a non-2xx status or an empty body is a transport failure, not a result")
    func badResponses() async throws {
        let cases: [(Int, String, String, EngageError)] = [
            (
                200, "application/json", "{}",
                .unexpectedContentType(operationID: EngageOperationID.xmlAPI, contentType: "application/json")
            ),
            (500, "text/xml", "boom", .httpStatus(operationID: EngageOperationID.xmlAPI, status: 500, body: "boom")),
            (
                200, "text/xml", "",
                .malformedResponse(operationID: EngageOperationID.xmlAPI, detail: "the body is empty")
            ),
        ]
        for (status, contentType, body, expected) in cases {
            let engage = try Engage(
                Engage.Options(
                    credentials: EngageCredentials(clientID: "c", clientSecret: "s", refreshToken: "r"),
                    host: "engage.test", listID: "1",
                    transport: StubTransport(status: status, contentType: contentType, body: body),
                    storage: .inMemory))
            await #expect(throws: expected) { try await engage.xmlAPI.selectRecipient(id: "1") }
        }
    }
}

/// Answers tokens normally and every other request with one fixed response.
struct StubTransport: ClientTransport {
    var status: Int
    var contentType: String
    var body: String

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var fields = HTTPFields()
        if request.path == EngageEndpoint.tokenPath {
            fields[.contentType] = "application/json"
            return (
                HTTPResponse(status: .ok, headerFields: fields),
                HTTPBody(#"{"access_token":"t","expires_in":14400}"#)
            )
        }
        fields[.contentType] = contentType
        return (HTTPResponse(status: .init(code: status), headerFields: fields), HTTPBody(self.body))
    }
}
