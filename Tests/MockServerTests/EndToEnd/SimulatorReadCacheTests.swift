import CassetteKit
import Foundation
import GRDB
import HarnessTesting
import JSONCore
import NIOCore
import NIOHTTP1
import Testing

@testable import MockServer
@testable import Simulators

/// The simulators' read cache (`cachesSimulatorReads`, on in `harness serve --mode simulate`): a `GET` answered
/// again from the event loop while no write and no new second has changed it, and never an answer that depends on
/// anything else.
@Suite("Simulator read cache")
struct SimulatorReadCacheTests {
    static let list = "/referralhero/lists/MF83c9616aa3"
    static let token = ("Authorization", "Bearer rh-sim-token")

    static var simulate: MockServerConfiguration {
        var configuration = MockServerConfiguration(mode: .simulate)
        configuration.concurrentReads = true
        configuration.cachesSimulatorReads = true
        return configuration
    }

    /// A fixed time, so that a slow machine crossing a second between two reads does not end a kept answer.
    static let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_767_225_600) }

    static func subscribe(_ number: Int, _ endpoints: MockServerEndpoints) async throws -> Fetched {
        try await TestHTTP.send(
            URL(string: "\(endpoints.origin)\(list)/subscribers")!, method: .POST,
            json: [
                "email": .string("p\(number)@example.com"), "name": .string("P\(number)"),
                "domain": "https://example.com",
            ],
            headers: [token])
    }

    @Test("A repeated leaderboard read is answered on the event loop with the simulator's own answer, until a write")
    func keptUntilWrite() async throws {
        try await withServer(Self.simulate, simulators: [ReferralHeroSimulator()], now: Self.now) {
            server, endpoints in
            let leaderboard = URL(string: "\(endpoints.origin)\(Self.list)/leaderboard")!
            #expect(try await Self.subscribe(1, endpoints).status == 200)
            let computed = try await TestHTTP.fetch(leaderboard, headers: [Self.token])
            #expect(server.eventLoopHits == 0)
            let kept = try await TestHTTP.fetch(leaderboard, headers: [Self.token])
            #expect(server.eventLoopHits == 1)
            #expect(kept.status == computed.status)
            #expect(kept.body == computed.body)
            #expect(kept.headers.map(\.name) == computed.headers.map(\.name))
            #expect(kept.headers["Content-Type"] == computed.headers["Content-Type"])
            #expect(!kept.headers["Date"].isEmpty)

            #expect(try await Self.subscribe(2, endpoints).status == 200)
            let afterWrite = try await TestHTTP.fetch(leaderboard, headers: [Self.token])
            #expect(server.eventLoopHits == 1, "the write ended the kept answer; the simulator answers again")
            #expect(afterWrite.text.contains("p2@example.com"))
            #expect(afterWrite.json?["data"]?["count"] == 2)
            let keptAgain = try await TestHTTP.fetch(leaderboard, headers: [Self.token])
            #expect(server.eventLoopHits == 2)
            #expect(keptAgain.body == afterWrite.body)

            let outcomes = server.journal.entries().filter { $0.method == "GET" }.map(\.outcome)
            #expect(outcomes == [.simulated, .simulated, .simulated, .simulated])
        }
    }

    @Test("A different token, header or query is a different request, answered by the simulator")
    func keyedOnTheWholeRequest() async throws {
        try await withServer(Self.simulate, simulators: [ReferralHeroSimulator()], now: Self.now) {
            server, endpoints in
            let leaderboard = URL(string: "\(endpoints.origin)\(Self.list)/leaderboard")!
            _ = try await TestHTTP.fetch(leaderboard, headers: [Self.token])
            let wrongToken = try await TestHTTP.fetch(leaderboard, headers: [("Authorization", "Bearer nope")])
            #expect(wrongToken.json?["status"] == "error", "\(wrongToken.text)")
            let noToken = try await TestHTTP.fetch(leaderboard)
            #expect(noToken.json?["status"] == "error")
            _ = try await TestHTTP.fetch(
                URL(string: "\(endpoints.origin)\(Self.list)/leaderboard?page=2")!, headers: [Self.token])
            #expect(server.eventLoopHits == 0)
            let wrongAgain = try await TestHTTP.fetch(leaderboard, headers: [("Authorization", "Bearer nope")])
            #expect(server.eventLoopHits == 1)
            #expect(wrongAgain.body == wrongToken.body)
        }
    }

    @Test("A read the rate limit counts writes, so it is never kept and the limit still refuses the call over it")
    func rateLimitedReadsRunEveryTime() async throws {
        try await withServer(Self.simulate, simulators: [ReferralHeroSimulator()], now: Self.now) {
            server, endpoints in
            let limit = try await TestHTTP.send(
                URL(string: "\(endpoints.origin)/__harness/vendors/referralhero/rate-limit")!, method: .PUT,
                json: ["calls_per_hour": 3])
            #expect(limit.status == 200)
            let leaderboard = URL(string: "\(endpoints.origin)\(Self.list)/leaderboard")!
            var statuses: [Int] = []
            for _ in 0..<4 { statuses.append(try await TestHTTP.fetch(leaderboard, headers: [Self.token]).status) }
            #expect(statuses == [200, 200, 200, 429])
            #expect(server.eventLoopHits == 0)
        }
    }

    @Test("A fault header, HEAD and a simulator keeping its state outside the store take the responder's path")
    func notKept() async throws {
        let simulators: [any Simulator] = [MemoryCounter(), CounterSimulator()]
        try await withServer(Self.simulate, simulators: simulators) { server, endpoints in
            let memory = endpoints.baseURL(for: "memory")
            var counts: [JSONValue?] = []
            for _ in 0..<3 { counts.append(try await TestHTTP.fetch(memory).json?["count"]) }
            #expect(counts == [1, 2, 3])

            let count = endpoints.baseURL(for: "counter").appendingPathComponent("count")
            _ = try await TestHTTP.fetch(count)
            let faulted = try await TestHTTP.fetch(count, headers: [("X-Harness-Fault", "status=503")])
            #expect(faulted.status == 503)
            let head = try await TestHTTP.fetch(count, method: .HEAD)
            #expect(head.status == 404, "the counter has no HEAD route; the simulator said so")
            #expect(server.eventLoopHits == 0)
            #expect(try await TestHTTP.fetch(count).json?["count"] == 0)
            #expect(server.eventLoopHits == 1)
        }
    }

    @Test("A request over 16 KiB (a long header or URL) is not kept, so clients cannot fill memory with them")
    func largeNotKept() async throws {
        try await withServer(Self.simulate) { server, endpoints in
            let count = endpoints.baseURL(for: "counter").appendingPathComponent("count")
            let padding = ("X-Padding", String(repeating: "p", count: 20_000))
            for _ in 0..<3 {
                let response = try await TestHTTP.fetch(count, headers: [padding])
                #expect(response.status == 200)
            }
            let echo = endpoints.baseURL(for: "counter").appendingPathComponent(
                "echo/\(String(repeating: "e", count: 70_000))")
            for _ in 0..<2 { _ = try await TestHTTP.fetch(echo) }
            #expect(server.eventLoopHits == 0)
            for _ in 0..<2 { _ = try await TestHTTP.fetch(count) }
            #expect(server.eventLoopHits == 1, "a small request is kept")
        }
    }

    @Test("Without the read cache every read runs the simulator")
    func off() async throws {
        var configuration = Self.simulate
        configuration.cachesSimulatorReads = false
        try await withServer(configuration) { server, endpoints in
            let count = endpoints.baseURL(for: "counter").appendingPathComponent("count")
            for _ in 0..<3 {
                let response = try await TestHTTP.fetch(count)
                #expect(response.status == 200)
            }
            #expect(server.eventLoopHits == 0)
        }
    }

    // MARK: - The host, without sockets

    /// The body of the answer `host` keeps for `request`, if it holds now.
    func kept(_ host: SimulatorHost, _ vendor: String, _ request: CassetteRequest) -> Data? {
        host.cachedAnswer(vendor: vendor, to: request).flatMap(PreparedResponse.kept).map(\.body)
    }

    @Test("An answer reading the time in whole seconds holds within its second; one reading it finely is never kept")
    func timeReads() async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_767_225_600.25))
        let host = try SimulatorHost(
            simulators: [TimeSimulator(clock: clock)], concurrentReads: true, cachesReads: true, now: { clock.date })
        let second = CassetteRequest(method: "GET", url: "/second")
        let exact = CassetteRequest(method: "GET", url: "/exact")
        let timeless = CassetteRequest(method: "GET", url: "/timeless")
        let answer = try await host.respond(vendor: "time", to: second)
        _ = try await host.respond(vendor: "time", to: exact)
        _ = try await host.respond(vendor: "time", to: timeless)
        #expect(kept(host, "time", second) == answer.body)
        #expect(try JSONValue(parsing: answer.body) == ["second": 1_767_225_600])
        #expect(kept(host, "time", exact) == nil)
        #expect(kept(host, "time", timeless) != nil)
        let large = CassetteRequest(method: "GET", url: "/large")
        #expect(try await host.respond(vendor: "time", to: large).body.count > 70_000)
        #expect(kept(host, "time", large) == nil, "an answer over 64 KiB is not kept")

        clock.advance(by: .milliseconds(700))
        #expect(kept(host, "time", second) == answer.body, "still 1767225600")
        clock.advance(by: .milliseconds(100))
        #expect(kept(host, "time", second) == nil, "the next second")
        #expect(kept(host, "time", timeless) != nil)

        let twoSeconds = CassetteRequest(method: "GET", url: "/two-seconds")
        let both = try await host.respond(vendor: "time", to: twoSeconds)
        #expect(try JSONValue(parsing: both.body) == ["first": 1_767_225_601, "second": 1_767_225_602])
        #expect(kept(host, "time", twoSeconds) == nil, "read two different seconds")
    }

    @Test("A host without the cache, or on the serial store where every call writes, keeps nothing")
    func hostsThatKeepNothing() async throws {
        let request = CassetteRequest(method: "GET", url: "/timeless")
        let plain = try SimulatorHost(
            simulators: [TimeSimulator(clock: ManualClock())], concurrentReads: true)
        _ = try await plain.respond(vendor: "time", to: request)
        #expect(kept(plain, "time", request) == nil)

        let serial = try SimulatorHost(
            simulators: [ReferralHeroSimulator()], concurrentReads: false, cachesReads: true)
        let leaderboard = CassetteRequest(
            method: "GET", url: "/lists/MF83c9616aa3/leaderboard", headers: ["Authorization": "Bearer rh-sim-token"])
        #expect(try await serial.respond(vendor: "referralhero", to: leaderboard).status == 200)
        #expect(kept(serial, "referralhero", leaderboard) == nil)
    }

    @Test("Resetting the simulators ends every kept answer")
    func reset() async throws {
        let host = try SimulatorHost(simulators: [CounterSimulator()], concurrentReads: true, cachesReads: true)
        let count = CassetteRequest(method: "GET", url: "/count")
        _ = try await host.respond(vendor: "counter", to: CassetteRequest(method: "POST", url: "/count"))
        _ = try await host.respond(vendor: "counter", to: count)
        #expect(kept(host, "counter", count).flatMap { try? JSONValue(parsing: $0) } == ["count": 1])
        try await host.reset()
        #expect(kept(host, "counter", count) == nil)
        let afterReset = try await host.respond(vendor: "counter", to: count)
        #expect(try JSONValue(parsing: afterReset.body) == ["count": 0])
    }
}

/// Answers reading the time in each way a simulator can: in whole seconds, exactly, twice, or not at all.
struct TimeSimulator: Simulator, StateStoreSimulator {
    let vendor = "time"
    /// Moved a second between the two reads of `/two-seconds`.
    let clock: ManualClock

    func registerMigrations(_ migrator: inout StateMigrator) {}

    func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        switch request.url {
        case "/second": .json(status: 200, ["second": .number(JSONNumber(state.epochSecond))])
        case "/exact": .json(status: 200, ["time": .number(JSONNumber(state.now.timeIntervalSince1970))])
        case "/large": .json(status: 200, ["text": .string(String(repeating: "l", count: 70_000))])
        case "/two-seconds":
            twoSeconds(state)
        default: .json(status: 200, ["timeless": true])
        }
    }

    func reset(state: SimulatorState) async throws {}

    private func twoSeconds(_ state: SimulatorState) -> CassetteResponse {
        let first = state.epochSecond
        clock.advance(by: .seconds(1))
        return .json(
            status: 200, ["first": .number(JSONNumber(first)), "second": .number(JSONNumber(state.epochSecond))])
    }
}

/// A simulator keeping its state in memory, outside the host's store: its reads are never kept.
final class MemoryCounter: Simulator {
    let vendor = "memory"
    private let count = Locked(0)

    func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        let value = count.withLock { count in
            count += 1
            return count
        }
        return .json(status: 200, ["count": .number(JSONNumber(value))])
    }

    func reset(state: SimulatorState) async throws {
        count.withLock { $0 = 0 }
    }
}
