import JSONCore

/// Tells the SDK when the network comes back, so that events queued while offline are posted without the app
/// calling anything (the README: the UBFManager "transparently handles network reachability").
///
/// An app passes the changes its platform reports (`NWPathMonitor` on Apple platforms, a connectivity manager on
/// Android-like stacks); tests pass their own. With ``none`` the SDK still posts on the next trigger (the cache
/// size, ``UBFManager/postEventCache()``, a token obtained, the next start).
public struct EngageReachability: Sendable {
    /// `true` each time the network becomes reachable, `false` when it is lost.
    public var changes: AsyncStream<Bool>

    /// A signal from `changes`.
    public init(changes: AsyncStream<Bool>) {
        self.changes = changes
    }

    /// No signal.
    public static var none: EngageReachability { EngageReachability(changes: AsyncStream { $0.finish() }) }

    /// A signal the caller drives: yield `true` on the continuation when the network is back.
    public static func makeSignal() -> (reachability: EngageReachability, continuation: AsyncStream<Bool>.Continuation)
    {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
        return (EngageReachability(changes: stream), continuation)
    }
}

/// Wakes the UBF manager when what blocked posting is over (a token was obtained). Set once by ``Engage``.
final class FlushWakeup: Sendable {
    private let action = Locked<(@Sendable () -> Void)?>(nil)

    func set(_ action: @escaping @Sendable () -> Void) {
        self.action.withLock { $0 = action }
    }

    func fire() {
        action.withLock { $0 }?()
    }
}
