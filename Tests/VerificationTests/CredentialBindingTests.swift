import FlowCatalog
import Foundation
import HarnessTesting
import MockServer
import Testing
import Verification

/// The provider check binds a cassette's placeholders to working secrets (simulators refuse placeholders): named
/// test credentials to the simulator's values, tokens a recorded response handed out to the ones issued during the
/// replay. Each test replays a stored cassette, then an edited copy whose placeholder nothing binds.
@Suite("Credential binding in the provider check")
struct CredentialBindingTests {
    /// The provider check's failures for flow `id` replayed from its stored cassette, edited by `edit`.
    static func providerFailures(_ id: String, edit: (String) -> String = { $0 }) async throws -> [String] {
        let root = try RepositoryRoot.url()
        let flow = try #require(FlowCatalog.all.first { $0.id == id })
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("binding-\(UUID().uuidString)/Cassettes", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch.deletingLastPathComponent()) }
        let stored = try String(
            contentsOf: flow.cassetteURL(in: root.appendingPathComponent("Cassettes")), encoding: .utf8)
        let copy = flow.cassetteURL(in: scratch)
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try edit(stored).write(to: copy, atomically: true, encoding: .utf8)
        let engine = FlowEngine(
            catalog: [flow], simulators: SimulatorRegistry.all, cassettesRoot: scratch,
            schemasRoot: root.appendingPathComponent("Schemas"))
        let report = try await engine.verify(FlowEngine.Options(checks: [.provider], flows: [id]))
        return try #require(report.flows.first?.result(.provider)).failures
    }

    @Test("A simulator's named test credential is bound; an unknown placeholder is sent as is and refused")
    func namedCredential() async throws {
        #expect(try await Self.providerFailures("referralhero/get-leaderboard").isEmpty)
        let unbound = try await Self.providerFailures("referralhero/get-leaderboard") {
            $0.replacingOccurrences(of: "<redacted:referralhero.token>", with: "<redacted:authorization:9>")
        }
        #expect(unbound.joined().contains("invalid_token"), "\(unbound)")
    }

    @Test("A token the recorded response handed out is bound to the one the simulator issues in the replay")
    func learnedToken() async throws {
        #expect(try await Self.providerFailures("engage/select-by-email").isEmpty)
        let unbound = try await Self.providerFailures("engage/select-by-email") {
            $0.replacingOccurrences(
                of: #""access_token\":\"<redacted:access_token:1>\""#,
                with: #""access_token\":\"<redacted:access_token:5>\""#)
        }
        #expect(!unbound.isEmpty, "the XMLAPI call's bearer placeholder is no longer bound, so it is refused")
    }

    @Test("Against a live server each credential comes from HARNESS_<VENDOR>_<NAME>")
    func environmentNames() {
        let names = SimulatorRegistry.all.flatMap(\.testCredentials).map(\.environmentVariable)
        #expect(names.contains("HARNESS_REFERRALHERO_TOKEN"))
        #expect(names.contains("HARNESS_ENGAGE_CLIENT_SECRET"))
        #expect(names.contains("HARNESS_ADAPTY_API_KEY"))
        #expect(names.contains("HARNESS_WALKME_BASIC"))
    }
}
