import EngageSDK
import Foundation
import HarnessTesting

/// Builds an SDK wired to a fake server, a manual clock and counting identifiers. Events carry `eventId` by default
/// here (``Engage/Options/sendsEventIDs``), as the fake server tracks them by it. No location provider unless the
/// test passes one, so events are not held for a location on any platform.
struct EngageFixture {
    let server: FakeEngageServer
    let clock: ManualClock
    let recorder = EngageNotificationRecorder()
    let engage: Engage

    init(
        mobileUserID: String? = EngageFixture.mobileUserID, server: FakeEngageServer = FakeEngageServer(),
        clock: ManualClock = ManualClock(start: EngageFixture.start, advancesOnSleep: true),
        storage: EngageStorage = .inMemory, configure: (inout EngageConfig) -> Void = { _ in },
        plugins: [UBFAugmentationPlugin] = [], maxEventsPerPost: Int = 1000,
        sendsEventIDs: Bool = true, reachability: EngageReachability = .none,
        locationProvider: EngageLocationProvider? = nil, generators: [String: any EngageUUIDGenerating] = [:]
    ) async throws {
        var config = try EngageConfig.defaults()
        configure(&config)
        self.server = server
        self.clock = clock
        var options =
            Engage.Options(
                credentials: EngageCredentials(clientID: "client", clientSecret: "secret", refreshToken: "refresh"),
                host: "https://engage.test/", listID: "23949", transport: server, storage: storage, config: config,
                clock: clock, now: { clock.date }, identifiers: CountingIdentifiers().generator,
                device: DeviceInfo(
                    deviceName: "Test Device", deviceVersion: "x86_64", osName: "Linux", osVersion: "6.1.0",
                    appName: "ContractHarness", appVersion: "1.0"),
                augmentationPlugins: plugins, delegate: recorder, maxEventsPerPost: maxEventsPerPost,
                reachability: reachability, generators: generators, locationProvider: locationProvider)
        options.sendsEventIDs = sendsEventIDs
        engage = try Engage(options)
        if let mobileUserID { try await engage.identity.setMobileUserID(mobileUserID) }
    }

    /// The user the fixture's app has identified (stored before anything is tracked: events wait for an identity).
    static let mobileUserID = "test-user-0001"

    /// The wall time the fixture's clock starts at.
    static let start = Date(timeIntervalSince1970: 1_402_358_400)
}
