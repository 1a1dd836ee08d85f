import EngageSDK
import Foundation
import HarnessTesting
import JSONCore
import Testing

/// Input → expected output facts from the public Engage iOS SDK's `EngageSDKTests/UBFAugmentationPluginTests.m` and
/// `EngageEventLocationManagerTests.m` (`Silverpop/mobile-connector-sdk-ios`), carried over as our own tests of the
/// SDK's location plugins (chosen one at a time through `Augmentation.augmentationPluginClasses`), with the iOS
/// tests' dummy position 24.12345, 10.12345.
///
/// One disagrees with the README and we follow the README: `testPlacemarkPlugin` expects `Location Address` on an
/// event when no placemark is known (the iOS plugin then writes `""`); the README adds the location "received from
/// IOS hardware", so without a placemark no `Location Address` is sent (no invented attribute on the wire).
@Suite("Engage iOS SDK facts: augmentation plugins")
struct VendorAugmentationPluginFactsTests {
    func fixture(plugin: String, location: FakeLocation) async throws -> EngageFixture {
        try await EngageFixture(
            clock: ManualClock(start: EngageFixture.start),
            configure: {
                $0.set(100, "ubfEventCacheSize", in: "General")
                $0.set([.string(plugin)], "augmentationPluginClasses", in: "Augmentation")
            }, locationProvider: location.provider)
    }

    @Test("Location services are enabled and three augmentation plugins are configured by default")
    func defaults() throws {
        let config = try EngageConfig.defaults()
        #expect(config.locationServices.enabled)
        #expect(config.events.augmentationPluginClasses.count == 3)
    }

    @Test("The coordinates plugin adds Latitude and Longitude of the dummy position to an installed event")
    func coordinates() async throws {
        let fixture = try await fixture(plugin: "UBFCoordinatesAugmentationPlugin", location: FakeLocation())
        let event = try await fixture.engage.ubf.trackInstalled().event()
        #expect(event[attribute: "Latitude"] == "24.12345")
        #expect(event[attribute: "Longitude"] == "10.12345")
    }

    @Test("The placemark plugin adds Location Address when a placemark is known, and nothing when none is")
    func placemark() async throws {
        let known = try await fixture(plugin: "UBFPlacemarkAugmentationPlugin", location: FakeLocation())
        let event = try await known.engage.ubf.trackInstalled().event()
        #expect(event[attribute: "Location Address"] == "Raleigh, NC 27601, United States (US)")
        let unknown = try await fixture(
            plugin: "UBFPlacemarkAugmentationPlugin", location: FakeLocation(placemark: .fails))
        let bare = try await unknown.engage.ubf.trackInstalled().event()
        // The iOS test expects the attribute here (as ""); the README sends only what the device gave.
        #expect(bare[attribute: "Location Address"] == nil)
    }

    @Test("The location name plugin adds no Location Name without one, and keeps a Location Name already set")
    func locationName() async throws {
        let nameless = try await fixture(
            plugin: "UBFLocationNameAugmentationPlugin",
            location: FakeLocation(placemark: .now(EngagePlacemark(address: "Somewhere", name: nil))))
        let event = try await nameless.engage.ubf.trackInstalled().event()
        #expect(event[attribute: "Location Name"] == nil)
        let named = try await fixture(plugin: "UBFLocationNameAugmentationPlugin", location: FakeLocation())
        let kept = try await named.engage.ubf.trackNamedEvent("Visit", params: ["Location Name": "Test Location Name"])
        #expect(try kept.event()[attribute: "Location Name"] == "Test Location Name")
        let added = try await named.engage.ubf.trackNamedEvent("Visit")
        #expect(try added.event()[attribute: "Location Name"] == "Fayetteville Street")
    }
}
