public import Foundation
import Synchronization

/// A clock a flow controls: it reads ``FlowContext/epoch`` until the flow advances it, so timestamps in
/// requests are the same every time the flow is recorded. Shared by reference between the flow and its SDKs.
public final class FlowClock: Sendable {
    private let current: Mutex<Date>

    public init(start: Date = FlowContext.epoch) {
        current = Mutex(start)
    }

    /// The current time.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward (for token expiry, session timeouts, event expiry).
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Deterministic UUIDs: `00000000-0000-4000-8000-000000000001`, `…0002`, … in the order they are asked for.
public final class FlowIdentifiers: Sendable {
    private let counter = Mutex(0)

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
