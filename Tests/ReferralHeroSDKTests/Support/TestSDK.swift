import Foundation
import HTTPTypes
import ReferralHeroSDK
import Testing

/// The SDK as the tests build it: fixed credentials, clock and device, a fake transport, an in-memory store.
enum TestSDK {
    static let token = "rh-test-token"
    static let campaign = "MF83c9616aa3"
    static let subscriberID = "sub_8645f85ac894"
    static let serverURL = URL(string: "https://app.referralhero.com/api/sdk/v1")!
    /// 2023-11-14T22:13:20Z; bodies carry `"timestamp":"1700000000"`.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let device = RHDeviceInfo(device: "iPhone", osType: "iOS", screenSize: "393x852", ipAddress: "203.0.113.7")
    static let deviceKeys: Set<String> = ["device", "os_type", "screen_size", "ip_address"]

    static func make(
        transport: RecordingTransport,
        store: any RHSubscriberStore = RHInMemorySubscriberStore(subscriberID: subscriberID),
        device: RHDeviceInfoProvider = .fixed(device),
        token: String = token,
        campaign: String = campaign
    ) -> ReferralHero {
        ReferralHero(
            configuration: RHConfiguration(apiToken: token, campaignUUID: campaign, serverURL: serverURL),
            transport: transport,
            subscriberStore: store,
            deviceInfoProvider: device,
            now: { now }
        )
    }

    /// Runs `body`, which must throw an ``RHError``, and returns that error; `nil` when it returned.
    static func error<T>(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> T
    ) async -> RHError? {
        do {
            _ = try await body()
            return nil
        } catch let error as RHError {
            return error
        } catch {
            Issue.record("\(error) is not an RHError", sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// One of the thirteen documented methods, called with valid input, and the request it must send.
struct DocumentedCall: Sendable, CustomTestStringConvertible {
    var endpoint: RHEndpoint
    var operationID: String
    var method: HTTPRequest.Method
    /// After `<server URL>/lists/<campaign>`.
    var path: String
    /// The JSON body's keys; `nil` for a call without a body.
    var bodyKeys: Set<String>?
    var invoke: @Sendable (ReferralHero) -> Task<Void, Never>

    var testDescription: String { endpoint.rawValue }

    static let subscriber = RHSubscriber(email: "ada@example.com", domain: "https://example.com", name: "Ada")
    static let subscriberPath = "/subscribers/\(TestSDK.subscriberID)"

    static let all: [DocumentedCall] = [
        DocumentedCall(
            endpoint: .createNewSubscriber, operationID: "addSubscriber", method: .post, path: "/subscribers",
            bodyKeys: TestSDK.deviceKeys.union(["email", "domain", "name", "timestamp"]),
            invoke: { $0.formSubmit(param: subscriber) }),
        DocumentedCall(
            endpoint: .createPendingReferral, operationID: "createPendingReferral", method: .post,
            path: "/subscribers/pending_referral",
            bodyKeys: TestSDK.deviceKeys.union(["email", "name", "referrer", "hosting_url", "timestamp"]),
            invoke: {
                $0.CreatePendingReferral(
                    param: RHReferral(
                        email: "bo@example.com", name: "Bo", referrer: "3ab0f674", hostingURL: "https://example.com"))
            }),
        DocumentedCall(
            endpoint: .trackReferral, operationID: "trackReferralConversionEvent", method: .post,
            path: "/subscribers/track_referral_conversion_event", bodyKeys: ["email", "name", "timestamp"],
            invoke: { $0.trackReferral(param: RHTrackReferral(email: "bo@example.com", name: "Bo")) }),
        DocumentedCall(
            endpoint: .confirmReferral, operationID: "confirmReferral", method: .post,
            path: subscriberPath + "/confirm", bodyKeys: ["timestamp"], invoke: { $0.ConfirmReferral() }),
        DocumentedCall(
            endpoint: .organicTrackReferral, operationID: "organicTrackReferral", method: .post,
            path: "/subscribers/organic_track_referral", bodyKeys: ["email", "hosting_url", "timestamp"],
            invoke: {
                $0.OrganicTrackReferral(
                    param: RHOrganicReferral(email: "cy@example.com", hostingURL: "https://example.com"))
            }),
        DocumentedCall(
            endpoint: .updateSubscriber, operationID: "updateSubscriber", method: .patch, path: subscriberPath,
            bodyKeys: TestSDK.deviceKeys.union(["name", "points", "timestamp"]),
            invoke: { $0.UpdateSubscriber(param: RHSubscriber(name: "Ada L.", pointCount: 5)) }),
        DocumentedCall(
            endpoint: .subscriberDetail, operationID: "getSubscriber", method: .get, path: subscriberPath,
            invoke: { $0.getSubscriberDetail() }),
        DocumentedCall(
            endpoint: .deleteSubscriber, operationID: "deleteSubscriber", method: .delete, path: subscriberPath,
            bodyKeys: ["timestamp"], invoke: { $0.DeleteSubscriber() }),
        DocumentedCall(
            endpoint: .clickCapture, operationID: "captureShare", method: .post,
            path: subscriberPath + "/click_capture",
            bodyKeys: ["social", "timestamp"], invoke: { $0.clickCapture(social: "facebook") }),
        DocumentedCall(
            endpoint: .myReferrals, operationID: "getReferralsData", method: .get,
            path: subscriberPath + "/referrals_data", invoke: { $0.getMyReferrals() }),
        DocumentedCall(
            endpoint: .leaderboard, operationID: "getLeaderboard", method: .get, path: "/leaderboard",
            invoke: { $0.getLeaderboard() }),
        DocumentedCall(
            endpoint: .getReferrer, operationID: "getReferrer", method: .get,
            path:
                "/subscribers/referrer?os_type=iOS&device=iPhone&ip_address=203.0.113.7&screen_size=393.0%20x%20852.0",
            invoke: { $0.GetReferrer() }),
        DocumentedCall(
            endpoint: .rewardsList, operationID: "getRewards", method: .get, path: subscriberPath + "/rewards",
            invoke: { $0.RewardsList() }),
    ]
}

extension DocumentedCall {
    init(
        endpoint: RHEndpoint, operationID: String, method: HTTPRequest.Method, path: String,
        invoke: @escaping @Sendable (ReferralHero) -> Task<Void, Never>
    ) {
        self.init(
            endpoint: endpoint, operationID: operationID, method: method, path: path, bodyKeys: nil, invoke: invoke)
    }
}
