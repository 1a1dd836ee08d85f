import JSONCore

/// The time a campaign has to be fetched and its resources loaded: `failureTimeout` + 500 ms from the moment its
/// template is requested, on the core's injected clock. A request still running when the time is up is cancelled
/// and the campaign times out then, whether or not an answer would ever come.
struct WERenderDeadline: Sendable {
    /// The time allowed, in milliseconds.
    let limitMilliseconds: Int
    private let elapsed: @Sendable () -> Duration
    private let sleepPastDeadline: @Sendable () async throws -> Void

    /// What a raced request came to.
    enum Outcome<Value: Sendable>: Sendable {
        case finished(Result<Value, WebEngageError>)
        case timedOut
    }

    /// A deadline `limitMilliseconds` after now on `clock`.
    init(clock: any Clock<Duration>, limitMilliseconds: Int) {
        self.limitMilliseconds = limitMilliseconds
        (elapsed, sleepPastDeadline) = Self.timer(clock, limit: .milliseconds(limitMilliseconds))
    }

    private static func timer<C: Clock<Duration>>(
        _ clock: C, limit: Duration
    ) -> (@Sendable () -> Duration, @Sendable () async throws -> Void) {
        let start = clock.now
        // A campaign that renders at exactly the limit is in time: the timeout is the first instant after it.
        let deadline = start.advanced(by: limit + .nanoseconds(1))
        return ({ start.duration(to: clock.now) }, { try await clock.sleep(until: deadline, tolerance: nil) })
    }

    /// Milliseconds since the start, rounded; a clock that jumps absurdly far still gives a number.
    var elapsedMilliseconds: Int {
        let (seconds, attoseconds) = elapsed().components
        let milliseconds = (Double(seconds) * 1000 + Double(attoseconds) / 1e15).rounded()
        return milliseconds < 1e15 ? Int(max(milliseconds, 0)) : Int.max
    }

    /// Whether more than the limit has passed.
    var isPast: Bool { elapsedMilliseconds > limitMilliseconds }

    /// Runs `operation` until it finishes or the deadline passes, whichever comes first; at the deadline the
    /// operation's task is cancelled and not waited for (a request that never answers cannot hold the SDK).
    func race<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws(WebEngageError) -> Value
    ) async -> Outcome<Value> {
        let race = Race<Value>()
        let sleep = sleepPastDeadline
        return await withCheckedContinuation { continuation in
            race.start(continuation)
            let work = Task {
                do throws(WebEngageError) {
                    race.finish(.finished(.success(try await operation())))
                } catch {
                    race.finish(.finished(.failure(error)))
                }
            }
            let timer = Task {
                do { try await sleep() } catch { return }
                race.finish(.timedOut)
            }
            race.hold([work, timer])
        }
    }

    /// The first outcome of a race, and its two tasks, cancelled once it is known.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Outcome<Value>, Never>?
            var tasks: [Task<Void, Never>] = []
            var finished = false
        }

        private let state = Locked(State())

        func start(_ continuation: CheckedContinuation<Outcome<Value>, Never>) {
            state.withLock { $0.continuation = continuation }
        }

        func hold(_ tasks: [Task<Void, Never>]) {
            let finished = state.withLock { state -> Bool in
                state.tasks = tasks
                return state.finished
            }
            if finished { for task in tasks { task.cancel() } }
        }

        func finish(_ outcome: Outcome<Value>) {
            let (continuation, tasks) = state.withLock { state in
                defer {
                    state.continuation = nil
                    state.finished = true
                }
                return (state.continuation, state.tasks)
            }
            guard let continuation else { return }
            for task in tasks { task.cancel() }
            continuation.resume(returning: outcome)
        }
    }
}
