import EngageSDK
import Foundation
import Testing

/// Input → expected output facts from the public Engage iOS SDK's `EngageSDKTests/EngageLocalEventStoreTests.m` and
/// `UBFClientTests.m` (`Silverpop/mobile-connector-sdk-ios`), carried over as our own tests of ``EngageEventStore``.
///
/// One disagrees with the README and we follow the README: `testDeletingExpiredEventsFromCoreDataDB` purges
/// NOT_POSTED events older than 30 days, while the README says local events "are durable under all circumstances
/// other than the application being deleted from the device or the SDK user deleting them" and that SUCCESSFULLY_POSTED
/// events are the ones "purged after the configurable amount of time" (`x-sdk-choices` in
/// `Schemas/engage/engage.openapi.yaml`).
@Suite("Engage iOS SDK facts: local event store")
struct VendorLocalEventStoreFactsTests {
    static let now = EngageFixture.start

    /// The iOS tests' sample events: installed, goal abandoned, named event, session ended.
    static func sampleEvents(at date: Date = now, prefix: String = "e") throws -> [UBFEvent] {
        let builder = UBFEventBuilder(
            device: DeviceInfo(
                deviceName: "", deviceVersion: "x86_64", osName: "Linux", osVersion: "6.1", appName: "Demo",
                appVersion: "1"),
            identity: UBFIdentity(deviceID: "D"), fieldNames: try EngageConfig.defaults().ubfFieldNames,
            identifiers: CountingIdentifiers(prefix: prefix).generator)
        return [
            builder.installed(at: date, lastCampaign: ""),
            builder.goalAbandoned("", at: date, campaign: ""),
            builder.namedEvent("", at: date, campaign: ""),
            builder.sessionEnded(at: date, campaign: "", duration: nil),
        ]
    }

    @Test("A saved event is found by its identifier, counted by type, and gone once deleted")
    func findCountDelete() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        #expect(try await store.count() == 0)
        let installed = try #require(try Self.sampleEvents().first)
        let ids = try await store.append([installed], status: .notPosted)
        #expect(ids == [installed.id])
        let found = try #require(try await store.event(id: installed.id))
        #expect(found.status == .notPosted && found.eventTypeCode == 12)
        #expect(try await store.count() == 1)
        #expect(try await store.events().filter { $0.eventTypeCode == 12 }.count == 1)
        #expect(try await store.deleteEvents(ids: [installed.id]) == 1)
        #expect(try await store.event(id: installed.id) == nil)
    }

    @Test("Of the four sample events saved NOT_POSTED, one is Installed (12) and all four are unposted")
    func countsByTypeAndUnposted() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        try await store.append(try Self.sampleEvents(), status: .notPosted)
        #expect(try await store.events().filter { $0.eventTypeCode == 12 }.count == 1)
        #expect(try await store.count([.notPosted]) == 4)
        #expect(try await store.readyCount() == 4)
    }

    @Test("Marking three of the four unposted events posted leaves one unposted")
    func threePosted() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        try await store.append(try Self.sampleEvents(), status: .notPosted)
        let claim = try #require(try await store.claimPostable(limit: 3))
        try await store.markPosted(claim)
        #expect(try await store.events([.notPosted]).count == 1)
        #expect(try await store.count([.successfullyPosted]) == 3)
    }

    @Test("Events 31 days old are purged when posted and kept when unposted (the README over the iOS test)")
    func purgeThirtyOneDaysOld() async throws {
        let store = try EngageEventStore(storage: .inMemory)
        let old = Self.now.addingTimeInterval(-31 * 86_400)
        try await store.append(try Self.sampleEvents(at: old, prefix: "unposted"), status: .notPosted)
        try await store.append(try Self.sampleEvents(at: old, prefix: "posted"), status: .successfullyPosted)
        let removed = try await store.purge(olderThanDays: 30, now: Self.now)
        #expect(removed == 4)
        let left = try await store.events()
        #expect(left.count == 4 && left.allSatisfy { $0.status == .notPosted })
    }
}
