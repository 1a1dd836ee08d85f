public import Foundation

/// Where EngageSDK reads the time and how it waits: token expiry, backoff, sessions, campaign expiry,
/// augmentation timeouts and event timestamps all go through one injected value, so tests never sleep.
public struct EngageClock: Sendable {
    /// The current wall-clock time.
    public var now: @Sendable () -> Date
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system clock and `Task.sleep`.
    public static let system = EngageClock(
        now: { Date() },
        sleep: { duration in try await Task.sleep(for: duration) }
    )

    /// A clock built from two closures (tests pass a manual clock here).
    public static func custom(
        now: @escaping @Sendable () -> Date,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) -> EngageClock {
        EngageClock(now: now, sleep: sleep)
    }
}

/// Makes the identifiers EngageSDK needs: mobile user ids, audit record ids and event identities.
public struct IdentifierGenerator: Sendable {
    public var next: @Sendable () -> String

    public init(_ next: @escaping @Sendable () -> String) {
        self.next = next
    }

    /// Upper-case random (version 4) UUID strings, as the shipped `EngageDefaultUUIDGenerator` makes them. The
    /// bytes come from the system's random number generator directly (Foundation's `UUID()` opens
    /// `/dev/urandom` on every call on Linux).
    public static let uuid = IdentifierGenerator {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
            return UUID(uuid: raw.load(as: uuid_t.self)).uuidString
        }
    }

    /// Identifiers from a closure (tests pass a counter here).
    public static func custom(_ next: @escaping @Sendable () -> String) -> IdentifierGenerator {
        IdentifierGenerator(next)
    }
}

extension Duration {
    /// The duration in (fractional) seconds.
    var engageSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
