import EngageSDK
import Foundation
import HarnessTesting
import JSONCore
import Testing

@Suite("UBFManager", .timeLimit(.minutes(5)))
struct UBFManagerTests {
    func cacheSize(_ size: Int) -> (inout EngageConfig) -> Void {
        { $0.set(.number(JSONNumber(size)), "ubfEventCacheSize", in: "General") }
    }

    @Test("Events wait in the store until ubfEventCacheSize are ready, then go in one batch")
    func batchAtCacheSize() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(3))
        let ubf = fixture.engage.ubf
        let first = try await ubf.trackNamedEvent("one")
        try await ubf.trackGoalCompleted("two")
        #expect(first.status == .notPosted)
        #expect(await fixture.server.eventBatches.isEmpty)
        let third = try await ubf.trackGoalAbandoned("three")
        #expect(third.status == .successfullyPosted)
        let batches = await fixture.server.eventBatches
        #expect(batches.count == 1)
        #expect(batches.first?.count == 3)
        #expect(try await fixture.engage.store.count([.successfullyPosted]) == 3)
        let json = try #require(await fixture.server.receivedEvents[first.eventID])
        #expect(json["eventTypeCode"] == 17)
        #expect(await fixture.server.eventBearers == ["token-1"])
    }

    @Test("postEventCache flushes on demand in requests of maxEventsPerPost")
    func flushOnDemand() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(100), maxEventsPerPost: 2)
        for index in 0..<5 { try await fixture.engage.ubf.trackNamedEvent("e\(index)") }
        let report = try await fixture.engage.ubf.postEventCache()
        #expect(report.requests == 3)
        #expect(report.posted.count == 5)
        #expect(await fixture.server.eventBatches.map(\.count) == [2, 2, 1])
        #expect(await fixture.server.receivedEvents.count == 5)
    }

    @Test("Offline, events stay NOT_POSTED and spend no retry; back online all of them are posted")
    func offlineThenOnline() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(3))
        let ubf = fixture.engage.ubf
        await fixture.server.setOffline(true)
        var ids: [String] = []
        for name in ["one", "two", "three"] { ids.append(try await ubf.trackNamedEvent(name).eventID) }
        for _ in 0..<5 {
            let report = try await ubf.postEventCache()
            #expect(report.deferred == ids)
            #expect(report.failed.isEmpty && report.willRetry.isEmpty)
        }
        let waiting = try await fixture.engage.store.events()
        #expect(waiting.map(\.status) == [.notPosted, .notPosted, .notPosted])
        #expect(waiting.map(\.failureCount) == [0, 0, 0])
        await fixture.server.setOffline(false)
        let report = try await ubf.postEventCache()
        #expect(report.posted == ids)
        #expect(try await fixture.engage.store.count([.successfullyPosted]) == 3)
    }

    @Test("Before authentication succeeds (the token is refused), events wait without spending retries")
    func waitForAuthentication() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(100))
        let event = try await fixture.engage.ubf.trackNamedEvent("early")
        let refusal = (status: 401, body: #"{"error":"invalid_client","error_description":"not yet"}"#)
        await fixture.server.failNextTokenRequests(Array(repeating: refusal, count: 4))
        for _ in 0..<4 {
            let report = try await fixture.engage.ubf.postEventCache()
            #expect(report.deferred == [event.eventID])
        }
        let stored = try #require(try await fixture.engage.store.event(id: event.eventID))
        #expect(stored.status == .notPosted && stored.failureCount == 0)
        #expect(try await fixture.engage.ubf.postEventCache().posted == [event.eventID])
    }

    @Test("Going to the background posts the event cache (automatic dispatch)")
    func backgroundDispatch() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(100))
        let ubf = fixture.engage.ubf
        let first = try await ubf.trackNamedEvent("a")
        let second = try await ubf.trackGoalCompleted("b")
        #expect(await fixture.server.eventBatches.isEmpty)
        let report = try await ubf.applicationDidEnterBackground()
        #expect(report.posted == [first.eventID, second.eventID])
        #expect(await fixture.server.eventBatches == [[first.eventID, second.eventID]])
    }

    @Test("A 5xx spends no retry: the event stays NOT_POSTED, the delegate hears each failure, and it posts later")
    func serverErrorsSpendNoRetry() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(100))
        let event = try await fixture.engage.ubf.trackNamedEvent("delayed")
        await fixture.server.failNextEventPosts([500, 503, 500])
        for _ in 1...3 {
            let report = try await fixture.engage.ubf.postEventCache()
            #expect(report.error != nil)
            #expect(report.deferred == [event.eventID])
            #expect(report.failed.isEmpty && report.willRetry.isEmpty)
        }
        let stored = try #require(try await fixture.engage.store.event(id: event.eventID))
        #expect(stored.status == .notPosted && stored.failureCount == 0)
        #expect(try await fixture.engage.ubf.postEventCache().posted == [event.eventID])
        let failures = await fixture.recorder.notifications.filter {
            if case .eventsPostFailed = $0 { true } else { false }
        }
        #expect(failures.count == 3)
    }

    @Test("An event post answered 401 refreshes the token once and is resent")
    func eventPostReauthorizes() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(1))
        _ = try await fixture.engage.tokens.token()
        await fixture.server.revokeAllTokens()
        let event = try await fixture.engage.ubf.trackNamedEvent("after expiry")
        #expect(event.status == .successfullyPosted)
        #expect(await fixture.server.eventBearers == ["token-1", "token-2"])
    }

    @Test("An event augmented in time is posted as NOT_POSTED with the plugin's attributes")
    func augmented() async throws {
        let fields = try EngageConfig.defaults().ubfFieldNames
        let plugin = UBFAugmentationPlugin.location(fieldNames: fields) {
            UBFLocationFix(latitude: 52.5200066, longitude: 13.404954, address: "Berlin, BE 10117, Germany (DE)")
        }
        // A clock that never moves unless told: the augmentation timeout cannot fire before the plugins finish.
        let fixture = try await EngageFixture(
            clock: ManualClock(start: EngageFixture.start), configure: cacheSize(100),
            plugins: [plugin, .sync("tag") { $0.set("Plugin", "sync") }])
        let event = try await fixture.engage.ubf.trackNamedEvent("located")
        #expect(event.status == .notPosted)
        let stored = try event.event()
        #expect(stored[attribute: "Latitude"] == "52.5200066")
        #expect(stored[attribute: "Longitude"] == "13.404954")
        #expect(stored[attribute: "Location Address"] == "Berlin, BE 10117, Germany (DE)")
        #expect(stored[attribute: "Plugin"] == "sync")
        #expect(await fixture.recorder.notifications.contains(.eventStored(eventID: event.eventID, status: .hold)))
        _ = try await fixture.engage.ubf.postEventCache()
        let posted = try #require(await fixture.server.receivedEvents[event.eventID])
        let decoded = try UBFEvent(json: String(decoding: try JSONEncoder().encode(posted), as: UTF8.self))
        #expect(decoded[attribute: "Latitude"] == "52.5200066")
    }

    @Test("An event whose plugins time out becomes EXPIRED, unaugmented, and is still posted")
    func augmentationTimeout() async throws {
        let slow = UBFAugmentationPlugin.async("never") { event in
            try await Task.sleep(for: .seconds(86_400))
            return event
        }
        let fixture = try await EngageFixture(configure: cacheSize(100), plugins: [slow])
        let event = try await fixture.engage.ubf.trackNamedEvent("late")
        #expect(event.status == .expired)
        #expect(fixture.clock.sleeps == [.seconds(15)])
        let report = try await fixture.engage.ubf.postEventCache()
        #expect(report.posted == [event.eventID])
        #expect(try await fixture.engage.store.event(id: event.eventID)?.status == .successfullyPosted)
    }

    @Test("start tracks Installed once per install and a session start, then posts them")
    func startInstalledOnce() async throws {
        try await withTemporaryDirectory { folder in
            let url = folder.appending("engage.sqlite")
            let first = try await EngageFixture(storage: .file(url))
            try await first.engage.ubf.start()
            #expect(await first.server.receivedEvents.count == 2)
            #expect(try await first.engage.store.count([.successfullyPosted]) == 2)
            let codes = try await first.engage.store.events().map(\.eventTypeCode)
            #expect(codes == [12, 13])
            let second = try await EngageFixture(server: first.server, storage: .file(url))
            try await second.engage.ubf.start()
            let later = try await second.engage.store.events().map(\.eventTypeCode)
            #expect(later == [12, 13, 13])
        }
    }

    @Test("A session resumes after a short pause and ends after one past sessionLifecycleExpiration (30 minutes)")
    func sessions() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(100))
        let ubf = fixture.engage.ubf
        try await ubf.start()
        fixture.clock.advance(by: .seconds(100))
        try await ubf.applicationDidEnterBackground()
        fixture.clock.advance(by: .seconds(1800))
        try await ubf.applicationWillEnterForeground()
        fixture.clock.advance(by: .seconds(50))
        try await ubf.applicationDidEnterBackground()
        fixture.clock.advance(by: .seconds(1801))
        try await ubf.applicationWillEnterForeground()
        let events = try await fixture.engage.store.events().map { try $0.event() }
        #expect(events.map(\.eventTypeCode) == [12, 13, 14, 13])
        #expect(events[2][attribute: "Session Duration"] == "150")
        #expect(events[2].timestamp == Date(timeIntervalSince1970: 1_402_358_400 + 1950))
    }
}
