import CassetteKit
import FlowCatalog
import Foundation
import HTTPTypes
import JSONCore
import MockServer
import OpenAPIRuntime
import Synchronization
import Testing

@testable import Verification

/// `harness record` keeps its simulator servers started from flow to flow (``RecordingServers``); every flow
/// still records what it recorded on a server of its own.
@Suite("RecordingServers")
struct RecordingServersTests {
    @Test("A server given back is lent again, reset and telling the next flow's time; a discarded one is not")
    func lendsResetsAndDiscards() async throws {
        let servers = RecordingServers(simulators: [GreetingSimulator()])
        let clock = FlowClock()
        let first = try await servers.take(telling: clock, resetting: TestVendor.name)
        let created = try await first.server.simulators.respond(
            vendor: TestVendor.name,
            to: CassetteRequest(
                method: "POST", url: "/greetings", headers: ["Content-Type": "application/json"],
                body: Data(#"{"name":"Ada","sentAt":"2026-01-01T00:00:00Z"}"#.utf8)))
        #expect(created.status == 201)
        servers.giveBack(first)

        let later = FlowClock()
        later.advance(by: 3600)
        let again = try await servers.take(telling: later, resetting: TestVendor.name)
        #expect(again.server === first.server, "the idle server is lent again")
        #expect(again.endpoints.baseURL(for: TestVendor.name) == first.endpoints.baseURL(for: TestVendor.name))
        #expect(again.time.date == later.date)
        let read = try await again.server.simulators.respond(
            vendor: TestVendor.name, to: CassetteRequest(method: "GET", url: "/greetings/1"))
        #expect(read.status == 404, "the reset dropped the first flow's greeting")

        await servers.discard(again)
        let fresh = try await servers.take(telling: clock, resetting: TestVendor.name)
        #expect(fresh.server !== first.server, "a discarded server is never lent again")
        await servers.stopAll()
    }

    @Test("Flows recorded one after another on one server write the cassettes each writes alone")
    func reusedServerRecordsTheSame() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        var again = TestVendor.greet()
        again.name = "greet-again"
        let recorder = FlowRecorder(simulators: [GreetingSimulator()], cassettesRoot: workspace.cassettes, jobs: 1)
        let results = await recorder.record([TestVendor.greet(), TestVendor.motto, again])
        #expect(results.allSatisfy { $0.error == nil }, "\(results.compactMap(\.error))")
        let first = try Cassette(contentsOf: workspace.cassette("greet"))
        let second = try Cassette(contentsOf: workspace.cassette("greet-again"))
        // The same requests and answers (the greeting's id included), whatever ran on the server before.
        #expect(first.entries.map(\.response.content.text) == second.entries.map(\.response.content.text))
        #expect(first.entries.map(\.request.url) == second.entries.map(\.request.url))
        #expect(first.entries.count == 2)
    }

    @Test("A flow that hangs loses its server; the next flow records on a fresh one", .timeLimit(.minutes(5)))
    func hangingFlowDoesNotReachTheNext() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // Long enough that the second flow's two requests finish while the whole suite, PostgreSQL's included, loads
        // CI's two cores (1 s was not, nor was 10 s), short enough that the hanging flow does not hold the test long.
        let recorder = FlowRecorder(
            simulators: [GreetingSimulator()], cassettesRoot: workspace.cassettes, flowTimeout: .seconds(30), jobs: 1)
        let results = await recorder.record([TestVendor.hanging(TestVendor.greet()), TestVendor.greet()])
        #expect(results[0].error?.contains("did not finish within") == true, "\(results[0])")
        #expect(results[1].error == nil, "\(results[1])")
        #expect(try Cassette(contentsOf: workspace.cassette("greet")).entries.count == 2)
    }

    @Test("Once its flow has ended, the rebasing transport refuses requests instead of sending them on")
    func closedTransportRefuses() async throws {
        let upstream = CountingTransport()
        let transport = RebasingTransport(target: URL(string: "http://127.0.0.1:9/testvendor")!, upstream: upstream)
        let request = HTTPRequest(method: .get, scheme: "http", authority: "simulator.local", path: "/motto")
        _ = try await transport.send(
            request, body: nil, baseURL: URL(string: "http://simulator.local")!, operationID: "motto")
        transport.close()
        await #expect(throws: RecordingEnded.self) {
            _ = try await transport.send(
                request, body: nil, baseURL: URL(string: "http://simulator.local")!, operationID: "motto")
        }
        let sent = upstream.sent.load(ordering: .relaxed)
        #expect(sent == 1)
    }
}

/// Answers 204 and counts the requests it was sent.
final class CountingTransport: ClientTransport {
    let sent = Atomic(0)

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        sent.add(1, ordering: .relaxed)
        return (HTTPResponse(status: .noContent), nil)
    }
}
