import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JSONCore
import Logging
import NIOCore
import Testing

@testable import MockServer
@testable import Simulators

@Suite("HarnessResponder (socket-free)")
struct RouterTests {
    func application(
        _ configuration: MockServerConfiguration = MockServerConfiguration()
    ) throws
        -> (MockServer, some ApplicationProtocol)
    {
        var logger = Logger(label: "mockserver.router-tests")
        logger.logLevel = .critical
        let server = try MockServer(configuration: configuration, simulators: [CounterSimulator()], logger: logger)
        return (server, server.makeApplication())
    }

    func json(_ response: TestResponse) -> JSONValue? {
        try? JSONValue(parsing: Data(response.body.readableBytesView))
    }

    @Test("A vendor request reaches its simulator and is journaled")
    func simulator() async throws {
        let (server, app) = try application()
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/counter/count", method: .post, body: ByteBuffer(string: #"{"by": 3}"#))
            #expect(response.status == .ok)
            #expect(json(response)?["count"] == 3)
        }
        #expect(server.journal.entries().map(\.outcome) == [.simulated])
    }

    @Test("Admin health answers, and an unknown admin path is a JSON 404")
    func admin() async throws {
        let (_, app) = try application()
        try await app.test(.router) { client in
            let health = try await client.execute(uri: "/__harness/health", method: .get)
            #expect(json(health)?["mode"] == "simulate")
            let missing = try await client.execute(uri: "/__harness/nope", method: .get)
            #expect(missing.status == .notFound)
            #expect(json(missing)?["error"] == "no such admin endpoint")
        }
    }

    @Test("Admin bodies that are not JSON, or lack a member, are refused with a reason")
    func badAdminBodies() async throws {
        let (_, app) = try application()
        try await app.test(.router) { client in
            let notJSON = try await client.execute(
                uri: "/__harness/faults", method: .post, body: ByteBuffer(string: "{path"))
            #expect(notJSON.status == .badRequest)
            #expect(json(notJSON)?["message"]?.stringValue?.contains("not JSON") == true)
            let lacking = try await client.execute(
                uri: "/__harness/faults", method: .post, body: ByteBuffer(string: #"{"path": "/x"}"#))
            #expect(json(lacking)?["message"]?.stringValue?.contains("lacks \"fault\"") == true)
            let badMode = try await client.execute(
                uri: "/__harness/mode", method: .put, body: ByteBuffer(string: #"{"mode": "loud"}"#))
            #expect(badMode.status == .badRequest)
            #expect(json(badMode)?["message"]?.stringValue?.contains("invalid \"mode\"") == true)
        }
    }
}
