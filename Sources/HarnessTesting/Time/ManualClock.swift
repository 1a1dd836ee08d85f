public import Foundation
import JSONCore

/// A `Clock` for tests whose time moves only when the test says so: ``advance(by:)`` moves it, and a
/// `sleep(until:)` resumes once the clock has been advanced to its deadline (or throws `CancellationError` when
/// its task is cancelled first). Pass it where code takes `any Clock<Duration>`, and ``date`` where it takes a
/// `now: () -> Date` wall-time source, so the two agree. Made with `advancesOnSleep: true`, a sleep instead moves
/// the clock to its deadline and returns at once (the test told it so up front): for code whose waits the test does
/// not script one by one, such as a backoff behind a refused token.
///
/// ```swift
/// let clock = ManualClock()
/// async let token = provider.token()       // backs off: sleeps 1 s
/// await clock.advanceToNextSleep()         // the test moves time to the sleeper's deadline
/// _ = try await token
/// #expect(clock.sleeps == [.seconds(1)])
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point on the clock: the time elapsed since the clock was made.
    public struct Instant: InstantProtocol, Sendable {
        /// The time elapsed since the clock was made.
        public var offset: Duration

        /// The instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// This instant moved by `duration`.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other` (negative when `other` is earlier).
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Sleeper] = []
        var cancelled: Set<Int> = []
        var sleeps: [Duration] = []
        var waitingForSleeper: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())
    /// The wall time at the clock's start.
    public let start: Date
    /// Whether a sleep moves the clock to its deadline at once instead of waiting for ``advance(by:)``.
    public let advancesOnSleep: Bool

    /// A clock at `start` (wall time), 2026-01-01T00:00:00Z unless given.
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600), advancesOnSleep: Bool = false) {
        self.start = start
        self.advancesOnSleep = advancesOnSleep
    }

    /// The current instant: moves only by ``advance(by:)`` (or a sleep with ``advancesOnSleep``).
    public var now: Instant { state.withLock { $0.now } }
    /// Zero: the clock moves by exactly what it is told.
    public var minimumResolution: Duration { .zero }

    /// The wall time now: ``start`` plus the time advanced.
    public var date: Date {
        let (seconds, attoseconds) = now.offset.components
        return start.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Every sleep asked for, in order, as the duration from the time it was asked to its deadline.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// Suspends until the clock reaches `deadline` (at once with ``advancesOnSleep``); throws `CancellationError`
    /// when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        if advancesOnSleep {
            let due = state.withLock { state -> [Sleeper] in
                state.sleeps.append(state.now.duration(to: deadline))
                if state.now < deadline { state.now = deadline }
                return Self.takeDue(&state)
            }
            for sleeper in due { sleeper.continuation.resume() }
            return
        }
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (due, waiting) = state.withLock { state -> (Bool?, [CheckedContinuation<Void, Never>]) in
                    state.sleeps.append(state.now.duration(to: deadline))
                    if state.cancelled.remove(id) != nil { return (nil, []) }
                    if deadline <= state.now { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    defer { state.waitingForSleeper = [] }
                    return (false, state.waitingForSleeper)
                }
                switch due {
                case nil: continuation.resume(throwing: CancellationError())
                case true?: continuation.resume()
                case false?: for waiter in waiting { waiter.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration` and wakes the sleepers whose deadline it reaches.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            return Self.takeDue(&state)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits until some task sleeps on this clock, then moves the clock to the earliest deadline and wakes the
    /// sleepers due by then. A test calls it once for each sleep it expects the code to make.
    public func advanceToNextSleep() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.sleepers.isEmpty { state.waitingForSleeper.append(continuation) }
                return !state.sleepers.isEmpty
            }
            if ready { continuation.resume() }
        }
        let due = state.withLock { state -> [Sleeper] in
            if let earliest = state.sleepers.map(\.deadline).min(), state.now < earliest { state.now = earliest }
            return Self.takeDue(&state)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    private static func takeDue(_ state: inout State) -> [Sleeper] {
        let now = state.now
        let due = state.sleepers.filter { $0.deadline <= now }
        state.sleepers.removeAll { $0.deadline <= now }
        return due
    }
}
