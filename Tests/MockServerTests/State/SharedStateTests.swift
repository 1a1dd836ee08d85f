import CassetteKit
import Foundation
import JSONCore
import MockServer
import Testing

/// Several hosts (one per `harness serve` instance) on one PostgreSQL database keep one vendor's rules between them:
/// what one instance writes, the others read and build on. The same calls on per-instance SQLite stores break them,
/// which is why a team sharing one mock needs the shared store.
@Suite(
    "Shared state: three hosts on one PostgreSQL database",
    .enabled(
        if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.unavailableReason ?? "")))
struct SharedStateTests {
    /// A ReferralHero call to one host, with the simulator's token.
    static func call(
        _ host: SimulatorHost, _ method: String, _ path: String, _ body: String? = nil
    ) async throws -> (status: Int, json: JSONValue) {
        var headers: HeaderFields = ["Authorization": "rh-sim-token", "Accept": "application/vnd.referralhero.v1"]
        if body != nil { headers["Content-Type"] = "application/json" }
        let response = try await host.respond(
            vendor: "referralhero",
            to: CassetteRequest(
                method: method, url: "/lists/MF83c9616aa3" + path, headers: headers, body: Data((body ?? "").utf8)))
        return (response.status, try JSONValue(parsing: response.body))
    }

    /// Three hosts on one fresh database, and a function that closes their stores and drops it.
    static func sharedHosts() async throws -> ([SimulatorHost], @Sendable () async -> Void) {
        let url = try #require(try await PostgresTestDatabase.fresh(named: "shared"))
        var stores: [PostgresStateStore] = []
        for _ in 0..<3 {
            stores.append(
                try await PostgresStateStore.open(
                    url: url, migrator: SimulatorHost.migrator(for: [ReferralHeroSimulator()]),
                    logger: PostgresStateStoreTests.quietLogger))
        }
        let hosts = try stores.map { try SimulatorHost(simulators: [ReferralHeroSimulator()], shared: $0) }
        let opened = stores
        return (
            hosts,
            {
                for store in opened { await store.close() }
                try? await PostgresTestDatabase.drop(url)
            }
        )
    }

    /// The goal-of-three flow split over three hosts: referral added on the first, its event tracked on the second,
    /// confirmed on the third. Returns what each step answered.
    static func goalThree(_ hosts: [SimulatorHost]) async throws -> [String] {
        var steps: [String] = []
        let admin = try await hosts[0].respondToAdmin(
            vendor: "referralhero",
            CassetteRequest(
                method: "PUT", url: "/campaigns/MF83c9616aa3", headers: ["Content-Type": "application/json"],
                body: Data(#"{"goal":3}"#.utf8)))
        steps.append("goal \(admin.status)")
        let referrer = try await call(
            hosts[0], "POST", "/subscribers", #"{"email":"ref@example.com","domain":"https://example.com"}"#)
        let code = referrer.json["data"]?["code"]?.stringValue ?? ""
        let referrerID = referrer.json["data"]?["id"]?.stringValue ?? ""
        let signUp = try await call(
            hosts[0], "POST", "/subscribers",
            #"{"email":"bob@example.com","domain":"https://example.com","referrer":"\#(code)"}"#)
        let id = signUp.json["data"]?["id"]?.stringValue ?? ""
        steps.append("sign-up \(signUp.json["data"]?["status"]?.stringValue ?? "\(signUp.status)")")
        let tracked = try await call(
            hosts[1], "POST", "/subscribers/track_referral_conversion_event", #"{"email":"bob@example.com"}"#)
        steps.append("tracked \(tracked.json["data"]?["status"]?.stringValue ?? "\(tracked.status)")")
        let confirmed = try await call(hosts[2], "POST", "/subscribers/\(id)/confirm", #"{"timestamp":"1"}"#)
        steps.append("confirmed \(confirmed.json["data"]?["status"]?.stringValue ?? "\(confirmed.status)")")
        let detail = try await call(hosts[1], "GET", "/subscribers/\(referrerID)")
        steps.append("people referred \(detail.json["data"]?["people_referred"]?.numberValue?.integer ?? -1)")
        return steps
    }

    static let kept = [
        "goal 200", "sign-up pending", "tracked unconfirmed", "confirmed confirmed", "people referred 1",
    ]

    @Test("ReferralHero's goal logic holds across hosts: added on one, tracked on another, confirmed on a third")
    func goalAcrossHosts() async throws {
        let (hosts, close) = try await Self.sharedHosts()
        let steps = try await Self.goalThree(hosts)
        await close()
        #expect(steps == Self.kept)
    }

    @Test("The same flow on three per-instance SQLite stores breaks: the second host never saw the sign-up")
    func goalAcrossSQLiteHosts() async throws {
        let hosts = try (0..<3).map { _ in try SimulatorHost(simulators: [ReferralHeroSimulator()]) }
        let steps = try await Self.goalThree(hosts)
        #expect(steps != Self.kept)
        #expect(steps.first == "goal 200")
        #expect(steps.dropFirst(2).first != "tracked unconfirmed", "\(steps)")
    }

    @Test("64 concurrent sign-ups over three hosts are each stored once, every host finds each; one reset clears all")
    func concurrentSignUps() async throws {
        let (hosts, close) = try await Self.sharedHosts()
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let answer = try await Self.call(
                        hosts[index % 3], "POST", "/subscribers",
                        #"{"email":"u\#(index)@example.com","domain":"https://example.com"}"#)
                    return answer.json["data"]?["id"]?.stringValue ?? "status \(answer.status)"
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(ids).count == 64, "\(ids.filter { $0.hasPrefix("status") })")
        var found = 0
        for (index, id) in ids.enumerated()
        where try await Self.call(hosts[(index + 1) % 3], "GET", "/subscribers/\(id)").status == 200 {
            found += 1
        }
        let board = try await Self.call(hosts[2], "GET", "/leaderboard")
        // A reset on one instance (POST /__harness/reset) resets the shared state once, for everyone.
        try await hosts[1].reset()
        let afterReset = try await Self.call(hosts[0], "GET", "/leaderboard")
        await close()
        #expect(found == 64)
        #expect(board.json["data"]?["count"] == 64)
        #expect(afterReset.json["data"]?["count"] == 0)
    }
}
