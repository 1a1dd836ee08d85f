public import Foundation
import JSONCore

/// The time of a flow: a `Clock` that reads ``FlowContext/epoch`` until the flow advances it, so timestamps in
/// requests are the same every time the flow is recorded. SDKs take it as their `any Clock<Duration>` and
/// ``date`` as their `now`; a sleep on it returns at once, having moved the flow's time to its deadline (a backoff
/// or a timeout takes no real time while recording). Shared by reference between the flow and its SDKs.
public final class FlowClock: Clock, Sendable {
    /// A point in flow time: the wall time it stands for.
    public struct Instant: InstantProtocol, Sendable {
        public var date: Date

        public func advanced(by duration: Duration) -> Instant {
            let (seconds, attoseconds) = duration.components
            return Instant(date: date.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18))
        }

        public func duration(to other: Instant) -> Duration { .seconds(other.date.timeIntervalSince(date)) }

        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.date < rhs.date }
    }

    private let current: Locked<Date>

    public init(start: Date = FlowContext.epoch) {
        current = Locked(start)
    }

    public var now: Instant { Instant(date: date) }
    public var minimumResolution: Duration { .zero }

    /// The current wall time of the flow.
    public var date: Date { current.withLock { $0 } }

    /// Moves the clock forward (for token expiry, session timeouts, event expiry).
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Returns at once, the flow's time moved to `deadline` when that is later.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline.date) }
    }
}

/// Deterministic UUIDs: `00000000-0000-4000-8000-000000000001`, `…0002`, … in the order they are asked for.
public final class FlowIdentifiers: Sendable {
    private let counter = Locked(0)

    public init() {}

    /// The next identifier.
    public func next() -> UUID {
        let value = counter.withLock { count -> Int in
            count += 1
            return count
        }
        let suffix = String(value, radix: 16)
        let text = "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - suffix.count)) + suffix
        return UUID(uuidString: text)!
    }
}
