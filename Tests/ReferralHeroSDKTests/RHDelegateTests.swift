import ReferralHeroSDK
import Testing

@Suite("RHDelegate")
struct RHDelegateTests {
    @Test("the call table covers each of the thirteen endpoints once")
    func everyMethodIsCovered() {
        let endpoints = DocumentedCall.all.map(\.endpoint)
        #expect(endpoints.count == 13)
        #expect(Set(endpoints) == Set(RHEndpoint.allCases))
    }

    @Test("a documented method reports its endpoint name with the response on success", arguments: DocumentedCall.all)
    func reportsSuccess(call: DocumentedCall) async throws {
        let transport = RecordingTransport()
        let rh = TestSDK.make(transport: transport)
        let delegate = RecordingDelegate()
        rh.delegate = delegate

        await call.invoke(rh).value

        let events = delegate.events
        try #require(events.count == 1)
        guard case .received(let response, let endpoint) = events[0] else {
            Issue.record("expected a response, got \(events[0])")
            return
        }
        #expect(endpoint == call.endpoint)
        #expect(endpoint.rawValue == call.endpoint.rawValue)
        #expect(response.kind == call.expectedResponseKind)
    }

    @Test(
        "a documented method reports its endpoint name with the server's error on failure",
        arguments: DocumentedCall.all)
    func reportsFailure(call: DocumentedCall) async throws {
        let transport = RecordingTransport { _ in .error("subscriber_not_found", status: 403, message: "gone") }
        let rh = TestSDK.make(transport: transport)
        let delegate = RecordingDelegate()
        rh.delegate = delegate

        await call.invoke(rh).value

        let expected = RHError.server(RHServerError(code: .subscriberNotFound, message: "gone", httpStatus: 403))
        #expect(delegate.events == [.failed(expected, call.endpoint)])
    }

    @Test("a validation failure reaches the delegate without a request")
    func validationFailureReachesDelegate() async {
        let transport = RecordingTransport()
        let rh = TestSDK.make(transport: transport)
        let delegate = RecordingDelegate()
        rh.delegate = delegate

        await rh.formSubmit(param: RHSubscriber(domain: "https://example.com")).value

        #expect(
            delegate.events == [
                .failed(.missingParameter("email", endpoint: .createNewSubscriber), .createNewSubscriber)
            ])
        #expect(transport.requests.isEmpty)
    }

    @Test("the delegate is held weakly")
    func delegateIsWeak() {
        let rh = TestSDK.make(transport: RecordingTransport())
        var delegate: RecordingDelegate? = RecordingDelegate()
        rh.delegate = delegate
        #expect(rh.delegate != nil)
        delegate = nil
        #expect(rh.delegate == nil)
    }

    @Test("the endpoint names are the iOS SDK's")
    func endpointNames() {
        #expect(
            RHEndpoint.allCases.map(\.rawValue) == [
                "Create new subscriber", "SubscriberDetail", "UpdateSubscriber", "DeleteReferral", "TrackReferral",
                "Create Pending Referral", "Organic Track Referral", "Confirm referral", "clickCapture",
                "getMyReferrals", "getLeaderboard", "Get Referrer", "Rewards List",
            ])
    }
}

extension RHResponse {
    /// The case, without its payload.
    var kind: String {
        switch self {
        case .subscriber: "subscriber"
        case .deletion: "deletion"
        case .share: "share"
        case .referrals: "referrals"
        case .leaderboard: "leaderboard"
        case .referrer: "referrer"
        case .rewards: "rewards"
        }
    }
}

extension DocumentedCall {
    var expectedResponseKind: String {
        switch endpoint {
        case .deleteSubscriber: "deletion"
        case .clickCapture: "share"
        case .myReferrals: "referrals"
        case .leaderboard: "leaderboard"
        case .getReferrer: "referrer"
        case .rewardsList: "rewards"
        default: "subscriber"
        }
    }
}
