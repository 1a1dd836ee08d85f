import EngageSDK
import Foundation
import HarnessTesting
import JSONCore
import Testing

/// The README counts retries per event ("Number of times that an event is retried before it is finally marked as
/// failed"): a batch Engage refuses is split until the refused events are alone, and only they count a failure.
@Suite("UBFManager refused batches", .timeLimit(.minutes(5)))
struct BatchSplitTests {
    func cacheSize(_ size: Int) -> (inout EngageConfig) -> Void {
        { $0.set(.number(JSONNumber(size)), "ubfEventCacheSize", in: "General") }
    }

    func track(_ fixture: EngageFixture, _ names: [String]) async throws -> [String] {
        var ids: [String] = []
        for name in names { ids.append(try await fixture.engage.ubf.trackNamedEvent(name).eventID) }
        return ids
    }

    @Test("One refused event in a batch of eight is isolated by halving; its seven neighbours post")
    func splitIsolatesTheRefusedEvent() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(100))
        await fixture.server.refuseEvents(named: ["bad"])
        let ids = try await track(fixture, ["a", "b", "c", "d", "e", "bad", "g", "h"])
        let report = try await fixture.engage.ubf.postEventCache()

        let refused = ids[5]
        #expect(report.posted == ids.filter { $0 != refused })
        #expect(report.willRetry == [refused])
        #expect(report.failed.isEmpty && report.deferred.isEmpty)
        // 8 → 4 + 4; the refused half → 2 + 2; the refused pair → 1 + 1.
        #expect(
            await fixture.server.attemptedBatches == [
                ids, Array(ids[0..<4]), Array(ids[4..<8]), Array(ids[4..<6]), [ids[4]], [ids[5]], Array(ids[6..<8]),
            ])
        #expect(report.requests == 7)
        for id in ids {
            let stored = try #require(try await fixture.engage.store.event(id: id))
            #expect(stored.status == (id == refused ? .notPosted : .successfullyPosted))
            #expect(stored.failureCount == (id == refused ? 1 : 0))
        }
    }

    @Test("Each event carries its own retry count")
    func countsPerEvent() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(100))
        await fixture.server.refuseEvents(named: ["bad 1", "bad 2"])
        let first = try await track(fixture, ["bad 1"])[0]
        _ = try await fixture.engage.ubf.postEventCache()
        let second = try await track(fixture, ["ok", "bad 2"])
        let report = try await fixture.engage.ubf.postEventCache()
        #expect(report.posted == [second[0]])
        #expect(report.willRetry == [first, second[1]])
        #expect(try await fixture.engage.store.event(id: first)?.failureCount == 2)
        #expect(try await fixture.engage.store.event(id: second[1])?.failureCount == 1)
        #expect(try await fixture.engage.store.event(id: second[0])?.failureCount == 0)
    }

    @Test("maxNumRetries 3 means three retries after the first attempt: the fourth refusal makes the event FAILED_POST")
    func threeRetriesAfterTheFirstAttempt() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(100))
        #expect(fixture.engage.config.events.maxNumRetries == 3)
        await fixture.server.refuseEvents(named: ["doomed"])
        let id = try await track(fixture, ["doomed"])[0]
        for attempt in 1...4 {
            let report = try await fixture.engage.ubf.postEventCache()
            #expect(report.requests == 1)
            #expect(report.failed == (attempt == 4 ? [id] : []))
            #expect(report.willRetry == (attempt == 4 ? [] : [id]))
            let stored = try #require(try await fixture.engage.store.event(id: id))
            #expect(stored.failureCount == attempt)
            #expect(stored.status == (attempt == 4 ? .failedPost : .notPosted))
        }
        #expect(try await fixture.engage.ubf.postEventCache().requests == 0)
        #expect(await fixture.server.attemptedBatches.count == 4)
        let failures = await fixture.recorder.notifications.filter {
            if case .eventsPostFailed = $0 { true } else { false }
        }
        #expect(failures.count == 4)
    }

    @Test("A batch of 1,000 with one refused event posts the other 999 in a handful of requests")
    func largeBatch() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(2000))
        await fixture.server.refuseEvents(named: ["bad"])
        let builder = try await fixture.engage.ubf.builder()
        let events = (0..<1000).map {
            builder.namedEvent($0 == 617 ? "bad" : "event \($0)", at: EngageFixture.start, campaign: "")
        }
        try await fixture.engage.store.append(events, status: .notPosted)
        let report = try await fixture.engage.ubf.postEventCache()
        #expect(report.posted.count == 999)
        #expect(report.willRetry == [events[617].id])
        // The first request, then two per halving (the refused half and its sibling) down to one event: at most
        // ten halvings of 1,000.
        #expect(report.requests <= 1 + 2 * 10)
    }
}
