import Foundation
import JSONCore
import MockServer
import Testing

@Suite("ReferralHeroSimulator: ranking without reading the campaign")
struct ReferralHeroRankingTests {
    /// A seeded walk: sign-ups (a third with a referrer, confirmed at once with a goal of one), deletions, then every
    /// subscriber's position from its GET, its referrer's referrals page and the leaderboard, each held to a ranking
    /// worked out here from scratch: most confirmed referrals first, earlier sign-ups first on a tie.
    @Test(
        "Positions match a ranking worked out from scratch, through sign-ups, referrals and deletions",
        arguments: [1, 7, 42])
    func positionsMatchBruteForce(seed: UInt64) async throws {
        let fixture = try await ReferralHeroFixture()
        var random = SeededGenerator(seed: seed)
        var codes: [String: String] = [:]
        var alive: [String] = []  // ids in sign-up order
        var referrerOf: [String: String] = [:]
        for number in 0..<60 {
            let referrer =
                alive.isEmpty || random.next() % 3 != 0 ? nil : alive[Int(random.next() % UInt64(alive.count))]
            let joined = try await fixture.signUp("p\(number)@example.com", referrer: referrer.flatMap { codes[$0] })
            try #require(!joined.id.isEmpty, "sign-up \(number)")
            codes[joined.id] = joined.code
            alive.append(joined.id)
            if let referrer { referrerOf[joined.id] = referrer }
            if number % 9 == 8, alive.count > 2 {
                let leaving = alive.remove(at: Int(random.next() % UInt64(alive.count)))
                try await fixture.campaignCall("DELETE", "/subscribers/\(leaving)", "{}")
            }
        }
        let living = Set(alive)
        var confirmed: [String: Int] = [:]
        for (referred, referrer) in referrerOf where living.contains(referred) { confirmed[referrer, default: 0] += 1 }
        let expected = alive.enumerated().sorted { left, right in
            let (a, b) = (confirmed[left.element] ?? 0, confirmed[right.element] ?? 0)
            return a != b ? a > b : left.offset < right.offset
        }.map(\.element)
        #expect(!confirmed.isEmpty, "the walk made referrals")
        for (offset, id) in expected.enumerated() {
            let single = try await fixture.campaignCall("GET", "/subscribers/\(id)")
            #expect(single.data["position"] == .number(JSONNumber(offset + 1)), "subscriber \(id)")
            #expect(single.data["people_referred"] == .number(JSONNumber(confirmed[id] ?? 0)))
        }
        let board = try await fixture.campaignCall("GET", "/leaderboard?count=10")
        let ranking = try #require(board.data["ranking"]?.arrayValue)
        #expect(ranking.map { $0["id"]?.stringValue } == expected.prefix(10).map { Optional($0) })
        #expect(board.data["count"] == 10)
        let full = try await fixture.campaignCall("GET", "/leaderboard")
        #expect(full.data["ranking"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == expected)
    }

    @Test("A leaderboard count outside 10…100 or not a number is held to the range, never a crash")
    func hostileCount() async throws {
        let fixture = try await ReferralHeroFixture()
        for number in 0..<12 { _ = try await fixture.signUp("c\(number)@example.com") }
        for (query, count) in [
            ("-5", 10), ("0", 10), ("3", 10), ("11", 11), ("100000", 12), ("99999999999999999999999", 12),
            ("abc", 12), ("", 12), ("1e3", 12), ("%00", 12),
        ] {
            let board = try await fixture.campaignCall("GET", "/leaderboard?count=\(query)")
            #expect(board.status == 200, "count=\(query)")
            #expect(board.data["count"] == .number(JSONNumber(count)), "count=\(query)")
        }
    }
}
