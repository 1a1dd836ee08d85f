import Foundation
import HarnessTesting
import JSONCore
import Testing

@testable import EngageSDK

@Suite("EngageEventStore setup and bulk appends")
struct EventStoreSetupTests {
    func events(_ ids: [String]) -> [UBFEvent] {
        ids.map { id in
            UBFEvent(
                id: id, type: .namedEvent, timestamp: Date(timeIntervalSince1970: 1_402_400_000),
                attributes: [UBFAttribute("Event Name", "n & <\(id)> ]]> é \"q\"")])
        }
    }

    @Test(
        "A file store runs in WAL mode with the synchronous level asked for, on 8 KB pages",
        arguments: [(EngageDurability.full, "2"), (.normal, "1")])
    func fileSettings(durability: EngageDurability, synchronous: String) async throws {
        try await withTemporaryDirectory { folder in
            let store = try EngageEventStore(storage: .file(folder.appending("events.sqlite")), durability: durability)
            #expect(try await store.pragma("journal_mode") == "wal")
            #expect(try await store.pragma("synchronous") == synchronous)
            #expect(try await store.pragma("page_size") == "8192")
        }
    }

    @Test("An in-memory store keeps the synchronous level asked for")
    func memorySettings() async throws {
        let store = try EngageEventStore(storage: .inMemory, durability: .full)
        #expect(try await store.pragma("synchronous") == "2")
    }

    @Test("An append larger than one statement keeps order, skips stored ids and stores a repeated id once")
    func bulkAppend() async throws {
        try await withTemporaryDirectory { folder in
            let url = folder.appending("events.sqlite")
            let store = try EngageEventStore(storage: .file(url))
            let early = (1...10).map { "e-\($0 * 7)" }
            #expect(try await store.append(events(early), status: .notPosted) == early)
            var batch = (1...150).map { "e-\($0)" }
            batch.insert("e-3", at: 100)
            let stored = try await store.append(events(batch), status: .hold)
            let expected = (1...150).map { "e-\($0)" }.filter { !early.contains($0) }
            #expect(stored == expected)
            let all = try await EngageEventStore(storage: .file(url)).events()
            #expect(all.map(\.eventID) == early + expected)
            #expect(all.filter { $0.status == .hold }.count == expected.count)
            let second = try #require(all.first { $0.eventID == "e-2" })
            #expect(try second.event() == events(["e-2"])[0])
        }
    }

    @Test("A repeated append stores nothing and returns no ids")
    func repeatedAppend() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        let ids = (1...70).map { "r-\($0)" }
        #expect(try await store.append(events(ids), status: .notPosted).count == 70)
        #expect(try await store.append(events(ids), status: .notPosted).isEmpty)
        #expect(try await store.count() == 70)
    }
}

@Suite("Time-ordered event identities")
struct TimeOrderedUUIDTests {
    @Test("Version 7 UUIDs: the version and variant bits, and the time in the first 48 bits")
    func layout() throws {
        let generator = TimeOrderedUUID(now: { 0x0190_1234_5678 })
        let id = generator.next()
        let uuid = try #require(UUID(uuidString: id))
        #expect(id == uuid.uuidString)
        #expect(id.hasPrefix("01901234-5678-7000-"))
        let variant = try #require(Int(String(id[id.index(id.startIndex, offsetBy: 19)]), radix: 16))
        #expect(variant & 0b1100 == 0b1000)
    }

    @Test("Identifiers increase strictly within one millisecond, past the counter, and when the clock steps back")
    func monotonic() {
        let times = [UInt64](repeating: 1_000, count: 5_000) + [999, 998, 2_000]
        let clock = Counter(times)
        let generator = TimeOrderedUUID(now: { clock.next() })
        let ids = times.map { _ in generator.next() }
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set(ids).count == ids.count)
        #expect(ids[4_095].hasPrefix("00000000-03E8-7FFF-"))
        #expect(ids[4_096].hasPrefix("00000000-03E9-7000-"))
        #expect(ids.last?.hasPrefix("00000000-07D0-7000-") == true)
    }

    @Test("The default generator gives events time-ordered ids and identities random ones")
    func defaults() {
        let events = (0..<100).map { _ in IdentifierGenerator.uuid.nextEventID() }
        #expect(events == events.sorted())
        #expect(events.allSatisfy { $0.dropFirst(14).hasPrefix("7") })
        #expect(IdentifierGenerator.uuid.next().dropFirst(14).hasPrefix("4"))
    }
}

/// Hands out the given values in order, then the last one.
private final class Counter: Sendable {
    private let values: [UInt64]
    private let index = Locked(0)

    init(_ values: [UInt64]) { self.values = values }

    func next() -> UInt64 {
        index.withLock { index in
            defer { index += 1 }
            return values[min(index, values.count - 1)]
        }
    }
}
