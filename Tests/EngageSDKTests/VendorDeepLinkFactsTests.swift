import EngageSDK
import Foundation
import JSONCore
import Testing

/// Input → expected output facts from the public Engage iOS SDK's `EngageSDKTests/EngageDeepLinkManagerTests.m`
/// (`Silverpop/mobile-connector-sdk-ios`), carried over as our own tests. They agree with the README's Current
/// Campaigns section.
@Suite("Engage iOS SDK facts: deep links")
struct VendorDeepLinkFactsTests {
    @Test(
        "A deep link's parameters are its query, percent-decoded in names and values, and nothing else",
        arguments: [
            ("MakeAndBuild://test/5?CurrentCampaign=UnitTestCampaign2", "CurrentCampaign", "UnitTestCampaign2"),
            ("MakeAndBuild://test/5?CurrentCampaign=UnitTestCampaign%202", "CurrentCampaign", "UnitTestCampaign 2"),
            ("MakeAndBuild://test/5?Current%20Campaign=UnitTestCampaign2", "Current Campaign", "UnitTestCampaign2"),
            ("MakeAndBuild://test/5?Current%20Campaign=UnitTestCampaign%202", "Current Campaign", "UnitTestCampaign 2"),
        ])
    func parse(link: String, name: String, value: String) throws {
        let url = try #require(URL(string: link))
        #expect(EngageDeepLinkHandler.parameters(of: url) == [name: value])
    }

    @Test("After a notification opened from a link naming campaign Jeremy, later events carry Jeremy")
    func laterEventsCarryCampaign() async throws {
        let fixture = try await EngageFixture(configure: { $0.set(100, "ubfEventCacheSize", in: "General") })
        let url = try #require(URL(string: "MakeAndBuild://test/5?CurrentCampaign=Jeremy"))
        let parameters = EngageDeepLinkHandler.parameters(of: url)
        let ubf = fixture.engage.ubf
        try await ubf.trackOpenedNotification(.object(JSONObject(parameters.map { ($0.key, .string($0.value)) })))
        #expect(try await ubf.trackInstalled().event()[attribute: "Last Campaign"] == "Jeremy")
        #expect(try await ubf.trackSessionEnded().event()[attribute: "Campaign Name"] == "Jeremy")
        #expect(try await ubf.trackGoalAbandoned("").event()[attribute: "Campaign Name"] == "Jeremy")
        #expect(try await ubf.trackGoalCompleted("").event()[attribute: "Campaign Name"] == "Jeremy")
        #expect(try await ubf.trackNamedEvent("").event()[attribute: "Campaign Name"] == "Jeremy")
    }
}
