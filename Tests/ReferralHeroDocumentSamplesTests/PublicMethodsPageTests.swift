import FlowCatalog
import Foundation
import Logging
import MockServer
import ReferralHeroSDK
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The Swift samples of ReferralHero's iOS "Public Methods" page (../shared/seeds/002_…), UIKit lines aside, as an app
// writes them: `RH.delegate = self` in `viewDidLoad`, the static `RH.` methods, the page's initializers and the
// dictionary form of `RHDelegate`. They run against the ReferralHero simulator on a real loopback port.

/// The page's view controller, without UIKit: `CreateAccount` conforms to `RHDelegate` in the page's own words.
@MainActor final class CreateAccount {
    private(set) var received: [(endPoint: String, response: [String: Any])] = []
    private(set) var failures: [(endPoint: String, error: String)] = []

    func viewDidLoad() {
        RH.delegate = self
    }

    func formSubmit() {
        RH.formSubmit(
            param: RHSubscriber(
                email: "xyz@gmail.com",
                domain: "www.abc.com",
                name: "ABC",
                referrer: "53f8acf7",
                IPAddress: "201.202.203.205",
                device: "iPhone",
                screen_size: "370.0 x 480.0",
                os_type: "iOS",
                status: "custom_event_pending"
            ))
    }

    func record(_ response: [String: Any], _ endPoint: String) { received.append((endPoint, response)) }
    func record(_ error: any Error, _ endPoint: String) { failures.append((endPoint, "\(error)")) }
}

extension CreateAccount: RHDelegate {
    func didReceiveAPIResponse(_ response: [String: Any], _ endPoint: String) {
        print("\(endPoint) \n + \(response)")
        record(response, endPoint)
    }

    func didFailWithError(_ error: Error, _ endPoint: String) {
        print("\(endPoint) \n + \(error)")
        record(error, endPoint)
    }
}

@Suite("Public Methods page samples", .serialized)
struct PublicMethodsPageTests {
    /// The simulator's demo campaign and token, its goal set to two conversion events (the page's pending flows).
    @MainActor static func withConfiguredRH(goal: Int, _ body: (MockServerEndpoints) async throws -> Void) async throws
    {
        var logger = Logger(label: "samples")
        logger.logLevel = .critical
        let server = try MockServer(configuration: MockServerConfiguration(port: 0), logger: logger)
        let endpoints = try await server.start()
        do {
            let base = endpoints.baseURL(for: "referralhero")
            let admin = endpoints.adminURL.appendingPathComponent("vendors/referralhero/campaigns/MF83c9616aa3")
            var request = URLRequest(url: admin)
            request.httpMethod = "PUT"
            request.httpBody = Data(#"{"goal":\#(goal)}"#.utf8)
            let (_, answer) = try await URLSession.shared.data(for: request)
            #expect((answer as? HTTPURLResponse)?.statusCode == 200)
            RH.configure(
                RH(
                    configuration: RHConfiguration(
                        apiToken: "rh-sim-token", campaignUUID: "MF83c9616aa3", serverURL: base),
                    transport: UpstreamTransport(), subscriberStore: RHInMemorySubscriberStore(),
                    deviceInfoProvider: .fixed(
                        RHDeviceInfo(device: "iPhone", osType: "iOS", screenSize: "393x852", ipAddress: "203.0.113.7")))
            )
            try await body(endpoints)
            try await server.stop()
        } catch {
            try? await server.stop()
            throw error
        }
    }

    @Test("1. Add Subscriber and 7., 9.–13.: the page's calls reach the server and the delegate's dictionary form")
    @MainActor func addSubscriberAndReads() async throws {
        try await Self.withConfiguredRH(goal: 2) { _ in
            let screen = CreateAccount()
            screen.viewDidLoad()
            screen.formSubmit()
            await RH.formSubmit(
                param: RHSubscriber(email: "xyz@gmail.com", domain: "www.abc.com")
            ).value
            await RH.formSubmit(param: RHSubscriber(email: "referrer@example.com", domain: "www.abc.com")).value
            await RH.UpdateSubscriber(param: RHSubscriber(email: "abc@gmail.com", domain: "www.xyz.com", name: "abc"))
                .value
            await RH.getSubscriberDetail().value
            await RH.clickCapture(social: "facebook").value
            await RH.getMyReferrals().value
            await RH.getLeaderboard().value
            await RH.GetReferrer().value
            await RH.RewardsList().value
            await RH.DeleteSubscriber().value
            let endPoints = screen.received.map(\.endPoint) + screen.failures.map(\.endPoint)
            #expect(endPoints.contains("UpdateSubscriber"))
            #expect(endPoints.contains("getLeaderboard"))
            #expect(endPoints.contains("DeleteReferral"))
            let update = try #require(screen.received.first { $0.endPoint == "UpdateSubscriber" }?.response)
            #expect(update["status"] as? String == "ok")
            #expect((update["data"] as? [String: Any])?["name"] as? String == "abc")
            #expect(
                screen.failures.contains {
                    $0.endPoint == "Get Referrer" && $0.error.contains("referrer_not_identified")
                })
        }
    }

    @Test("2.–5.: pending, track, confirm and organic with the page's initializers (goal of three events)")
    @MainActor func referralMethods() async throws {
        try await Self.withConfiguredRH(goal: 3) { _ in
            let screen = CreateAccount()
            screen.viewDidLoad()
            await RH.formSubmit(param: RHSubscriber(email: "referrer@example.com", domain: "www.abc.com")).value
            let referrer = try #require(screen.received.last?.response["data"] as? [String: Any])
            let code = try #require(referrer["code"] as? String)
            await RH.CreatePendingReferral(
                param: RHReferral(
                    email: "xyz@gmail.com", domain: "www.abc.com", name: "ABC", referrer: code,
                    IPAddress: "201.202.203.205", device: "iPhone", screen_size: "370.0 x 480.0", os_type: "iOS",
                    status: "custom_event_pending")
            ).value
            await RH.trackReferral(
                param: RHTrackReferral(
                    email: "xyz@gmail.com", name: "ABC", referrer: code, IPAddress: "201.202.203.205",
                    device: "iPhone", screen_size: "370.0 x 480.0", os_type: "iOS")
            ).value
            await RH.ConfirmReferral().value
            await RH.OrganicTrackReferral(param: RHOrganicReferral(email: "abc@gmail.com", name: "ABC")).value
            let statuses = screen.received.compactMap { ($0.response["data"] as? [String: Any])?["status"] as? String }
            #expect(statuses == ["", "pending", "unconfirmed", "confirmed", ""])
            #expect(
                screen.received.map(\.endPoint) == [
                    "Create new subscriber", "Create Pending Referral", "TrackReferral", "Confirm referral",
                    "Organic Track Referral",
                ])
            #expect(screen.failures.isEmpty, "\(screen.failures)")
        }
    }
}
