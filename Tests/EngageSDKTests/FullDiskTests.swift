import Foundation
import HarnessTesting
import Testing

@testable import EngageSDK

@Suite(
    "EngageEventStore on a full disk",
    .enabled(if: SmallFileSystem.isAvailable, Comment(rawValue: SmallFileSystem.unavailableReason ?? "")))
struct EventStoreFullDiskTests {
    /// `count` events of about `bytes` bytes each, ids `<prefix>-1`….
    func events(_ count: Int, prefix: String, bytes: Int = 64) -> [UBFEvent] {
        (1...count).map { index in
            UBFEvent(
                id: "\(prefix)-\(index)", type: .namedEvent, timestamp: Date(timeIntervalSince1970: 1_700_000_000),
                attributes: [UBFAttribute("Event Name", String(repeating: "n", count: bytes))])
        }
    }

    @Test(
        "An append on a full disk names the file; stored events stay, integrity_check is ok, appends resume")
    func append() async throws {
        try await withSmallFileSystem(kibibytes: 1024) { disk in
            let url = EngageStorage.databaseURL(in: disk.url)
            let store = try EngageEventStore(storage: .file(url))
            try await store.append(events(20, prefix: "before"), status: .notPosted)

            try disk.fill()
            let large = events(200, prefix: "during", bytes: 2048)
            let error = await #expect(throws: EngageError.self) { try await store.append(large, status: .notPosted) }
            #expect(error == .storeFull(operation: "append", file: url.path))
            let expected = "cannot write \(url.path): no space left on device (SQLITE_FULL)"
            #expect(error?.description.contains(expected) == true)
            #expect(try await store.count() == 20, "the failed append stored nothing and lost nothing")
            #expect(try await store.pragma("integrity_check") == "ok")

            disk.free()
            let stored = try await store.append(large, status: .notPosted)
            #expect(stored.count == 200)
            let all = try await store.events()
            #expect(all.map(\.eventID) == events(20, prefix: "before").map(\.id) + large.map(\.id))
            #expect(try await store.pragma("integrity_check") == "ok")
        }
    }

    @Test("A state value that cannot be written on a full disk keeps its stored value, in memory as in the file")
    func state() async throws {
        try await withSmallFileSystem(kibibytes: 1024) { disk in
            let url = EngageStorage.databaseURL(in: disk.url)
            let store = try EngageEventStore(storage: .file(url))
            let database = await store.database
            let state = try EngageStateStore(database: database)
            try await state.set("first", for: .mobileUserID)

            try disk.fill()
            let error = await #expect(throws: EngageError.self) {
                try await state.set(String(repeating: "m", count: 256 * 1024), for: .mobileUserID)
            }
            let operation = "write state \(EngageStateStore.Key.mobileUserID.rawValue)"
            #expect(error == .storeFull(operation: operation, file: url.path))
            #expect(await state.value(.mobileUserID) == "first")

            disk.free()
            try await state.set("second", for: .mobileUserID)
            let reread = try EngageStateStore(database: database)
            #expect(await reread.value(.mobileUserID) == "second", "the value read back from the file")
        }
    }
}
