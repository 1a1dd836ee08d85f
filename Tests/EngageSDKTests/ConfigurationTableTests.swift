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
        Self.expectLocationAndGeneratorRows(config)
    }

    @Test("The bundled defaults hold the README's LocationServices rows and generator classes")
    func bundledDefaults() throws {
        try Self.expectLocationAndGeneratorRows(EngageConfig.defaults())
    }

    /// The README's rows for `LocationServices`, the generator classes and the location plugins.
    static func expectLocationAndGeneratorRows(_ config: EngageConfig) {
        let location = config.locationServices
        #expect(location.enabled)
        #expect(location.coordinatesAcquisitionTimeout == .seconds(15))
        #expect(location.coordinatesPlacemarkTimeout == .seconds(15))
        #expect(location.locationCacheLifespan == .seconds(3_600))
        #expect(location.locationDistanceFilter == 10)
        #expect(location.locationPrecisionLevel == "kCLLocationAccuracyBest")
        #expect(location.lastKnownLocationColumn == "Last Location Address")
        #expect(location.lastKnownLocationTimestampColumn == "Last Location Address Time")
        #expect(config.recipient.mobileUserIDGeneratorClassName == "EngageDefaultUUIDGenerator")
        #expect(config.auditRecord.auditRecordPrimaryKeyGeneratorClassName == "EngageDefaultUUIDGenerator")
        #expect(
            config.events.augmentationPluginClasses == [
                "UBFCoordinatesAugmentationPlugin", "UBFPlacemarkAugmentationPlugin",
                "UBFLocationNameAugmentationPlugin",
            ])
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

    @Test("A deep link's and a local notification's ParamCallToAction parameter is the event's Call To Action too")
    func callToActionFromLinkAndLocalNotification() async throws {
        let fixture = try await EngageFixture(configure: {
            $0.set(100, "ubfEventCacheSize", in: "General")
            $0.set("cta", "ParamCallToAction", in: "ParamFieldNames")
        })
        let url = try #require(URL(string: "Silverpop://campaign/Spring?cta=Shop"))
        let link = try await fixture.engage.deepLinks.handle(url: url)
        #expect(try link.event.event()[attribute: "Call To Action"] == "Shop")
        let ubf = fixture.engage.ubf
        let local = try await ubf.trackReceivedLocalNotification(
            alertBody: "Sale", alertAction: "View", params: ["cta": "Buy"])
        #expect(try local.event()[attribute: "Call To Action"] == "Buy")
        let plain = try await ubf.trackReceivedLocalNotification(alertBody: "Sale", alertAction: "View")
        #expect(try plain.event()[attribute: "Call To Action"] == "View")
    }
}
