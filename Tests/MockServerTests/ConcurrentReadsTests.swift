import CassetteKit
import Foundation
import JSONCore
import MockServer
import Testing

/// The simulators' store with `concurrentReads` (what `harness serve` uses): the same answers as the serial
/// store, reads on snapshots, writes serialised.
@Suite("Simulator store with concurrent reads")
struct ConcurrentReadsTests {
    static let list = "/lists/MF83c9616aa3"
    static let headers: HeaderFields = ["Content-Type": "application/json", "Authorization": "Bearer rh-sim-token"]

    static func subscribe(_ number: Int) -> CassetteRequest {
        CassetteRequest(
            method: "POST", url: list + "/subscribers", headers: headers,
            body: Data(#"{"email":"p\#(number)@example.com","name":"P\#(number)","domain":"https://example.com"}"#.utf8)
        )
    }

    static let leaderboard = CassetteRequest(method: "GET", url: list + "/leaderboard", headers: headers)

    /// The statuses and bodies of `requests`, sent one after another to a fresh host.
    func answers(concurrentReads: Bool, _ requests: [CassetteRequest], rateLimit: Int? = nil) async throws -> [String] {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let host = try SimulatorHost(
            simulators: [ReferralHeroSimulator()], concurrentReads: concurrentReads, now: { now })
        if let rateLimit {
            let limit = CassetteRequest(
                method: "PUT", url: "/rate-limit", headers: ["Content-Type": "application/json"],
                body: Data(#"{"calls_per_hour":\#(rateLimit)}"#.utf8))
            let set = try await host.respondToAdmin(vendor: "referralhero", limit)
            #expect(set.status == 200)
        }
        var answers: [String] = []
        for request in requests {
            let response = try await host.respond(vendor: "referralhero", to: request)
            answers.append("\(response.status) \(String(decoding: response.body, as: UTF8.self))")
        }
        return answers
    }

    @Test("reads and writes answer byte for byte as the serial store does")
    func sameAnswers() async throws {
        let requests = [Self.leaderboard, Self.subscribe(1), Self.leaderboard, Self.subscribe(2), Self.leaderboard]
        let serial = try await answers(concurrentReads: false, requests)
        let pooled = try await answers(concurrentReads: true, requests)
        #expect(pooled == serial)
        #expect(serial.allSatisfy { $0.hasPrefix("200 ") })
        #expect(serial.last?.contains("p2@example.com") == true)
    }

    @Test("a GET that writes (the rate limit counts it) falls back to a write transaction and still counts")
    func readThatWrites() async throws {
        let requests = [Self.leaderboard, Self.leaderboard, Self.leaderboard]
        let serial = try await answers(concurrentReads: false, requests, rateLimit: 2)
        let pooled = try await answers(concurrentReads: true, requests, rateLimit: 2)
        #expect(pooled == serial)
        #expect(pooled.map { $0.prefix(3) } == ["200", "200", "429"])
    }

    @Test("many reads at once beside writes see every committed write and lose none")
    func concurrentReadsAndWrites() async throws {
        let host = try SimulatorHost(simulators: [ReferralHeroSimulator()], concurrentReads: true)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for number in 0..<60 {
                group.addTask {
                    let request = number % 3 == 0 ? Self.subscribe(number) : Self.leaderboard
                    return try await host.respond(vendor: "referralhero", to: request).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == 200 })
        let final = try await host.respond(vendor: "referralhero", to: Self.leaderboard)
        let count = try JSONValue(parsing: final.body)["data"]?["count"]?.numberValue?.integer
        #expect(count == 20)
    }
}
