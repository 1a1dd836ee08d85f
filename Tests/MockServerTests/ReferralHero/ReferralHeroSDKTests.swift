import Foundation
import JSONCore
import MockServer
import ReferralHeroSDK
import Testing

/// The real `RH` SDK against the simulator, in-process.
@Suite("ReferralHeroSimulator with the RH SDK")
struct ReferralHeroSDKTests {
    final class Delegate: RHDelegate {
        let events = Locked<[String]>([])
        func didReceiveAPIResponse(_ response: RHResponse, _ endpoint: RHEndpoint) async {
            events.withLock { $0.append("ok \(endpoint.rawValue)") }
        }
        func didFailWithError(_ error: RHError, _ endpoint: RHEndpoint) async {
            let detail: String
            if case .server(let server) = error {
                detail = "\(server.httpStatus) \(server.code.rawValue)"
            } else {
                detail = "\(error)"
            }
            events.withLock { $0.append("failed \(endpoint.rawValue): \(detail)") }
        }
    }

    static func sdk(
        _ fixture: ReferralHeroFixture, token: String = ReferralHeroFixture.token,
        campaign: String = ReferralHeroFixture.campaign, screen: String = "393x852"
    ) -> ReferralHero {
        ReferralHero(
            configuration: RHConfiguration(
                apiToken: token, campaignUUID: campaign, serverURL: URL(string: "http://127.0.0.1/referralhero")!),
            transport: SimulatorHostTransport(host: fixture.host), subscriberStore: RHInMemorySubscriberStore(),
            deviceInfoProvider: .fixed(
                RHDeviceInfo(device: "iPhone", osType: "iOS", screenSize: screen, ipAddress: "203.0.113.7")),
            now: { ReferralHeroFixture.now })
    }

    @Test("Every documented method reaches the simulator and reports its endpoint name on success")
    func allMethods() async throws {
        let fixture = try await ReferralHeroFixture()
        try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":3}"#)
        let referrer = Self.sdk(fixture)
        let delegate = Delegate()
        referrer.delegate = delegate
        await referrer.formSubmit(param: RHSubscriber(email: "ref@example.com", domain: "https://example.com")).value
        await referrer.UpdateSubscriber(param: RHSubscriber(name: "Referrer")).value
        await referrer.getSubscriberDetail().value
        await referrer.clickCapture(social: "facebook").value
        let code = try await referrer.subscriberDetail().code
        try await fixture.admin(
            "POST", "/campaigns/\(ReferralHeroFixture.campaign)/clicks",
            #"{"referrer":"\#(code)","os_type":"iOS","device":"iPhone","ip_address":"203.0.113.7","screen_size":"393*852"}"#
        )
        let friend = Self.sdk(fixture)
        friend.delegate = delegate
        await friend.GetReferrer().value
        await friend.CreatePendingReferral(param: RHReferral(email: "friend@example.com", name: "Friend")).value
        await friend.trackReferral(param: RHTrackReferral(email: "friend@example.com")).value
        await friend.ConfirmReferral().value
        await friend.OrganicTrackReferral(param: RHOrganicReferral(email: "org@example.com")).value
        await referrer.getMyReferrals().value
        await referrer.getLeaderboard().value
        await referrer.RewardsList().value
        await referrer.DeleteSubscriber().value
        #expect(
            delegate.events.withLock { $0 } == [
                "ok Create new subscriber", "ok UpdateSubscriber", "ok SubscriberDetail", "ok clickCapture",
                "ok Get Referrer", "ok Create Pending Referral", "ok TrackReferral", "ok Confirm referral",
                "ok Organic Track Referral", "ok getMyReferrals", "ok getLeaderboard", "ok Rewards List",
                "ok DeleteReferral",
            ])
        let stored = try await fixture.admin("GET", "/campaigns/\(ReferralHeroFixture.campaign)/subscribers")
        #expect(stored.json["subscribers"]?[0]?["subscriber"]?["email"] == "friend@example.com")
        #expect(stored.json["subscribers"]?[0]?["subscriber"]?["status"] == "confirmed")
    }

    @Test("Server refusals reach the SDK as typed errors with the contract's code and status")
    func serverErrors() async throws {
        let fixture = try await ReferralHeroFixture()
        try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":2}"#)
        let delegate = Delegate()
        let wrongToken = Self.sdk(fixture, token: "wrong")
        wrongToken.delegate = delegate
        await wrongToken.getLeaderboard().value
        let unknown = Self.sdk(fixture, campaign: "MFffffffffff")
        unknown.delegate = delegate
        await unknown.getLeaderboard().value
        let rh = Self.sdk(fixture)
        rh.delegate = delegate
        await rh.formSubmit(param: RHSubscriber(email: "not-an-email", domain: "https://example.com")).value
        await rh.trackReferral(param: RHTrackReferral(email: "who@example.com")).value
        await rh.CreatePendingReferral(param: RHReferral(email: "p@example.com", referrer: "nobody")).value
        await rh.formSubmit(param: RHSubscriber(email: "ada@example.com", domain: "https://example.com")).value
        await rh.ConfirmReferral().value
        try await fixture.admin("PUT", "/rate-limit", #"{"calls_per_hour":0}"#)
        await rh.getLeaderboard().value
        #expect(
            delegate.events.withLock { $0 } == [
                "failed getLeaderboard: 401 invalid_token", "failed getLeaderboard: 401 invalid_list",
                "failed Create new subscriber: 400 invalid_email_address",
                "failed TrackReferral: 400 referrer_not_found",
                "failed Create Pending Referral: 400 referrer_not_found", "ok Create new subscriber",
                "failed Confirm referral: 403 subscriber_not_found", "failed getLeaderboard: 429 too_many_calls",
            ])
    }

    @Test("Each screen_size spelling is normalised by the SDK and matched by the simulator")
    func screenSizes() async throws {
        for spelling in ["393*852", "393 x 852", "393x852", "393.0 x 852.0"] {
            let fixture = try await ReferralHeroFixture()
            try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":2}"#)
            let referrer = try await fixture.signUp("ref@example.com")
            try await fixture.admin(
                "POST", "/campaigns/\(ReferralHeroFixture.campaign)/clicks",
                #"{"referrer":"\#(referrer.code)","os_type":"iOS","device":"iPhone","ip_address":"203.0.113.7","screen_size":"393x852"}"#
            )
            let rh = Self.sdk(fixture, screen: spelling)
            let match = try await rh.referrer()
            #expect(match.id == referrer.id, "\(spelling)")
            let pending = try await rh.createPendingReferral(RHReferral(email: "bob@example.com"))
            #expect(pending.screenSize == "393.0 x 852.0")
            #expect(pending.referredBy.id == referrer.id)
        }
    }
}
