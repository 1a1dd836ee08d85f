import CassetteKit
import Foundation
import JSONCore
import MockServer
import Testing

@testable import Simulators

@Suite("ReferralHeroSimulator: leaderboard pages kept while the ranking holds")
struct ReferralHeroLeaderboardTests {
    /// The ranking version the store holds now (nil before the first change).
    static func version(_ fixture: ReferralHeroFixture) async throws -> Int64? {
        let state = try #require(fixture.host.state(for: "referralhero"))
        return try await state.database.read { db in
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT value FROM referralhero_counters WHERE name = ?"),
                arguments: [ReferralHeroLeaderboard.counter])
        }
    }

    /// The leaderboard answer worked out from the store now, without the kept pages.
    static func freshPage(_ fixture: ReferralHeroFixture, count: Int) async throws -> Data {
        let state = try #require(fixture.host.state(for: "referralhero"))
        let now = Int(ReferralHeroFixture.now.timeIntervalSince1970)
        return try await state.database.read { db in
            let campaign = try #require(try ReferralHeroCampaign.find(ReferralHeroFixture.campaign, db))
            let page = try ReferralHeroCall(campaign: campaign, now: now, db: db).leaderboard(count: count)
            return ReferralHeroEnvelope.ok(page, now: now).body
        }
    }

    /// A seeded walk over every kind of write (organic and referred sign-ups past the 100 a page holds, deletions,
    /// updates of the fields a page shows, confirmations, a campaign's goal, a reset): after each, both pages as
    /// served (kept or not) must be byte for byte the pages worked out again from the store.
    ///
    /// On PostgreSQL state the walk is 120 steps, the reset after 90 (the shortest walk in which both seeds roll every
    /// kind of step, which the test checks): that store keeps no page, so no kept page can go stale, and each step's
    /// round trips to the server made the 160-step walk the longest test of the PostgreSQL rerun by a minute.
    @Test("After every kind of write, a served page is the page worked out from scratch", arguments: [3, 11])
    func servedPagesMatchFreshOnes(seed: UInt64) async throws {
        let fixture = try await ReferralHeroFixture()
        var random = SeededGenerator(seed: seed)
        var alive: [(id: String, code: String)] = []
        var kept = 0
        let steps = TestStateBackend.current == .sqlite ? 160 : 120
        var rolls: Set<UInt64> = []
        for step in 0..<steps {
            let roll = alive.count < 3 ? 0 : random.next() % 20
            switch roll {
            case 0...11:
                alive.append(try await fixture.signUp("w\(step)@example.com"))
            case 12, 13:
                let referrer = alive[Int(random.next() % UInt64(alive.count))]
                alive.append(try await fixture.signUp("w\(step)@example.com", referrer: referrer.code))
            case 14:
                let leaving = alive.remove(at: Int(random.next() % UInt64(alive.count)))
                try await fixture.campaignCall("DELETE", "/subscribers/\(leaving.id)", "{}")
            case 15, 16:
                let changed = alive[Int(random.next() % UInt64(alive.count))]
                try await fixture.campaignCall(
                    "PATCH", "/subscribers/\(changed.id)", #"{"name":"N\#(step)","points":\#(step)}"#)
            case 17:
                let confirmed = alive[Int(random.next() % UInt64(alive.count))]
                try await fixture.campaignCall("POST", "/subscribers/\(confirmed.id)/confirm", "{}")
            case 18:
                let goal = 1 + Int(random.next() % 3)
                let answer = try await fixture.admin(
                    "PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":\#(goal)}"#)
                #expect(answer.status == 200)
            default:
                try await fixture.campaignCall("GET", "/subscribers/\(alive[0].id)")
            }
            rolls.insert(roll)
            if step == steps * 3 / 4 {
                try await fixture.host.reset(vendor: "referralhero")
                alive = []
            }
            for count in [100, 10] {
                let served = try await fixture.campaignCall("GET", "/leaderboard?count=\(count)")
                if let version = try await Self.version(fixture),
                    ReferralHeroLeaderboard.pages[
                        .init(version: version, campaign: ReferralHeroFixture.campaign, count: count)] != nil
                {
                    kept += 1
                }
                let fresh = try await Self.freshPage(fixture, count: count)
                #expect(served.body == fresh, "step \(step), roll \(roll), count \(count)")
            }
        }
        // Every kind of step came up, the shorter walk's too: an organic sign-up (0…11), a referred one (12, 13), a
        // deletion (14), an update (15, 16), a confirmation (17), a goal (18), a read (19).
        let kinds: [ClosedRange<UInt64>] = [0...11, 12...13, 14...14, 15...16, 17...17, 18...18, 19...19]
        let missing = kinds.filter { kind in !rolls.contains(where: kind.contains) }
        #expect(missing.isEmpty, "seed \(seed): no step rolled \(missing)")
        // A shared PostgreSQL store keeps no pages (every write would update the version row): the served pages must
        // still be the fresh ones, which the loop checked.
        if TestStateBackend.current == .sqlite {
            #expect(kept > 200, "pages were kept (\(kept) of 320)")
        } else {
            #expect(kept == 0, "no page kept on \(TestStateBackend.current)")
        }
    }

    @Test(
        "An organic sign-up behind 100 subscribers keeps the pages; one that can show, or a referral, does not",
        .enabled(
            if: TestStateBackend.current == .sqlite,
            "pages are kept on the embedded store only (HARNESS_TEST_STATE=postgres keeps none)"))
    func organicSignUpsBehindAFullPage() async throws {
        let fixture = try await ReferralHeroFixture()
        var first: (id: String, code: String)?
        for number in 0..<100 {
            let before = try await Self.version(fixture)
            let joined = try await fixture.signUp("o\(number)@example.com")
            first = first ?? joined
            #expect(try await Self.version(fixture) != before, "sign-up \(number + 1) shows on the full page")
        }
        let full = try await Self.version(fixture)
        let page = try await fixture.campaignCall("GET", "/leaderboard")
        let late = try await fixture.signUp("late@example.com")
        #expect(try await Self.version(fixture) == full, "the 101st ranks 101st")
        #expect(try await fixture.campaignCall("GET", "/leaderboard").body == page.body)
        let referred = try await fixture.signUp("referred@example.com", referrer: first?.code)
        #expect(try await Self.version(fixture) != full, "a referral moves its referrer")
        let moved = try await fixture.campaignCall("GET", "/leaderboard")
        #expect(moved.data["ranking"]?[0]?["id"]?.stringValue == first?.id)
        #expect(moved.data["ranking"]?[0]?["people_referred"] == 1)
        // With 99 left, the next organic sign-up takes place 100.
        for leaving in [first?.id ?? "", late.id, referred.id] {
            try await fixture.campaignCall("DELETE", "/subscribers/\(leaving)", "{}")
        }
        let afterDeparture = try await Self.version(fixture)
        let joined = try await fixture.signUp("fills@example.com")
        #expect(try await Self.version(fixture) != afterDeparture)
        let filled = try await fixture.campaignCall("GET", "/leaderboard")
        #expect(filled.data["ranking"]?.arrayValue?.last?["id"]?.stringValue == joined.id)
    }
}
