import JSONCore

/// How the SDK runs its work (fetches, callbacks, uploads): one job at a time, in the order it was asked for.
public enum WEWorkMode: Sendable, Hashable {
    /// Jobs start on their own as soon as they are queued, like an app's run loop.
    case automatic
    /// Jobs wait until ``WEPersonalization/waitUntilIdle()`` runs them: tests and flows decide exactly when the
    /// network is reached, so that registering and unregistering around a fetch is deterministic.
    case manual
}

/// The SDK's serial job queue. Whoever drains it runs every job in order; others wait until it is empty.
final class WEWorkQueue: Sendable {
    typealias Job = @Sendable () async -> Void

    private struct State {
        var jobs: [Job] = []
        var running = false
        var mode: WEWorkMode
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Locked<State>

    init(mode: WEWorkMode) {
        state = Locked(State(mode: mode))
    }

    var mode: WEWorkMode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    func enqueue(_ job: @escaping Job) {
        let start = state.withLock { state -> Bool in
            state.jobs.append(job)
            return state.mode == .automatic && !state.running
        }
        if start { Task { await self.drain() } }
    }

    /// Runs the queued jobs (and those they queue) until none is left, or waits for the drainer already at it.
    func drain() async {
        let runs = state.withLock { state -> Bool in
            if state.running { return false }
            state.running = true
            return true
        }
        guard runs else {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if !state.running { return true }
                    state.waiters.append(waiter)
                    return false
                }
                if now { waiter.resume() }
            }
            return
        }
        while true {
            let next = state.withLock { state -> (Job?, [CheckedContinuation<Void, Never>]) in
                if state.jobs.isEmpty {
                    state.running = false
                    defer { state.waiters = [] }
                    return (nil, state.waiters)
                }
                return (state.jobs.removeFirst(), [])
            }
            guard let job = next.0 else {
                for waiter in next.1 { waiter.resume() }
                return
            }
            await job()
        }
    }
}
