import EngageSDK
import Foundation
import HarnessTesting
import Testing

@Suite("EngageEventStore")
struct EventStoreTests {
    static let day: TimeInterval = 86_400
    static let now = Date(timeIntervalSince1970: 1_402_358_400 + 12 * 3600)

    func events(_ count: Int, at date: Date = now, prefix: String = "e") -> [UBFEvent] {
        (1...count).map { index in
            UBFEvent(
                id: "\(prefix)-\(index)", type: .namedEvent, timestamp: date,
                attributes: [UBFAttribute("Event Name", "n\(index)")])
        }
    }

    @Test("Appended events are stored in a real SQLite file and read back after reopening")
    func persistsInFile() async throws {
        try await withTemporaryDirectory { folder in
            let url = folder.appending("events.sqlite")
            do {
                let store = try EngageEventStore(storage: .file(url))
                let stored = try await store.append(events(3), status: .notPosted)
                #expect(stored == ["e-1", "e-2", "e-3"])
            }
            #expect(FileManager.default.fileExists(atPath: url.path))
            let reopened = try EngageEventStore(storage: .file(url))
            let all = try await reopened.events()
            #expect(all.map(\.eventID) == ["e-1", "e-2", "e-3"])
            #expect(all.allSatisfy { $0.status == .notPosted && !$0.isInFlight })
            #expect(try all[1].event() == events(3)[1])
        }
    }

    @Test("An event id already stored is not stored twice")
    func idempotentAppend() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        try await store.append(events(2), status: .notPosted)
        let again = try await store.append(events(3), status: .notPosted)
        #expect(again == ["e-3"])
        #expect(try await store.count() == 3)
    }

    @Test("HOLD becomes NOT_POSTED or EXPIRED once, and only HOLD events are released")
    func holdTransitions() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        let held = events(2)
        try await store.append(held, status: .hold)
        var augmented = held[0]
        augmented.set("Latitude", "1.5")
        #expect(try await store.release(augmented, status: .notPosted))
        #expect(try await store.release(held[1], status: .expired))
        #expect(try await !store.release(held[1], status: .notPosted))
        #expect(try await store.event(id: "e-1")?.event()[attribute: "Latitude"] == "1.5")
        #expect(try await store.event(id: "e-2")?.status == .expired)
        #expect(try await store.readyCount() == 2)
    }

    @Test("A claim marks events in flight; posted events become SUCCESSFULLY_POSTED")
    func claimAndPost() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        try await store.append(events(5), status: .notPosted)
        let first = try #require(try await store.claimPostable(limit: 3))
        #expect(first.events.map(\.eventID) == ["e-1", "e-2", "e-3"])
        #expect(first.events.allSatisfy { $0.isInFlight })
        let second = try #require(try await store.claimPostable(limit: 3))
        #expect(second.events.map(\.eventID) == ["e-4", "e-5"])
        #expect(try await store.claimPostable(limit: 3) == nil)
        try await store.markPosted(first)
        #expect(try await store.count([.successfullyPosted]) == 3)
        #expect(try await store.readyCount() == 0)
    }

    @Test("Each refusal counts; after maxNumRetries retries that follow the first attempt the event is FAILED_POST")
    func retriesThenFailed() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        try await store.append(events(1), status: .expired)
        for attempt in 1...4 {
            let claim = try #require(try await store.claimPostable(limit: 10))
            let failed = try await store.markFailed(claim, maxRetries: 3)
            let event = try #require(try await store.event(id: "e-1"))
            #expect(event.failureCount == attempt)
            #expect(failed == (attempt == 4 ? ["e-1"] : []))
            #expect(event.status == (attempt == 4 ? .failedPost : .expired))
        }
        #expect(try await store.claimPostable(limit: 10) == nil)
    }

    @Test("A part of a claim is marked alone; the rest of the claim stays in flight until it is marked")
    func claimParts() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        try await store.append(events(4), status: .notPosted)
        let claim = try #require(try await store.claimPostable(limit: 10))
        try await store.markPosted(claim.part(claim.events[0..<2]))
        #expect(try await store.markFailed(claim.part(claim.events[2..<3]), maxRetries: 3).isEmpty)
        #expect(try await store.event(id: "e-4")?.isInFlight == true)
        try await store.unclaim(claim.part(claim.events[3...]))
        #expect(
            try await store.events().map(\.status) == [
                .successfullyPosted, .successfullyPosted, .notPosted, .notPosted,
            ])
        #expect(try await store.events().map(\.failureCount) == [0, 0, 1, 0])
        // A claim after row 3 leaves the refused event for the next flush.
        #expect(try await store.claimPostable(limit: 10, after: 3)?.events.map(\.eventID) == ["e-4"])
    }

    @Test("Deleting events by id or by status removes them from the local store, never one in flight")
    func deleteEvents() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        try await store.append(events(4), status: .notPosted)
        try await store.append(events(2, prefix: "failed"), status: .failedPost)
        #expect(try await store.deleteEvents(ids: ["e-1", "e-1", "nope"]) == 1)
        #expect(try await store.deleteEvents([.failedPost]) == 2)
        let claim = try #require(try await store.claimPostable(limit: 1))
        #expect(try await store.deleteEvents() == 2)
        #expect(try await store.events().map(\.eventID) == claim.events.map(\.eventID))
    }

    @Test("Purge deletes SUCCESSFULLY_POSTED events on or before the start of the day N days ago, nothing unsent")
    func purge() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        let startOfToday = Date(timeIntervalSince1970: 1_402_358_400)
        try await store.append(
            events(2, at: startOfToday.addingTimeInterval(-30 * Self.day), prefix: "old"), status: .notPosted)
        try await store.append(
            events(1, at: startOfToday.addingTimeInterval(-30 * Self.day - 1), prefix: "older"),
            status: .successfullyPosted)
        try await store.append(
            events(1, at: startOfToday.addingTimeInterval(-30 * Self.day + 1), prefix: "recent"), status: .notPosted)
        try await store.append(
            events(1, at: startOfToday.addingTimeInterval(-40 * Self.day), prefix: "failed"), status: .failedPost)
        try await store.append(
            events(1, at: startOfToday.addingTimeInterval(-29 * Self.day), prefix: "posted"),
            status: .successfullyPosted)
        let removed = try await store.purge(olderThanDays: 30, now: Self.now)
        #expect(removed == 1)
        #expect(
            try await store.events().map(\.eventID).sorted() == ["failed-1", "old-1", "old-2", "posted-1", "recent-1"])
    }

    @Test("Reopening after an interrupted flush makes in-flight events postable again, keeping EXPIRED")
    func recovery() async throws {
        try await withTemporaryDirectory { folder in
            let url = folder.appending("events.sqlite")
            do {
                let store = try EngageEventStore(storage: .file(url))
                try await store.append(events(2), status: .notPosted)
                try await store.append(events(1, prefix: "x"), status: .expired)
                _ = try await store.claimPostable(limit: 10)
                #expect(try await store.readyCount() == 0)
            }
            let reopened = try EngageEventStore(storage: .file(url))
            #expect(reopened.recoveredInFlight == 3)
            #expect(try await reopened.readyCount() == 3)
            #expect(try await reopened.event(id: "x-1")?.status == .expired)
        }
    }
}
