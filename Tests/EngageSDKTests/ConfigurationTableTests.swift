import EngageSDK
import Foundation
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
