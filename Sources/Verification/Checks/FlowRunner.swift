import FlowCatalog
import Foundation
import JSONCore
import OpenAPIRuntime
import Synchronization

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
    /// Runs `flow` through `transport` with a fresh clock, identifiers and working directory (removed after).
    static func run(
        _ flow: Flow, transport: any ClientTransport, baseURL: URL, clock: FlowClock = FlowClock(), timeout: Duration
    ) async throws -> JSONValue {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("harness-flow-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = FlowContext(
            transport: transport, baseURL: baseURL, clock: clock, identifiers: FlowIdentifiers(),
            workingDirectory: folder)
        return try await withTimeout(timeout, flow: flow.id) { try await flow.run(context) }
    }

    /// The value of `body`, or ``FlowRunError/timedOut(flow:after:)`` once `timeout` passes. The body runs in
    /// its own task, cancelled on timeout; a body that ignores cancellation is abandoned, not awaited, so one
    /// hanging flow never holds up the run.
    static func withTimeout<Value: Sendable>(
        _ timeout: Duration, flow: String, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let gate = Gate(continuation)
            let timer = Task {
                try? await Task.sleep(for: timeout)
                guard !Task.isCancelled else { return }
                gate.finish(.failure(FlowRunError.timedOut(flow: flow, after: timeout)))
            }
            let work = Task {
                do {
                    gate.finish(.success(try await body()))
                } catch {
                    gate.finish(.failure(error))
                }
                timer.cancel()
            }
            gate.setCancel { work.cancel() }
        }
    }

    /// Resumes a continuation once, from whichever side finishes first.
    private final class Gate<Value: Sendable>: Sendable {
        private let state: Mutex<CheckedContinuation<Value, any Error>?>
        private let cancelWork = Mutex<(@Sendable () -> Void)?>(nil)

        init(_ continuation: CheckedContinuation<Value, any Error>) {
            state = Mutex(continuation)
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
