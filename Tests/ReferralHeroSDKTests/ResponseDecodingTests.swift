import Foundation
import ReferralHeroSDK
import Testing

@Suite("Response decoding")
struct ResponseDecodingTests {
    @Test("the documented sample subscriber decodes field by field")
    func sampleSubscriber() async throws {
        let rh = TestSDK.make(transport: RecordingTransport())
        let subscriber = try await rh.addSubscriber(DocumentedCall.subscriber)

        #expect(subscriber.outcome == .subscriberCreated)
        #expect(subscriber.id == "sub_8645f85ac894")
        #expect(subscriber.name == "Test User 10")
        #expect(subscriber.email == "test10@gmail.com")
        #expect(subscriber.code == "3ab0f674")
        #expect(subscriber.position == 10)
        #expect(subscriber.referred == false)
        #expect(subscriber.referredBy.id == nil)
        #expect(subscriber.promotedAt == nil)
        #expect(subscriber.verifiedAt == Date(timeIntervalSince1970: 1_684_403_108))
        #expect(subscriber.createdAt == Date(timeIntervalSince1970: 1_684_403_108))
        #expect(subscriber.status == .none)
        #expect(subscriber.source == nil)
        #expect(subscriber.referralLink.hasSuffix("?mwr=3ab0f674"))
    }

    @Test("each single-subscriber outcome of the contract decodes", arguments: RHSubscriberData.Outcome.allCases)
    func outcomes(outcome: RHSubscriberData.Outcome) async throws {
        let transport = RecordingTransport { _ in .ok(data: WireFixtures.subscriber(response: outcome.rawValue)) }
        let subscriber = try await TestSDK.make(transport: transport).subscriberDetail()
        #expect(subscriber.outcome == outcome)
    }

    @Test("the referrals list decodes with its pagination")
    func referralList() async throws {
        let list = try await TestSDK.make(transport: RecordingTransport()).myReferrals()
        #expect(list.subscribers.map(\.email) == ["bo@example.com"])
        #expect(list.subscribers.first?.outcome == nil)
        #expect(list.pagination == RHPagination(totalPages: 1, currentPage: 1, perPage: 50, totalObjects: 1))
    }

    @Test("the leaderboard keeps the server's order")
    func leaderboard() async throws {
        let board = try await TestSDK.make(transport: RecordingTransport()).leaderboard()
        #expect(board.ranking.map(\.id) == ["sub_8645f85ac894", "sub_000000000002"])
        #expect(board.count == 2)
    }

    @Test("rewards decode with their lock state")
    func rewards() async throws {
        let list = try await TestSDK.make(transport: RecordingTransport()).rewards()
        #expect(list.rewards.map(\.status) == [.unlocked, .locked])
        #expect(list.rewards.map(\.referrals) == [1, 10])
        #expect(list.rewards.first?.imageURL == nil)
    }

    @Test("the identified referrer and the captured share decode")
    func referrerAndShare() async throws {
        let rh = TestSDK.make(transport: RecordingTransport())
        let match = try await rh.referrer()
        #expect(match.code == "3ab0f674")
        #expect(match.email == "test10@gmail.com")
        #expect(try await rh.captureShare(social: "facebook") == RHShareCapture(social: "facebook"))
    }

    @Test("a numeric calls_left is accepted")
    func numericCallsLeft() async throws {
        let body = #"{"status":"ok","data":{"ranking":[],"count":0},"calls_left":1000,"timestamp":1684403108}"#
        let transport = RecordingTransport { _ in CannedResponse(status: 200, body: body) }
        #expect(try await TestSDK.make(transport: transport).leaderboard().count == 0)
    }
}
