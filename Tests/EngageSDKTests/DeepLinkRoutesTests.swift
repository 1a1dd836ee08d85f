import EngageSDK
import Foundation
import HarnessTesting
import Testing

@Suite("EngageDeepLinkRoutes")
struct DeepLinkRoutesTests {
    /// The README's sample `MobileDeepLinkingConfig.json` (its braces and handler lists completed).
    static func routes() throws -> EngageDeepLinkRoutes {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/MobileDeepLinkingConfig.json")
        return try EngageDeepLinkRoutes(data: Data(contentsOf: url))
    }

    @Test("The README's three Silverpop://campaign examples set the campaign and its expiry as the README says")
    func readmeExamples() async throws {
        let routes = try Self.routes()
        let cases: [(url: String, expiry: (Date) -> Date, active: Bool)] = [
            (
                "Silverpop://campaign/TestCurrentCampaign?CampaignEndTimeStamp=1419465600",
                { _ in
                    Date(timeIntervalSince1970: 1_419_465_600)
                }, true
            ),
            ("Silverpop://campaign/TestCurrentCampaign", { $0.addingTimeInterval(86_400) }, true),
            (
                "Silverpop://campaign/TestCurrentCampaign?CampaignEndTimeStamp=30931200",
                { _ in
                    Date(timeIntervalSince1970: 30_931_200)
                }, false
            ),
        ]
        for example in cases {
            let fixture = try await EngageFixture()
            let url = try #require(URL(string: example.url))
            let handled = try #require(try await fixture.engage.deepLinks.handle(url: url, routes: routes))
            #expect(handled.match.route == "campaign/:CurrentCampaign")
            #expect(handled.match.parameters["CurrentCampaign"] == "TestCurrentCampaign")
            let event = try #require(handled.event).event()
            #expect(event[attribute: "CurrentCampaign"] == "TestCurrentCampaign")
            let campaigns = fixture.engage.campaigns
            #expect(await campaigns.expiresAt() == example.expiry(fixture.clock.date), "\(example.url)")
            // 30931200 is December 25th 1970: the campaign is never activated.
            #expect(
                await campaigns.currentCampaign() == (example.active ? "TestCurrentCampaign" : ""), "\(example.url)")
        }
    }

    @Test("A route's required parameter and regex decide the match; other links take the default route")
    func routesAndDefault() throws {
        let routes = try Self.routes()
        let testURL = try #require(URL(string: "Silverpop://test/42?utmSource=mail"))
        let test = try #require(routes.match(testURL))
        #expect(test.route == "test/:testId")
        #expect(test.parameters == ["testId": "42", "utmSource": "mail"])
        let lettersURL = try #require(URL(string: "Silverpop://test/abc?x=1"))
        let letters = try #require(routes.match(lettersURL))
        #expect(letters.route == "defaultRoute")
        #expect(letters.parameters == ["x": "1"])
        let otherURL = try #require(URL(string: "Silverpop://elsewhere?CurrentCampaign=Q"))
        let other = try #require(routes.match(otherURL))
        #expect(other.route == "defaultRoute")
        #expect(other.handlers == ["postSilverpop"])
    }

    @Test("Custom handlers are the app's; a link no route takes is not tracked")
    func customHandlersAndNoRoute() async throws {
        let routes = try EngageDeepLinkRoutes(
            data: Data(#"{"routes":{"product/:id":{"handlers":["openProduct"]}}}"#.utf8))
        let fixture = try await EngageFixture()
        let seen = SeenHandlers()
        let url = try #require(URL(string: "MyApp://product/7"))
        let handled = try await fixture.engage.deepLinks.handle(url: url, routes: routes) { await seen.add($0, $1) }
        #expect(handled?.event == nil)
        #expect(await seen.calls == ["openProduct id=7"])
        #expect(
            try await fixture.engage.deepLinks.handle(url: try #require(URL(string: "MyApp://nope")), routes: routes)
                == nil)
        #expect(try await fixture.engage.store.count() == 0)
    }

    @Test(
        "A malformed configuration names the member that is wrong",
        arguments: [
            (#"[1]"#, "not a JSON object"), (#"{"routes":[]}"#, "/routes must be an object"),
            (#"{"routes":{"a":{"routeParameters":{"x":{"regex":"("}}}}}"#, "/routes/a/routeParameters/x/regex"),
            (#"{"defaultRoute":3}"#, "/defaultRoute must be an object"),
        ])
    func malformed(text: String, expected: String) {
        #expect {
            try EngageDeepLinkRoutes(data: Data(text.utf8))
        } throws: { error in
            "\(error)".contains(expected) && "\(error)".contains("MobileDeepLinkingConfig.json")
        }
    }
}

private actor SeenHandlers {
    var calls: [String] = []
    func add(_ handler: String, _ parameters: [String: String]) {
        calls.append(handler + " " + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined())
    }
}
