import Foundation
import ReferralHeroSDK
import Testing

@testable import ReferralHeroSDK

@Suite("Error envelope")
struct ErrorEnvelopeTests {
    /// What `GetReferrer()` (the operation that declares every error status) throws when answered with `canned`.
    private func failure(answering canned: CannedResponse) async -> RHError? {
        let rh = TestSDK.make(transport: RecordingTransport { _ in canned })
        return await TestSDK.error { try await rh.referrer() }
    }

    @Test(
        "each documented code decodes into a server error with its status and message", arguments: RHErrorCode.allCases)
    func eachCode(code: RHErrorCode) async {
        let error = await failure(
            answering: .error(code.rawValue, status: code.httpStatus, message: code.message))
        #expect(error == .server(RHServerError(code: code, message: code.message, httpStatus: code.httpStatus)))
    }

    @Test("the codes' statuses are the contract's")
    func statusesMatchTheContract() {
        var statuses: [String: Int] = [:]
        for code in Components.Schemas.BadRequestCode.allCases { statuses[code.rawValue] = 400 }
        for code in Components.Schemas.UnauthorizedCode.allCases { statuses[code.rawValue] = 401 }
        for code in Components.Schemas.ForbiddenCode.allCases { statuses[code.rawValue] = 403 }
        for code in Components.Schemas.NotFoundCode.allCases { statuses[code.rawValue] = 404 }
        for code in Components.Schemas.TooManyRequestsCode.allCases { statuses[code.rawValue] = 429 }
        #expect(statuses == Dictionary(uniqueKeysWithValues: RHErrorCode.allCases.map { ($0.rawValue, $0.httpStatus) }))
    }

    @Test("the proposed statuses of §1.5 hold")
    func proposedStatuses() {
        #expect(RHErrorCode.noToken.httpStatus == 400)
        #expect(RHErrorCode.invalidToken.httpStatus == 401)
        #expect(RHErrorCode.invalidList.httpStatus == 401)
        #expect(RHErrorCode.subscriberNotFound.httpStatus == 403)
        #expect(RHErrorCode.tooManyCalls.httpStatus == 429)
        #expect(RHErrorCode.customEventCompleted.message == "custom event is already completed")
        #expect(RHErrorCode.referrerNotFound.message == "referer is invalid or not present")
    }

    @Test("a code under another status than its own is outside the contract")
    func codeUnderWrongStatus() async {
        let error = await failure(answering: .error("invalid_token", status: 400))
        guard case .unexpectedResponse(let status, _) = error else {
            Issue.record("expected unexpectedResponse, got \(String(describing: error))")
            return
        }
        #expect(status == 400)
    }

    @Test("an envelope with an unknown key is outside the contract")
    func envelopeWithUnknownKey() async {
        let canned = CannedResponse(
            status: 401, body: #"{"status":"error","message":"x","code":"invalid_token","hint":"y"}"#)
        let error = await failure(answering: canned)
        guard case .unexpectedResponse(401, _) = error else {
            Issue.record("expected unexpectedResponse(401), got \(String(describing: error))")
            return
        }
    }

    @Test("a server failure without an envelope is an unexpected response that quotes the body")
    func serverFailureWithoutEnvelope() async {
        let canned = CannedResponse(status: 502, body: "<html>Bad Gateway</html>", contentType: "text/html")
        #expect(
            await failure(answering: canned) == .unexpectedResponse(status: 502, detail: "<html>Bad Gateway</html>"))
    }

    @Test("a success body that does not match the contract is an unexpected response")
    func malformedSuccess() async {
        let error = await failure(answering: .ok(data: #"{"response":"referrer_found"}"#))
        guard case .unexpectedResponse(200, _) = error else {
            Issue.record("expected unexpectedResponse(200), got \(String(describing: error))")
            return
        }
    }

    @Test("a transport failure is a transport error that does not show the token")
    func transportFailure() async {
        struct Offline: Error, CustomStringConvertible {
            var description: String { "the network is down" }
        }
        let rh = TestSDK.make(transport: RecordingTransport { _ in throw Offline() })
        let error = await TestSDK.error { try await rh.leaderboard() }
        #expect(error == .transport("the network is down"))
        #expect(error?.description.contains(TestSDK.token) == false)
    }

    @Test("a server error reads as the refusal it is")
    func serverErrorDescription() {
        let error = RHError.server(RHServerError(code: .invalidToken, message: "Invalid API token", httpStatus: 401))
        #expect(error.description == "ReferralHero refused the call: HTTP 401 invalid_token: Invalid API token")
        #expect(error.errorDescription == error.description)
    }
}
