import EngageSDK
import Foundation
import JSONCore
import Testing

@Suite("EngageConfig built-in fallbacks")
struct ConfigurationTableTests {
    @Test("A configuration without the bundled defaults falls back to the README's table, key by key")
    func fallbacksAreTheTable() throws {
        let config = try EngageConfig(data: Data("{}".utf8), source: "empty.json")
        #expect(config.events.ubfEventCacheSize == 3)
        #expect(config.events.maxNumRetries == 3)
        #expect(config.events.expireLocalEventsAfterNumDays == 30)
        #expect(config.events.defaultCurrentCampaignExpiration == .seconds(86_400))
        // The README's prose says 5 minutes, its table 30: the table (the defaults file's source) wins.
        #expect(config.events.sessionLifecycleExpiration == .seconds(1_800))
        #expect(config.events.augmentationTimeout == .seconds(15))
        #expect(config.locationServices.lastKnownLocationDateFormat == "yyyy'-'MM'-'dd")
        #expect(config.paramFieldNames.callToAction == "CallToAction")
    }
}

@Suite("ParamCallToAction")
struct CallToActionTests {
    @Test("A notification's ParamCallToAction parameter becomes the event's Call To Action attribute")
    func callToActionFromPayload() async throws {
        let fixture = try await EngageFixture(configure: {
            $0.set(.number(JSONNumber(100)), "ubfEventCacheSize", in: "General")
            $0.set(.string("cta"), "ParamCallToAction", in: "ParamFieldNames")
        })
        let received = try await fixture.engage.ubf.trackReceivedNotification(["aps": ["alert": "Sale"], "cta": "Buy"])
        #expect(try received.event()[attribute: "Call To Action"] == "Buy")
        let opened = try await fixture.engage.ubf.trackOpenedNotification(["CallToAction": "ignored"])
        #expect(try opened.event()[attribute: "Call To Action"] == nil)
    }
}
