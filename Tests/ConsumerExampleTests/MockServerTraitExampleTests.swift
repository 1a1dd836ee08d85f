import Foundation
import HarnessTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's code against the stateful simulators on a real loopback port: new states, faults, two vendors.
@Suite("Referral screen, against the mock server")
struct MockServerTraitExampleTests {
    /// The token and campaign the ReferralHero simulator accepts out of the box.
    static func api(_ server: MockServerScope) -> ReferralAPI {
        ReferralAPI(
            baseURL: server.baseURL(for: .referralHero), token: "rh-sim-token", campaign: "MF83c9616aa3",
            session: URLSession(configuration: .ephemeral))
    }

    @Test(
        "Each run starts from the simulator's demo data, so the first sign-up is first in line",
        .mockServer(.referralHero, .engage), arguments: ["ada@example.com", "grace@example.com"])
    @MainActor
    func firstSignUpIsFirst(email: String) async throws {
        let server = try MockServerScope.required()
        let screen = ReferralScreenModel(api: Self.api(server), now: Date.init)

        await screen.join(email: email, name: "First")

        guard case .joined(let code, let position) = screen.state else {
            Issue.record("expected a referral code, got \(screen.state)")
            return
        }
        #expect(!code.isEmpty)
        #expect(position == 1)
        #expect(server.vendors == [.engage, .referralHero] || server.vendors == [.referralHero, .engage])
        #expect(server.baseURL(for: .engage) != server.baseURL(for: .referralHero))
        #expect(server.journal(for: .referralHero).count == 1)
    }

    @Test("A 503 from ReferralHero shows the friendly message", .mockServer(.referralHero))
    @MainActor
    func outageShowsMessage() async throws {
        let server = try MockServerScope.required()
        try await server.admin.injectFault("status=503", path: "/referralhero/lists/*", method: "POST", times: 1)
        let screen = ReferralScreenModel(api: Self.api(server), now: Date.init)

        await screen.join(email: "ada@example.com", name: "Ada")
        #expect(screen.state == .unavailable("Referrals are unavailable right now. Try again later."))

        await screen.join(email: "ada@example.com", name: "Ada")
        #expect(screen.state == .joined(code: "17b87254", position: 1))
    }

    @Test("Outside the traits the scopes say which trait to add, and an unknown vendor names the known ones")
    func misuseIsExplained() async throws {
        #expect(MockServerScope.current == nil)
        #expect(throws: HarnessTestingError.self) { try MockServerScope.required() }
        #expect(throws: HarnessTestingError.self) { try CassetteScope.required() }
        let error = await #expect(throws: HarnessTestingError.self) {
            try await withMockServer("acme") { _ in }
        }
        #expect(
            error?.description
                == "no simulator for vendor 'acme': use one of engage, referralhero, adapty, webengage, walkme")
    }
}

/// On a suite, every test gets a server of its own: state, faults and journal never leak between tests.
@Suite("Referral screen, one mock server per test of the suite", .mockServer(.referralHero))
struct MockServerSuiteExampleTests {
    @Test("Each test gets its own server: an empty journal, its own fault rules", arguments: 1...2)
    @MainActor
    func freshServer(run: Int) async throws {
        let server = try MockServerScope.required()
        #expect(server.journal().isEmpty)
        try await server.admin.injectFault("status=500", path: "/referralhero/*")
        let screen = ReferralScreenModel(api: MockServerTraitExampleTests.api(server), now: Date.init)
        await screen.join(email: "run\(run)@example.com", name: "Run")
        #expect(screen.state == .unavailable("Referrals are unavailable right now. Try again later."))
        #expect(server.journal(for: .referralHero).count == 1)
    }
}
