import Foundation

/// Runs blocking `work` (waiting for a process, reading a pipe until it says something, a loop of blocking socket
/// calls, writing and flushing a file to disk) on a thread of its own and returns its result.
///
/// A `Task` or `Task.detached` would run it on Swift's cooperative pool, which has one thread per core: two blocking
/// waits on a 2-core CI machine stall every other test of the run (and the servers they talk to) until they end, and
/// in a server every request with them.
public func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
