import JSONCore

/// A value that arrives once, possibly before anyone waits for it: the server's endpoints once bound, an
/// upstream response head once received. Later resolutions are ignored.
final class OneShot<Value: Sendable>: Sendable {
    private let state = Locked<(result: Result<Value, any Error>?, waiter: CheckedContinuation<Value, any Error>?)>(
        (nil, nil))

    func resolve(_ result: Result<Value, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }

    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let result = state.withLock { state -> Result<Value, any Error>? in
                if state.result == nil { state.waiter = continuation }
                return state.result
            }
            if let result { continuation.resume(with: result) }
        }
    }
}
