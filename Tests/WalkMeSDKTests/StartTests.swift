import Foundation
import HarnessTesting
import JSONCore
import Synchronization
import Testing
import WalkMeSDK

@Suite("WalkMe start")
struct StartTests {
    @Test("start fetches the settings with Basic credentials, then the data file, and opens a session")
    func startSyncsContent() async throws {
        let harness = Harness(try .standard())
        let result = try await harness.walkMe.start(options: Harness.options)
        #expect(result.contentSource == .network)
        #expect(result.campaignIds == ["c-welcome", "c-pro", "c-nps"])
        #expect(result.sessionId == "session-1")
        let sent = harness.transport.sent
        #expect(
            sent.map(\.path) == [
                "/sdk/v1/apps/f3a9c2e47b1d4e0a/settings.json?platform=ios&sdkVer=1.6.0&type=10",
                "/sdk/v1/apps/f3a9c2e47b1d4e0a/data.json",
            ])
        let basic = "Basic " + Data("f3a9c2e47b1d4e0a:s3cret".utf8).base64EncodedString()
        #expect(sent.first?.headers["Authorization"] == basic)
        #expect(sent.last?.headers["Authorization"] == nil)
    }

    @Test("A second start revalidates the stored data file with If-None-Match and keeps it on 304")
    func conditionalFetch() async throws {
        let store = WMInMemoryContentStore()
        _ = try await Harness(try .standard(), store: store).walkMe.start(options: Harness.options)
        let transport = FakeWalkMe([
            "settings.json": [.json(200, try Fixture.text("settings"))],
            "data.json": [FakeWalkMe.Answer(status: 304, body: Data(), headers: ["ETag": "\"v1\""])],
        ])
        let result = try await Harness(transport, store: store).walkMe.start(options: Harness.options)
        #expect(result.contentSource == .upToDateCache)
        #expect(result.campaignIds.count == 3)
        #expect(transport.sent.last?.headers["If-None-Match"] == "\"v1\"")
    }

    @Test("Offline, start uses the stored settings and data file")
    func offlineStart() async throws {
        let store = WMInMemoryContentStore()
        _ = try await Harness(try .standard(), store: store).walkMe.start(options: Harness.options)
        let transport = try FakeWalkMe.standard()
        transport.offline.withLock { $0 = true }
        let result = try await Harness(transport, store: store).walkMe.start(options: Harness.options)
        #expect(result.contentSource == .offlineCache)
    }

    @Test("Offline without a stored data file, start fails with a transport error")
    func offlineWithoutCache() async throws {
        let transport = try FakeWalkMe.standard()
        transport.offline.withLock { $0 = true }
        await #expect(throws: WalkMeError.self) { try await Harness(transport).walkMe.start(options: Harness.options) }
    }

    @Test("The kill switch stops start after the settings")
    func killSwitch() async throws {
        let settings = try Fixture.text("settings").replacingOccurrences(
            of: "\"killSwitch\": false", with: "\"killSwitch\": true")
        let transport = FakeWalkMe(["settings.json": [.json(200, settings)]])
        let harness = Harness(transport)
        await #expect(throws: WalkMeError.killSwitched) { try await harness.walkMe.start(options: Harness.options) }
        #expect(transport.sent.count == 1)
        #expect(await harness.walkMe.sessionId == nil)
    }

    @Test("A refused secret surfaces the server's error code")
    func invalidSecret() async throws {
        let transport = FakeWalkMe([
            "settings.json": [.json(401, #"{"error":"invalid_credentials","message":"wrong secret"}"#)]
        ])
        await #expect(throws: WalkMeError.server(status: 401, code: "invalid_credentials", message: "wrong secret")) {
            try await Harness(transport).walkMe.start(options: Harness.options)
        }
    }

    @Test("An empty key or secret is refused before sending")
    func missingCredentials() async throws {
        let harness = Harness(try .standard())
        await #expect(throws: WalkMeError.missingCredential("secret")) {
            try await harness.walkMe.start(options: WMStartOptions(key: "k", secret: ""))
        }
        #expect(harness.transport.sent.isEmpty)
    }

    @Test("A refused token is replaced once and the data file fetched with the new one")
    func tokenRenewal() async throws {
        let settings = try Fixture.text("settings").replacingOccurrences(of: "\"none\"", with: "\"token\"")
        let transport = FakeWalkMe([
            "settings.json": [.json(200, settings)],
            "token": [.json(200, #"{"access_token":"t-new","token_type":"Bearer","expires_in":60}"#)],
            "data.json": [
                .json(401, #"{"error":"token_expired","message":"expired"}"#), .json(200, try Fixture.text("data")),
            ],
        ])
        let store = WMInMemoryContentStore(WMStoredContent(accessToken: "t-old"))
        let result = try await Harness(transport, store: store).walkMe.start(options: Harness.options)
        #expect(result.tokenRefusals == ["token_expired"])
        let bearers = transport.sent.compactMap { $0.headers["Authorization"] }.filter { $0.hasPrefix("Bearer") }
        #expect(bearers == ["Bearer t-old", "Bearer t-new"])
        #expect(store.load().accessToken == "t-new")
    }

    @Test("restart and stop are refused before start and in the session's first minute")
    func restartRules() async throws {
        let harness = Harness(try .standard())
        await #expect(throws: WalkMeError.notStarted("restart")) { try await harness.walkMe.restart() }
        try await harness.walkMe.start(options: Harness.options)
        harness.clock.advance(by: .seconds(59))
        await #expect(throws: WalkMeError.sessionTooYoung("stop", age: 59)) { try await harness.walkMe.stop() }
        harness.clock.advance(by: .seconds(1))
        let result = try await harness.walkMe.restart()
        #expect(result.sessionId == "session-2")
    }

    @Test("A malformed settings document is refused with the member's pointer")
    func malformedSettings() async throws {
        let harness = Harness(try .standard(settings: "settings-malformed"))
        await #expect(
            throws: WalkMeError.malformedContent(
                document: "settings", pointer: "/dataFileVersion", reason: "expected an integer in 0...2147483647")
        ) {
            try await harness.walkMe.start(options: Harness.options)
        }
    }

    @Test("An unknown campaign type or CTA action in the data file is refused with its pointer")
    func malformedDataFile() async throws {
        await #expect(
            throws: WalkMeError.malformedContent(
                document: "data file", pointer: "/campaigns/0/type", reason: "unknown campaign type 'walkthru'")
        ) {
            try await Harness(try .standard(data: "data-unknown-type")).walkMe.start(options: Harness.options)
        }
        await #expect(
            throws: WalkMeError.malformedContent(
                document: "data file", pointer: "/campaigns/0/ctas/0/action", reason: "unknown CTA action 'teleport'")
        ) {
            try await Harness(try .standard(data: "data-unknown-cta")).walkMe.start(options: Harness.options)
        }
    }
}

@Suite("WalkMe start options")
struct StartOptionsTests {
    @Test("A proxy gateway receives every call instead of WalkMe's base URL")
    func proxyGateway() async throws {
        let transport = try FakeWalkMe.standard()
        let walkMe = WalkMe(
            environment: WalkMeEnvironment(
                transport: transport, baseURL: URL(string: "https://walkme.test")!, device: .fixed(Harness.device)))
        try await walkMe.start(
            options: WMStartOptions(
                key: "f3a9c2e47b1d4e0a", secret: "s3cret", proxyGatewayURL: URL(string: "https://proxy.acme.test/wm")!,
                type: .unity))
        #expect(transport.bases.allSatisfy { $0 == "https://proxy.acme.test/wm" })
        #expect(transport.sent.first?.path.hasSuffix("type=13") == true)
    }

    @Test("setLanguage picks the campaign's text in that language, else the settings' first language")
    func language() async throws {
        let harness = Harness(try .standard())
        try await harness.walkMe.start(options: Harness.options)
        await harness.walkMe.setLanguage("fr")
        await harness.walkMe.setScreenID("home")
        #expect(await harness.walkMe.presentedCampaign?.title == "Bienvenue")
        try await harness.walkMe.tapCTA("cta-ok")
        await harness.walkMe.setLanguage("de")
        try await harness.walkMe.trigger("nps")
        #expect(await harness.walkMe.presentedCampaign?.questions.map(\.id) == ["q1"])
    }
}
