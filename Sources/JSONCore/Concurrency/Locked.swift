#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value shared between threads behind a lock: the project's one lock type, for small shared state.
///
/// `Synchronization.Mutex` has the same shape, but two facts on Linux decide against it here:
/// - ThreadSanitizer cannot see it. A contended `Mutex` is taken inside the uninstrumented
///   `libswiftSynchronization.so` through a priority-inheriting futex, so TSan misses the hand-over and reports every
///   access under the lock as a race (four threads adding 10,000 times under `Mutex.withLock` reach exactly 40,000
///   and still get a "Swift access race"). TSan intercepts `pthread_mutex_lock`, so it sees this lock.
/// - Under contention the futex hand-over goes through the kernel every time (swiftlang/swift#88440 measures it
///   hundreds of times slower than a pthread mutex), and the server's journal and memos are contended.
///
/// The value is only reachable inside ``withLock(_:)``, as with `Mutex`.
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private nonisolated(unsafe) var value: Value

    public init(_ value: consuming sending Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` must not call back into the same lock.
    public func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
