import FlowCatalog
import Foundation
import JSONCore
import OpenAPIRuntime

/// Why a flow did not produce an outcome.
public enum FlowRunError: Error, Sendable, CustomStringConvertible {
    /// The flow did not finish within the per-flow timeout (`--flow-timeout`).
    case timedOut(flow: String, after: Duration)

    public var description: String {
        switch self {
        case .timedOut(let flow, let after):
            "flow \(flow) did not finish within \(after) (--flow-timeout); it hangs or waits "
                + "for a response that never comes"
        }
    }
}

/// Runs flows with a fresh context and a timeout.
enum FlowRunner {
    /// Runs `flow` through `transport` with a fresh clock, identifiers and working directory (made when the flow
    /// first uses it, removed after).
    static func run(
        _ flow: Flow, transport: any ClientTransport, baseURL: URL, clock: FlowClock = FlowClock(), timeout: Duration
    ) async throws -> JSONValue {
        let folder = FlowFolder.temporary(prefix: "harness-flow-")
        defer { folder.removeIfMade() }
        let context = FlowContext(
            transport: transport, baseURL: baseURL, clock: clock, identifiers: FlowIdentifiers(), folder: folder)
        return try await withTimeout(timeout, flow: flow.id) { try await flow.run(context) }
    }

    /// The value of `body`, or ``FlowRunError/timedOut(flow:after:)`` once `timeout` passes. The body runs in
    /// its own task, cancelled on timeout; a body that ignores cancellation is abandoned, not awaited, so one
    /// hanging flow never holds up the run. The deadline is kept by ``FlowDeadlines``, not by a timer of its own.
    static func withTimeout<Value: Sendable>(
        _ timeout: Duration, flow: String, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let gate = Gate(continuation)
            let deadline = FlowDeadlines.shared.watch(after: timeout) {
                gate.finish(.failure(FlowRunError.timedOut(flow: flow, after: timeout)))
            }
            let work = Task {
                do {
                    gate.finish(.success(try await body()))
                } catch {
                    gate.finish(.failure(error))
                }
                FlowDeadlines.shared.forget(deadline)
            }
            gate.setCancel { work.cancel() }
        }
    }

    /// Resumes a continuation once, from whichever side finishes first.
    private final class Gate<Value: Sendable>: Sendable {
        private let state: Locked<CheckedContinuation<Value, any Error>?>
        private let cancelWork = Locked<(@Sendable () -> Void)?>(nil)

        init(_ continuation: CheckedContinuation<Value, any Error>) {
            state = Locked(continuation)
        }

        func setCancel(_ cancel: @escaping @Sendable () -> Void) {
            cancelWork.withLock { $0 = cancel }
        }

        func finish(_ result: Result<Value, any Error>) {
            guard
                let continuation = state.withLock({ state -> CheckedContinuation<Value, any Error>? in
                    defer { state = nil }
                    return state
                })
            else { return }
            if case .failure(let error) = result, error is FlowRunError { cancelWork.withLock { $0 }?() }
            continuation.resume(with: result)
        }
    }
}

/// The deadlines of every running flow and check, kept by one sleeping task for the process instead of a timer
/// task per check: starting, arming and cancelling that timer for each of thousands of checks cost more CPU than
/// some of the checks (`harness bench verify`).
///
/// The watcher sleeps until the earliest deadline it knows, expires what is due and sleeps again until the next;
/// it ends when none is left. A deadline earlier than the one it sleeps towards (a shorter timeout) replaces it
/// with a watcher that wakes in time. A forgotten deadline is only dropped: the watcher may wake for it, find
/// nothing due and sleep on.
final class FlowDeadlines: Sendable {
    static let shared = FlowDeadlines()

    /// What is waited for; ids identify deadlines (``watch(after:_:)``) and watchers.
    private struct State {
        var pending: [UInt64: Pending] = [:]
        var nextID: UInt64 = 0
        var watcher: (id: UInt64, task: Task<Void, Never>, wakesAt: ContinuousClock.Instant)?

        mutating func newID() -> UInt64 {
            defer { nextID &+= 1 }
            return nextID
        }
    }

    private struct Pending {
        let deadline: ContinuousClock.Instant
        let expire: @Sendable () -> Void
    }

    /// Timeouts are capped at a year, so that no deadline overflows the clock.
    static let longest = Duration.seconds(365 * 86_400)

    private let state = Locked(State())

    /// Calls `expire` once `timeout` has passed, unless ``forget(_:)`` is called first.
    /// - Returns: the deadline's id for ``forget(_:)``.
    func watch(after timeout: Duration, _ expire: @escaping @Sendable () -> Void) -> UInt64 {
        let deadline = ContinuousClock.now.advanced(by: min(max(timeout, .zero), Self.longest))
        return state.withLock { state in
            let id = state.newID()
            state.pending[id] = Pending(deadline: deadline, expire: expire)
            if state.watcher.map({ deadline < $0.wakesAt }) ?? true {
                state.watcher?.task.cancel()
                let watcher = state.newID()
                state.watcher = (watcher, startWatcher(watcher, wakingAt: deadline), deadline)
            }
            return id
        }
    }

    /// Drops a deadline whose work has finished.
    func forget(_ id: UInt64) {
        state.withLock { _ = $0.pending.removeValue(forKey: id) }
    }

    /// How many deadlines are watched (for tests).
    var count: Int { state.withLock { $0.pending.count } }

    private func startWatcher(_ id: UInt64, wakingAt first: ContinuousClock.Instant) -> Task<Void, Never> {
        Task.detached { [self] in
            var wakeAt = first
            while true {
                try? await Task.sleep(until: wakeAt, clock: .continuous)
                let step = state.withLock { state -> (due: [Pending], next: ContinuousClock.Instant?)? in
                    // Replaced by a watcher waking earlier: that one carries on.
                    guard state.watcher?.id == id else { return nil }
                    let now = ContinuousClock.now
                    let due = state.pending.filter { $0.value.deadline <= now }
                    for key in due.keys { state.pending[key] = nil }
                    let next = state.pending.values.map(\.deadline).min()
                    if let next { state.watcher?.wakesAt = next } else { state.watcher = nil }
                    return (Array(due.values), next)
                }
                guard let step else { return }
                for pending in step.due { pending.expire() }
                guard let next = step.next else { return }
                wakeAt = next
            }
        }
    }
}
