import EngageSDK
import Foundation
import HarnessTesting
import JSONCore
import Testing

@Suite("Location augmentation")
struct LocationAugmentationTests {
    /// A clock that moves only when the test says so: no timeout fires unless the test moves time.
    static func stillClock() -> ManualClock { ManualClock(start: EngageFixture.start) }

    /// Caches 100 events, so nothing is posted while the test looks at the store.
    static func cache100(_ config: inout EngageConfig) {
        config.set(100, "ubfEventCacheSize", in: "General")
    }

    /// Timeouts a test can tell apart: augmentation 1 day, coordinates 5 seconds, placemark 10 seconds.
    static func distinctTimeouts(_ config: inout EngageConfig) {
        cache100(&config)
        config.set("1 day", "augmentationTimeout", in: "Augmentation")
        config.set("5 sec", "coordinatesAcquisitionTimeout", in: "LocationServices")
        config.set("10 sec", "coordinatesPlacemarkTimeout", in: "LocationServices")
    }

    @Test("On by default: with a provider and the bundled configuration an event carries the device's location")
    func onByDefault() async throws {
        let location = FakeLocation()
        let fixture = try await EngageFixture(
            clock: Self.stillClock(), configure: Self.cache100, locationProvider: location.provider)
        let stored = try await fixture.engage.ubf.trackNamedEvent("Opened map")
        #expect(stored.status == .notPosted)
        let event = try stored.event()
        #expect(event[attribute: "Latitude"] == "24.12345")
        #expect(event[attribute: "Longitude"] == "10.12345")
        #expect(event[attribute: "Location Address"] == "Raleigh, NC 27601, United States (US)")
        #expect(event[attribute: "Location Name"] == "Fayetteville Street")
        #expect(await fixture.recorder.notifications.contains(.eventStored(eventID: stored.eventID, status: .hold)))
        #expect(location.placemarkCalls == [FakeLocation.position])
        _ = try await fixture.engage.ubf.postEventCache()
        let posted = try #require(await fixture.server.receivedEvents[stored.eventID])
        let names = posted["attributes"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.contains("Latitude") && names.contains("Location Name"))
    }

    @Test("The launch events of start (Installed, Session Started) carry the location too")
    func launchEvents() async throws {
        let fixture = try await EngageFixture(
            clock: Self.stillClock(), configure: Self.cache100, locationProvider: FakeLocation().provider)
        try await fixture.engage.ubf.start()
        let events = try await fixture.engage.store.events().map { try $0.event() }
        #expect(events.map(\.eventTypeCode) == [12, 13])
        #expect(events.allSatisfy { $0[attribute: "Latitude"] == "24.12345" })
    }

    @Test("Without a provider (Linux) an event is not held: NOT_POSTED at once, no HOLD, no timer")
    func noProviderNoDelay() async throws {
        #if os(Linux)
        #expect(EngageLocationProvider.platform == nil)
        #endif
        let fixture = try await EngageFixture(clock: Self.stillClock(), configure: Self.cache100)
        let stored = try await fixture.engage.ubf.trackNamedEvent("Anywhere")
        #expect(stored.status == .notPosted)
        #expect(try stored.event()[attribute: "Latitude"] == nil)
        #expect(
            await fixture.recorder.notifications.contains(.eventStored(eventID: stored.eventID, status: .notPosted)))
        #expect(fixture.clock.sleeps.isEmpty)
    }

    @Test("Engage.Options takes the platform's provider unless the app passes its own")
    func optionsDefault() {
        let options = Engage.Options(
            credentials: EngageCredentials(clientID: "c", clientSecret: "s", refreshToken: "r"), host: "engage.test",
            listID: "1", transport: FakeEngageServer())
        #expect((options.locationProvider == nil) == (EngageLocationProvider.platform == nil))
    }

    @Test("LocationServices.enabled NO: no location and no HOLD, even with a provider")
    func disabled() async throws {
        let location = FakeLocation()
        let fixture = try await EngageFixture(
            clock: Self.stillClock(),
            configure: {
                Self.cache100(&$0)
                $0.set(false, "enabled", in: "LocationServices")
            }, locationProvider: location.provider)
        let stored = try await fixture.engage.ubf.trackNamedEvent("Private")
        #expect(stored.status == .notPosted)
        #expect(try stored.event()[attribute: "Latitude"] == nil)
        #expect(location.coordinateCalls.isEmpty)
        #expect(fixture.clock.sleeps.isEmpty)
    }

    @Test("A provider that cannot give a location (no permission) does not delay the event")
    func providerFails() async throws {
        let location = FakeLocation(coordinates: .fails)
        let fixture = try await EngageFixture(
            clock: Self.stillClock(), configure: Self.cache100, locationProvider: location.provider)
        // The clock never moves: trackNamedEvent returns only because the location step gave up at once.
        let stored = try await fixture.engage.ubf.trackNamedEvent("Denied")
        #expect(stored.status == .notPosted)
        #expect(try stored.event()[attribute: "Latitude"] == nil)
        #expect(location.placemarkCalls.isEmpty)
    }

    @Test("Coordinates that do not arrive within coordinatesAcquisitionTimeout: the event goes on without location")
    func acquisitionTimeout() async throws {
        let location = FakeLocation(coordinates: .never)
        let fixture = try await EngageFixture(
            clock: Self.stillClock(), configure: Self.distinctTimeouts, locationProvider: location.provider)
        async let tracked = fixture.engage.ubf.trackNamedEvent("Indoors")
        await fixture.clock.untilSleeps(3)
        #expect(fixture.clock.sleeps.sorted() == [.seconds(5), .seconds(10), .seconds(86_400)])
        fixture.clock.advance(by: .seconds(5))
        let stored = try await tracked
        #expect(stored.status == .notPosted)
        let event = try stored.event()
        #expect(event[attribute: "Latitude"] == nil && event[attribute: "Location Address"] == nil)
        #expect(location.placemarkCalls.isEmpty)
    }

    @Test("A placemark that does not arrive within coordinatesPlacemarkTimeout: coordinates only")
    func placemarkTimeout() async throws {
        let location = FakeLocation(placemark: .never)
        let fixture = try await EngageFixture(
            clock: Self.stillClock(), configure: Self.distinctTimeouts, locationProvider: location.provider)
        async let tracked = fixture.engage.ubf.trackNamedEvent("Field")
        // The coordinates have arrived once the placemark is asked for; the three timers are set.
        while location.placemarkCalls.isEmpty { await Task.yield() }
        await fixture.clock.untilSleeps(3)
        fixture.clock.advance(by: .seconds(10))
        let stored = try await tracked
        #expect(stored.status == .notPosted)
        let event = try stored.event()
        #expect(event[attribute: "Latitude"] == "24.12345")
        #expect(event[attribute: "Location Address"] == nil && event[attribute: "Location Name"] == nil)
    }

    @Test("With the table's timeouts (all 15 sec) a location that never comes leaves the event EXPIRED, as it was")
    func equalTimeoutsExpire() async throws {
        let location = FakeLocation(placemark: .never)
        let fixture = try await EngageFixture(
            clock: Self.stillClock(), configure: Self.cache100, locationProvider: location.provider)
        async let tracked = fixture.engage.ubf.trackNamedEvent("Slow geocoder")
        await fixture.clock.advanceToNextSleep()
        let stored = try await tracked
        #expect(stored.status == .expired)
        // Only the augmentation timeout was armed: the location timeouts are not shorter than it.
        #expect(fixture.clock.sleeps == [.seconds(15)])
        #expect(try stored.event()[attribute: "Latitude"] == nil)
    }

    @Test("The location is reused for locationCacheLifespan (1 hr), then asked for again")
    func cacheLifespan() async throws {
        let location = FakeLocation()
        let fixture = try await EngageFixture(
            clock: Self.stillClock(), configure: Self.cache100, locationProvider: location.provider)
        let ubf = fixture.engage.ubf
        try await ubf.trackNamedEvent("first")
        fixture.clock.advance(by: .seconds(3_599))
        let second = try await ubf.trackNamedEvent("second")
        #expect(try second.event()[attribute: "Location Name"] == "Fayetteville Street")
        #expect(location.coordinateCalls.count == 1 && location.placemarkCalls.count == 1)
        fixture.clock.advance(by: .seconds(1))
        try await ubf.trackNamedEvent("third")
        #expect(location.coordinateCalls.count == 2 && location.placemarkCalls.count == 2)
    }

    @Test("The provider is handed locationPrecisionLevel and locationDistanceFilter from the configuration")
    func settingsReachProvider() async throws {
        let location = FakeLocation()
        let fixture = try await EngageFixture(
            clock: Self.stillClock(),
            configure: {
                Self.cache100(&$0)
                $0.set("kCLLocationAccuracyHundredMeters", "locationPrecisionLevel", in: "LocationServices")
                $0.set("25", "locationDistanceFilter", in: "LocationServices")
            }, locationProvider: location.provider)
        try await fixture.engage.ubf.trackNamedEvent("Tuned")
        let settings = try #require(location.coordinateCalls.first)
        #expect(settings.locationPrecisionLevel == "kCLLocationAccuracyHundredMeters")
        #expect(settings.locationDistanceFilter == 25)
    }

    @Test("Augmentation.augmentationPluginClasses chooses the location attributes; an empty list adds none")
    func pluginClasses() async throws {
        let location = FakeLocation()
        let coordinatesOnly = try await EngageFixture(
            clock: Self.stillClock(),
            configure: {
                Self.cache100(&$0)
                $0.set(["UBFCoordinatesAugmentationPlugin"], "augmentationPluginClasses", in: "Augmentation")
            }, locationProvider: location.provider)
        let event = try await coordinatesOnly.engage.ubf.trackNamedEvent("Coarse").event()
        #expect(event[attribute: "Latitude"] == "24.12345")
        #expect(event[attribute: "Location Address"] == nil && event[attribute: "Location Name"] == nil)

        let none = try await EngageFixture(
            clock: Self.stillClock(),
            configure: {
                Self.cache100(&$0)
                $0.set([], "augmentationPluginClasses", in: "Augmentation")
            }, locationProvider: location.provider)
        let plain = try await none.engage.ubf.trackNamedEvent("Plain")
        #expect(plain.status == .notPosted)
        #expect(try plain.event()[attribute: "Latitude"] == nil)
        #expect(none.clock.sleeps.isEmpty)
    }

    @Test("A plugin class the SDK does not have fails Engage's initialiser, naming the key")
    func unknownPluginClass() async throws {
        do {
            _ = try await EngageFixture(configure: {
                $0.set(["UBFWeatherAugmentationPlugin"], "augmentationPluginClasses", in: "Augmentation")
            })
            Issue.record("Engage accepted a plugin class it does not have")
        } catch let EngageError.configuration(source, detail) {
            #expect(source == "Augmentation.augmentationPluginClasses")
            #expect(detail.contains("UBFWeatherAugmentationPlugin"))
        }
    }

    @Test("Attributes the app set win over the device's location; the app's plugins see the location")
    func appWins() async throws {
        let location = FakeLocation()
        let reader = UBFAugmentationPlugin.sync("reader") { event in
            event.set("Seen Latitude", event[attribute: "Latitude"] ?? "none")
        }
        let fixture = try await EngageFixture(
            clock: Self.stillClock(), configure: Self.cache100, plugins: [reader], locationProvider: location.provider)
        let event = try await fixture.engage.ubf.trackNamedEvent(
            "Checked in", params: ["Latitude": "1.5", "Location Name": "Home"]
        ).event()
        #expect(event[attribute: "Latitude"] == "1.5")
        #expect(event[attribute: "Longitude"] == "10.12345")
        #expect(event[attribute: "Location Name"] == "Home")
        #expect(event[attribute: "Seen Latitude"] == "1.5")
    }

    @Test("Location Address is written City, State ZIP, Country (CC); missing parts are left out")
    func formattedAddress() {
        #expect(
            EngagePlacemark.formattedAddress(
                city: "Raleigh", state: "NC", postalCode: "27601", country: "United States", countryCode: "US")
                == "Raleigh, NC 27601, United States (US)")
        #expect(
            EngagePlacemark.formattedAddress(
                city: "Berlin", state: nil, postalCode: "10117", country: "Germany", countryCode: "DE")
                == "Berlin, 10117, Germany (DE)")
        #expect(
            EngagePlacemark.formattedAddress(city: nil, state: nil, postalCode: nil, country: nil, countryCode: nil)
                == nil)
    }
}
