import EngageSDK
import Foundation
import HarnessTesting
import JSONCore
import Testing

/// The README: events posted before authentication succeeds are "queued and persisted until the authentication is
/// successful and then they are flushed", and queued while the network is unreachable. Only an answer from Engage
/// that refuses events spends a retry.
@Suite("UBFManager without an answer from Engage", .timeLimit(.minutes(5)))
struct PostingWithoutAnswerTests {
    static let portalPage = "<html><body>Sign in to the hotel Wi-Fi</body></html>"

    func cacheSize(_ size: Int) -> (inout EngageConfig) -> Void {
        { $0.set(.number(JSONNumber(size)), "ubfEventCacheSize", in: "General") }
    }

    /// Every event is NOT_POSTED, not in flight, with no failed attempt counted.
    func expectUntouched(_ engage: Engage, _ ids: [String]) async throws {
        for id in ids {
            let stored = try #require(try await engage.store.event(id: id))
            #expect(stored.status == .notPosted)
            #expect(stored.failureCount == 0)
            #expect(!stored.isInFlight)
        }
    }

    @Test(
        "A captive portal answering the token request with 200 HTML spends no retry: four flushes leave the events NOT_POSTED"
    )
    func captivePortalToken() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(100))
        let ubf = fixture.engage.ubf
        let ids = [
            try await ubf.trackNamedEvent("one").eventID, try await ubf.trackGoalCompleted("two").eventID,
        ]
        await fixture.server.failNextTokenRequests(Array(repeating: (200, Self.portalPage), count: 4))
        for _ in 1...4 {
            let report = try await ubf.postEventCache()
            #expect(report.deferred == ids)
            #expect(report.failed.isEmpty && report.willRetry.isEmpty && report.posted.isEmpty)
        }
        try await expectUntouched(fixture.engage, ids)
        #expect(await fixture.server.eventBatches.isEmpty)

        let report = try await ubf.postEventCache()
        #expect(report.posted == ids)
        #expect(try await fixture.engage.store.count([.successfullyPosted]) == 2)
    }

    @Test("A proxy's 5xx, a 429 and a captive portal's 200 page to the event post spend no retry")
    func noAnswerToTheEventPost() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(100))
        let ubf = fixture.engage.ubf
        let ids = [try await ubf.trackNamedEvent("one").eventID, try await ubf.trackNamedEvent("two").eventID]
        let replies: [(status: Int, contentType: String, body: String)] = [
            (502, "text/html", "<html><body>502 Bad Gateway</body></html>"),
            (503, "application/json", #"{"error":"server_error"}"#),
            (504, "text/plain", "upstream timed out"),
            (429, "application/json", #"{"error":"rate_limited"}"#),
            (200, "text/html", Self.portalPage),
            (403, "text/html", "<html>Blocked by your network administrator</html>"),
        ]
        await fixture.server.replyToNextEventPosts(replies)
        for _ in replies {
            let report = try await ubf.postEventCache()
            #expect(report.deferred == ids)
            #expect(report.error != nil)
            #expect(report.failed.isEmpty && report.willRetry.isEmpty && report.posted.isEmpty)
        }
        try await expectUntouched(fixture.engage, ids)
        #expect(try await ubf.postEventCache().posted == ids)
    }

    @Test("Timeouts and connection failures spend no retry")
    func noNetwork() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(100))
        let ubf = fixture.engage.ubf
        let id = try await ubf.trackNamedEvent("offline").eventID
        await fixture.server.setOffline(true)
        for _ in 1...4 {
            let report = try await ubf.postEventCache()
            #expect(report.deferred == [id])
            guard case .transport? = report.error else {
                Issue.record("expected a transport error, got \(String(describing: report.error))")
                return
            }
        }
        try await expectUntouched(fixture.engage, [id])
    }

    @Test("Events deferred for want of a token are posted when a token is obtained, without another start()")
    func resumesWhenATokenArrives() async throws {
        let fixture = try await EngageFixture(configure: cacheSize(3))
        let ubf = fixture.engage.ubf
        await fixture.server.failNextTokenRequests([(200, Self.portalPage)])
        var ids: [String] = []
        for name in ["one", "two", "three"] { ids.append(try await ubf.trackNamedEvent(name).eventID) }
        try await expectUntouched(fixture.engage, ids)
        #expect(
            await fixture.recorder.notifications.contains { if case .eventsPosted = $0 { true } else { false } }
                == false)

        // Something else obtains a token (an XMLAPI call); the deferred events follow by themselves.
        _ = try? await fixture.engage.xmlAPI.selectRecipient(id: "1")
        let posted = await fixture.recorder.first { if case .eventsPosted = $0 { true } else { false } }
        #expect(posted == .eventsPosted(eventIDs: ids))
        #expect(await fixture.server.eventBatches == [ids])
        #expect(try await fixture.engage.store.count([.successfullyPosted]) == 3)
    }

    @Test("Events queued while offline are posted when the reachability signal says the network is back")
    func resumesWhenReachable() async throws {
        let (reachability, signal) = EngageReachability.makeSignal()
        let fixture = try await EngageFixture(configure: cacheSize(3), reachability: reachability)
        let ubf = fixture.engage.ubf
        await fixture.server.setOffline(true)
        var ids: [String] = []
        for name in ["one", "two", "three"] { ids.append(try await ubf.trackNamedEvent(name).eventID) }
        try await expectUntouched(fixture.engage, ids)

        await fixture.server.setOffline(false)
        signal.yield(true)
        let posted = await fixture.recorder.first { if case .eventsPosted = $0 { true } else { false } }
        #expect(posted == .eventsPosted(eventIDs: ids))
        #expect(try await fixture.engage.store.count([.successfullyPosted]) == 3)
        signal.finish()
    }
}
