import CassetteKit
import Foundation
import HarnessTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recording a cassette of the app's own requests (here from the simulator, in real life from the vendor's
/// sandbox with `HARNESS_RECORD=once`), then replaying it offline.
@Suite("Recording the app's own cassette")
struct RecordingExampleTests {
    @Test("Recording once writes a redacted cassette that then replays with the network gone")
    @MainActor
    func recordThenReplay() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let recordedAt = Date(timeIntervalSince1970: 1_767_225_600)
        try await withMockServer(.referralHero) { server in
            try await withCassette("referralhero/join", folder: folder.url, mode: .once) { cassette in
                let api = ReferralAPI(
                    baseURL: server.baseURL(for: .referralHero), token: "rh-sim-token", campaign: "MF83c9616aa3",
                    session: cassette.session)
                let screen = ReferralScreenModel(api: api, now: { recordedAt })
                await screen.join(email: "ada@example.com", name: "Ada")
                #expect(screen.state == .joined(code: "17b87254", position: 1))
            }
        }
        let written = try String(contentsOf: folder.appending("referralhero/join.har"), encoding: .utf8)
        #expect(!written.contains("rh-sim-token"), "the API token is redacted")
        #expect(written.contains("<redacted:authorization:1>"))

        // The server is stopped: the same code now gets its answer from the cassette alone.
        try await withCassette("referralhero/join", folder: folder.url) { cassette in
            #expect(cassette.mode == .none)
            let api = ReferralAPI(
                baseURL: URL(string: "http://127.0.0.1:9/referralhero")!, token: "rh-sim-token",
                campaign: "MF83c9616aa3", session: cassette.session)
            let screen = ReferralScreenModel(api: api, now: { recordedAt })
            await screen.join(email: "ada@example.com", name: "Ada")
            #expect(screen.state == .joined(code: "17b87254", position: 1))
        }
    }
}
