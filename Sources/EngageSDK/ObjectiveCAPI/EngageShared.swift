import Foundation
import JSONCore

// The README's Objective-C API as Swift imports it: singletons (`[UBFManager sharedInstance]`), success/failure
// blocks and class methods on `EngageConfig`, over the async API. Calls made through it run one after another in
// the order they were made, like the SDK's own queue, so `storeMobileUserId` followed by `trackEvent` and
// `postEventCache` sees the id.

/// The instance the Objective-C-style singletons use and the queue their calls run on.
enum EngageShared {
    private struct State: Sendable {
        var engage: Engage?
        var tail: Task<Void, Never>?
        var mobileUserID: String?
    }

    private static let state = Locked(State())

    static func install(_ engage: Engage) {
        state.withLock { $0 = State(engage: engage, tail: $0.tail, mobileUserID: nil) }
    }

    /// Runs `operation` after every call made before it, on the shared instance (`nil` before one is installed).
    static func enqueue(_ operation: @escaping @Sendable (Engage?) async -> Void) {
        state.withLock { state in
            let previous = state.tail
            let engage = state.engage
            state.tail = Task {
                await previous?.value
                await operation(engage)
            }
        }
    }

    /// Waits for every call made so far.
    static func idle() async {
        while let tail = state.withLock({ $0.tail }) {
            await tail.value
            let done = state.withLock { state -> Bool in
                guard state.tail == tail else { return false }
                state.tail = nil
                return true
            }
            if done { return }
        }
    }

    /// The mobile user id as last stored or read through the shared API (`EngageConfig.mobileUserId()`).
    static var mobileUserID: String? {
        get { state.withLock { $0.mobileUserID } }
        set { state.withLock { $0.mobileUserID = newValue } }
    }

    /// What a call made before `initializeSDKClient` fails with.
    static let notInitialized = EngageError.configuration(
        source: "EngageSDK",
        detail: "no shared instance: call Engage.initializeSDKClient(...) in your app delegate first")
}

extension Engage {
    /// Makes `engage` the instance behind the Objective-C-style singletons (``UBFManager/sharedInstance()``,
    /// ``XMLAPIManager/sharedInstance()``, ``MobileIdentityManager/sharedInstance()``, `EngageConfig`'s class
    /// methods). ``initializeSDKClient(clientID:secret:token:host:engageDatabaseListID:transport:storage:reachability:)``
    /// does it.
    public static func makeShared(_ engage: Engage) {
        EngageShared.install(engage)
    }

    /// Waits until every call made through the Objective-C-style API so far has finished and called its blocks.
    public static func waitForSharedCalls() async {
        await EngageShared.idle()
    }
}

/// `ResultDictionary`, the README's name for an XMLAPI answer (`ERXML` in its samples).
public typealias ResultDictionary = XMLAPIResult

extension EngageConfig {
    /// `[EngageConfig storeMobileUserId:]`: stores the id Universal Behaviors reads (the README's "VERY
    /// IMPORTANT" step after identifying a user). `nil` or empty is ignored.
    public static func storeMobileUserId(_ mobileUserId: String?) {
        guard let mobileUserId, !mobileUserId.isEmpty else { return }
        EngageShared.mobileUserID = mobileUserId
        EngageShared.enqueue { engage in try? await engage?.identity.setMobileUserID(mobileUserId) }
    }

    /// `[EngageConfig mobileUserId]`: the id stored through ``storeMobileUserId(_:)`` or found by a shared call.
    public static func mobileUserId() -> String? { EngageShared.mobileUserID }

    /// `[EngageConfig primaryUserId]`: the README's merge samples use the mobile user id as the primary user id.
    public static func primaryUserId() -> String? { EngageShared.mobileUserID }
}
