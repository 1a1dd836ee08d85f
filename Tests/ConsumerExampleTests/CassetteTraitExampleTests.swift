import CassetteKit
import Foundation
import HarnessTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's code against recorded cassettes: no network, in CI or on a plane.
@Suite("Referral screen, replayed from cassettes")
struct CassetteTraitExampleTests {
    /// The moment the cassettes were recorded (2026-01-01T00:00:00Z), so the app sends the recorded timestamp.
    static let recordedAt = Date(timeIntervalSince1970: 1_767_225_600)

    @Test("Joining shows the referral code the cassette recorded", .cassette("referralhero/add-subscriber"))
    @MainActor
    func joinShowsCode() async throws {
        let cassette = try CassetteScope.required()
        let api = ReferralAPI(
            baseURL: try #require(cassette.baseURL), token: "my-real-token", campaign: "MF83c9616aa3",
            session: cassette.session)
        let screen = ReferralScreenModel(api: api, now: { Self.recordedAt })

        await screen.join(email: "ada@example.com", name: "Ada")

        #expect(screen.state == .joined(code: "17b87254", position: 1))
        #expect(cassette.mode == .none)
        #expect(cassette.errors.isEmpty)
    }

    @Test("A request the cassette lacks fails with the nearest recorded one and the differing field")
    func missNamesNearest() async throws {
        let error = await #expect(throws: CassetteError.self) {
            try await withCassette("referralhero/add-subscriber") { cassette in
                let api = ReferralAPI(
                    baseURL: try #require(cassette.baseURL), token: "t", campaign: "MF83c9616aa3",
                    session: cassette.session)
                return try await api.join(SignUp(email: "grace@example.com", name: "Grace", timestamp: "1"))
            }
        }
        let message = try #require(error).description
        #expect(message.contains("/lists/MF83c9616aa3/subscribers"), "\(message)")
        #expect(message.contains("grace@example.com") || message.contains("/email"), "\(message)")
    }
}

/// One cassette for a whole suite: every test's requests replay from `referralhero/get-leaderboard`.
@Suite("Leaderboard over an OpenAPI transport", .cassette("referralhero/get-leaderboard"))
struct LeaderboardCassetteTests {
    @Test("The ranking lists the referrer first")
    func rankingListsReferrerFirst() async throws {
        let cassette = try CassetteScope.required()
        let client = LeaderboardClient(
            transport: cassette.transport, baseURL: try #require(cassette.baseURL),
            token: "my-real-token", campaign: "MF83c9616aa3")

        let ranking = try await client.ranking()

        #expect(ranking.count == 3)
        #expect(ranking.first?.email == "referrer@example.com")
        #expect(ranking.first?.peopleReferred == 1)
    }
}
