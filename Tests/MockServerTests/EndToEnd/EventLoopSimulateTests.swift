import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import NIOCore
import NIOHTTP1
import Testing

@testable import MockServer
@testable import Simulators

/// Simulator calls worked out on the connection's event loop (simulate mode, an embedded store): the same answers
/// as the responder's, journaled once, and every request the event loop cannot answer left to the responder.
@Suite("Simulator calls on the event loop")
struct EventLoopSimulateTests {
    static let list = SimulatorReadCacheTests.list
    static let token = SimulatorReadCacheTests.token
    static let now = SimulatorReadCacheTests.now

    static func signUp(_ email: String) -> JSONValue {
        ["email": .string(email), "domain": "https://example.com", "timestamp": "1767225600"]
    }

    @Test(
        "Writes and reads are answered on the event loop with the bytes an in-process host gives for the same calls",
        arguments: [false, true])
    func sameAnswers(concurrentReads: Bool) async throws {
        var configuration = MockServerConfiguration(mode: .simulate)
        configuration.concurrentReads = concurrentReads
        let host = try SimulatorHost(simulators: [ReferralHeroSimulator()], now: Self.now)
        try await withServer(configuration, simulators: [ReferralHeroSimulator()], now: Self.now) {
            server, endpoints in
            let signUp = try await TestHTTP.send(
                URL(string: "\(endpoints.origin)\(Self.list)/subscribers")!, method: .POST,
                json: Self.signUp("first@example.com"), headers: [Self.token])
            let expected = try await host.respond(
                vendor: "referralhero",
                to: CassetteRequest(
                    method: "POST", url: "/lists/MF83c9616aa3/subscribers",
                    headers: ["Content-Type": "application/json", "Authorization": "Bearer rh-sim-token"],
                    body: Self.signUp("first@example.com").data()))
            #expect(signUp.status == expected.status)
            #expect(signUp.body == expected.body)
            #expect(signUp.headers["Content-Type"] == [expected.headers["Content-Type"] ?? ""])
            #expect(!signUp.headers["Date"].isEmpty)
            let id = try #require(signUp.json?["data"]?["id"]?.stringValue)

            // The next read on the same store sees the write.
            let read = try await TestHTTP.fetch(
                URL(string: "\(endpoints.origin)\(Self.list)/subscribers/\(id)")!, headers: [Self.token])
            #expect(read.json?["data"]?["email"] == "first@example.com", "\(read.text)")
            // A refusal is the vendor's documented error, answered there too.
            let noEmail = try await TestHTTP.send(
                URL(string: "\(endpoints.origin)\(Self.list)/subscribers")!, method: .POST,
                json: ["domain": "https://example.com"], headers: [Self.token])
            #expect(noEmail.json?["status"] == "error", "\(noEmail.text)")
            #expect(noEmail.json?["code"] == "no_email_address", "\(noEmail.text)")

            #expect(server.eventLoopCalls == 3)
            let entries = server.journal.entries()
            #expect(entries.map(\.outcome) == [.simulated, .simulated, .simulated])
            #expect(entries.map(\.status) == [200, 200, 400])
            #expect(noEmail.status == 400)
            #expect(entries.allSatisfy { $0.exchange != nil }, "each call is journaled with its exchange")
            let journaled = try #require(entries.first?.exchange)
            #expect(!journaled.request.headers.contains { $0.value.contains("rh-sim-token") }, "redacted")
        }
    }

    /// A simulator whose every call fails inside its transaction.
    struct FailingSimulator: WorkingSimulator {
        let vendor = "failing"
        struct Broken: Error {}
        func registerMigrations(_ migrator: inout StateMigrator) {}
        func reset(state: SimulatorState) async throws {}
        func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
            try await work(for: request, state: state).run(on: state.database)
        }
        func work(for request: CassetteRequest, state: SimulatorState) -> SimulatorWork {
            .write { db in
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS failing_calls (n INTEGER)")
                try db.execute(sql: "INSERT INTO failing_calls (n) VALUES (?)", arguments: [1])
                throw Broken()
            }
        }
    }

    @Test("A call that throws on the event loop is rolled back and left to the responder, which reports it once")
    func throwingCallPassesOn() async throws {
        try await withServer(MockServerConfiguration(mode: .simulate), simulators: [FailingSimulator()]) {
            server, endpoints in
            let answer = try await TestHTTP.fetch(
                URL(string: "\(endpoints.origin)/failing/anything")!, method: .POST, body: Data("{}".utf8))
            #expect(answer.status == 500)
            #expect(answer.json?["error"] == "simulator failed", "\(answer.text)")
            #expect(server.eventLoopCalls == 0)
            #expect(server.journal.entries().count == 1, "journaled by the responder only")
        }
    }

    @Test("A body above --max-body-size is refused with 413, not answered on the event loop")
    func largeBodyRefused() async throws {
        var configuration = MockServerConfiguration(mode: .simulate)
        configuration.maxBodySize = 64
        try await withServer(configuration, simulators: [ReferralHeroSimulator()], now: Self.now) {
            server, endpoints in
            let answer = try await TestHTTP.send(
                URL(string: "\(endpoints.origin)\(Self.list)/subscribers")!, method: .POST,
                json: Self.signUp("a-rather-long-address-to-pass-sixty-four-bytes@example.com"),
                headers: [Self.token])
            #expect(answer.status == 413)
            #expect(server.eventLoopCalls == 0)
        }
    }

    @Test("A request with a fault header is answered by the responder, not worked out on the event loop")
    func faultsPassOn() async throws {
        try await withServer(MockServerConfiguration(mode: .simulate), simulators: [ReferralHeroSimulator()]) {
            server, endpoints in
            let faulted = try await TestHTTP.fetch(
                URL(string: "\(endpoints.origin)\(Self.list)/leaderboard")!,
                headers: [Self.token, ("X-Harness-Fault", "status=503")])
            #expect(faulted.status == 503)
            #expect(server.eventLoopCalls == 0)
        }
    }
}
