import CassetteKit
import Foundation
import MockServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
import JSONCore
#endif

/// A simulator of the app team's own backend, written against the public `Simulator` protocol only: it keeps its
/// state itself (no database), and the mock server mounts it next to the built-in vendors.
struct FeatureFlagSimulator: Simulator {
    /// The flags, shared by every copy of this value; `reset(state:)` empties them.
    final class Flags: Sendable {
        let values = Locked<[String: Bool]>([:])
    }

    let vendor = "flags"
    let flags = Flags()

    /// `GET /flags/<name>` answers `{"enabled": bool}` (false when never set); `PUT /flags/<name>` with
    /// `{"enabled": bool}` sets it and answers 204; a body that is not that answers 400.
    func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        let path = request.parts.path
        guard path.hasPrefix("/flags/"), path.count > "/flags/".count else {
            return CassetteResponse(status: 404)
        }
        let name = String(path.dropFirst("/flags/".count))
        switch request.method {
        case "GET":
            let enabled = flags.values.withLock { $0[name] ?? false }
            return Self.json(["enabled": enabled])
        case "PUT":
            guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
                let enabled = body["enabled"] as? Bool
            else { return Self.json(["error": "send {\"enabled\": true|false}"], status: 400) }
            flags.values.withLock { $0[name] = enabled }
            return CassetteResponse(status: 204)
        default:
            return CassetteResponse(status: 405)
        }
    }

    func reset(state: SimulatorState) async throws {
        flags.values.withLock { $0.removeAll() }
    }

    static func json(_ object: [String: any Sendable], status: Int = 200) -> CassetteResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return CassetteResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
}

@Suite("Your own simulator")
struct OwnSimulatorExampleTests {
    @Test("A simulator that keeps its own state answers in process next to a built-in one, and resets")
    func inProcess() async throws {
        let host = try SimulatorHost(simulators: [FeatureFlagSimulator(), ReferralHeroSimulator()])
        #expect(host.vendors == ["flags", "referralhero"])

        let set = CassetteRequest(method: "PUT", url: "/flags/new-onboarding", body: Data(#"{"enabled":true}"#.utf8))
        #expect(try await host.respond(vendor: "flags", to: set).status == 204)
        let get = CassetteRequest(method: "GET", url: "/flags/new-onboarding")
        #expect(try await host.respond(vendor: "flags", to: get).body == Data(#"{"enabled":true}"#.utf8))

        let broken = CassetteRequest(method: "PUT", url: "/flags/new-onboarding", body: Data("yes".utf8))
        #expect(try await host.respond(vendor: "flags", to: broken).status == 400)

        try await host.reset(vendor: "flags")
        #expect(try await host.respond(vendor: "flags", to: get).body == Data(#"{"enabled":false}"#.utf8))
        let admin = try await host.respondToAdmin(vendor: "flags", CassetteRequest(method: "GET", url: "/flags"))
        #expect(admin.status == 404)
    }

    @Test("The mock server mounts your simulator on a real port under /<vendor>")
    func overHTTP() async throws {
        let server = try MockServer(
            configuration: MockServerConfiguration(port: 0), simulators: [FeatureFlagSimulator()])
        let endpoints = try await server.start()
        do {
            let url = endpoints.baseURL(for: "flags").appendingPathComponent("flags/dark-mode")
            var put = URLRequest(url: url)
            put.httpMethod = "PUT"
            put.httpBody = Data(#"{"enabled":true}"#.utf8)
            let session = URLSession(configuration: .ephemeral)
            let (_, putResponse) = try await session.data(for: put)
            #expect((putResponse as? HTTPURLResponse)?.statusCode == 204)
            let (body, getResponse) = try await session.data(from: url)
            #expect((getResponse as? HTTPURLResponse)?.statusCode == 200)
            #expect(body == Data(#"{"enabled":true}"#.utf8))
            #expect(server.journal.entries(matching: JournalFilter(vendor: "flags")).count == 2)
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }
}
