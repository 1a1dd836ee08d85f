import Dispatch

/// Blocking file work (a cassette written and flushed to disk) run on threads outside Swift's cooperative pool,
/// which has one thread per core: a job waiting on the disk there would keep a core from the other jobs.
enum DiskWork {
    /// A concurrent queue of its own, served by threads beyond the pool's.
    private static let queue = DispatchQueue(label: "harness.disk-work", attributes: .concurrent)

    /// `work`'s result, run on the queue while the caller's task is suspended.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
