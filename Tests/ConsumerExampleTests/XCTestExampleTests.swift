import Foundation
import HarnessTesting
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The same checks for a team still on XCTest: `withCassette` and `withMockServer` open the scope the traits
/// open.
final class ReferralScreenXCTests: XCTestCase {
    @MainActor
    func testJoinShowsTheRecordedCode() async throws {
        try await withCassette("referralhero/add-subscriber") { cassette in
            let baseURL = try XCTUnwrap(cassette.baseURL)
            let api = ReferralAPI(
                baseURL: baseURL, token: "my-real-token", campaign: "MF83c9616aa3", session: cassette.session)
            let screen = ReferralScreenModel(api: api, now: { Date(timeIntervalSince1970: 1_767_225_600) })
            await screen.join(email: "ada@example.com", name: "Ada")
            XCTAssertEqual(screen.state, .joined(code: "17b87254", position: 1))
        }
    }

    @MainActor
    func testOutageShowsTheFriendlyMessage() async throws {
        try await withMockServer(.referralHero) { server in
            try await server.admin.injectFault("status=503", path: "/referralhero/lists/*")
            let api = ReferralAPI(
                baseURL: server.baseURL(for: .referralHero), token: "rh-sim-token", campaign: "MF83c9616aa3",
                session: URLSession(configuration: .ephemeral))
            let screen = ReferralScreenModel(api: api, now: Date.init)
            await screen.join(email: "ada@example.com", name: "Ada")
            XCTAssertEqual(screen.state, .unavailable("Referrals are unavailable right now. Try again later."))
        }
    }
}
