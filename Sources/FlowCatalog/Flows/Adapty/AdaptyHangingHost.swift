import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// A main host that never answers, and a load timeout that expires exactly when it hangs: the flow of "timeout →
/// fallback" without waiting. Requests whose path starts with `hangingPrefix` hang (until cancelled, so nothing is
/// recorded or replayed for them); each hang lets one pending ``sleep(_:)`` return, which the SDK reads as its load
/// timeout. Other requests go through, and their timeout never fires.
final class AdaptyHangingHost: ClientTransport, Sendable {
    private let base: any ClientTransport
    private let hangingPrefix: String
    private let hangs = Locked(Hangs())

    private struct Hangs {
        var unclaimed = 0
        var nextSleeper = 0
        var sleepers: [Int: CheckedContinuation<Void, Never>] = [:]
        var cancelled: Set<Int> = []
    }

    init(_ base: any ClientTransport, hangingPrefix: String) {
        self.base = base
        self.hangingPrefix = hangingPrefix
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let path = baseURL.path + (request.path ?? "")
        guard path.contains(hangingPrefix) else {
            return try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
        }
        let sleeper = hangs.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let first = state.sleepers.keys.min() else {
                state.unclaimed += 1
                return nil
            }
            return state.sleepers.removeValue(forKey: first)
        }
        sleeper?.resume()
        try await Task.sleep(for: .seconds(86_400))
        throw CancellationError()
    }

    /// The SDK's timeout: returns once a request hangs; waits (until cancelled) while none does.
    func sleep(_ seconds: TimeInterval) async throws {
        let id = hangs.withLock { state in
            state.nextSleeper += 1
            return state.nextSleeper
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = hangs.withLock { state -> Bool in
                    if state.cancelled.remove(id) != nil { return true }
                    if state.unclaimed > 0 {
                        state.unclaimed -= 1
                        return true
                    }
                    state.sleepers[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiting = hangs.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let continuation = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return continuation
            }
            waiting?.resume()
        }
        try Task.checkCancellation()
    }
}
