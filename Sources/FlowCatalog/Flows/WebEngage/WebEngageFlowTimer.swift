import Foundation
import JSONCore

/// The clock a WebEngage flow gives its SDK for the campaign timeout: it reads the flow's time, and a sleep waits
/// until the flow's time reaches its deadline (moved by ``advance(by:)`` when a simulated render delay arrives)
/// or its task is cancelled. The flow clock's own sleep returns at once, which would time out every campaign.
final class WebEngageFlowTimer: Clock, Sendable {
    typealias Instant = FlowClock.Instant

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var nextID = 0
        var sleepers: [Sleeper] = []
        var cancelled: Set<Int> = []
    }

    let flowClock: FlowClock
    private let state = Locked(State())

    init(flowClock: FlowClock) {
        self.flowClock = flowClock
    }

    var now: Instant { flowClock.now }
    var minimumResolution: Duration { .zero }

    /// Moves the flow's time on by `seconds` and wakes the sleepers it reaches.
    func advance(by seconds: TimeInterval) {
        flowClock.advance(by: seconds)
        let now = flowClock.now
        let due = state.withLock { state -> [Sleeper] in
            defer { state.sleepers.removeAll { $0.deadline <= now } }
            return state.sleepers.filter { $0.deadline <= now }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let due = state.withLock { state -> Bool? in
                    if state.cancelled.remove(id) != nil { return nil }
                    if deadline <= flowClock.now { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                switch due {
                case nil: continuation.resume(throwing: CancellationError())
                case true?: continuation.resume()
                case false?: break
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
}
