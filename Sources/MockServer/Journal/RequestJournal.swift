import JSONCore

/// Every request the server saw, oldest first, up to `capacity` entries and `byteCapacity` bytes of headers and
/// bodies (the oldest are dropped beyond either, and counted in ``dropped``). Subscribers (the inspector's live
/// stream) are given each new entry.
public final class RequestJournal: Sendable {
    private struct State {
        var entries: [JournalEntry] = []
        var start = 0
        var bytes = 0
        var nextSequence = 1
        var dropped = 0
        var subscribers: [Int: AsyncStream<JournalEntry>.Continuation] = [:]
        var nextSubscriber = 0

        var count: Int { entries.count - start }

        mutating func dropOldest() {
            bytes -= entries[start].size
            start += 1
            dropped += 1
            if start > 1024, start * 2 > entries.count {
                entries.removeFirst(start)
                start = 0
            }
        }
    }

    /// The most entries kept; beyond it the oldest are dropped.
    public let capacity: Int
    /// The most bytes of headers and bodies kept; beyond it the oldest entries are dropped (the newest is kept).
    public let byteCapacity: Int
    private let state = Locked(State())

    /// The journal size of `harness serve` unless `--journal-size` says otherwise: 10,000 requests.
    public static let defaultCapacity = 10_000
    /// The journal's byte bound unless `--journal-bytes` says otherwise: 64 MiB.
    public static let defaultByteCapacity = 64 << 20

    /// A journal keeping the newest `capacity` requests and `byteCapacity` bytes (at least one entry, whatever
    /// they say).
    package init(capacity: Int = defaultCapacity, byteCapacity: Int = defaultByteCapacity) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(0, byteCapacity)
    }

    /// Takes the next sequence number, for an entry whose number must be known before it is appended (the
    /// `X-Harness-Contract` header names it).
    package func reserveSequence() -> Int {
        state.withLock { state in
            defer { state.nextSequence += 1 }
            return state.nextSequence
        }
    }

    /// Appends an entry, numbering it unless it holds a reserved number, and returns the number.
    @discardableResult
    package func append(_ entry: JournalEntry) -> Int {
        state.withLock { state in
            var entry = entry
            if entry.sequence <= 0 {
                entry.sequence = state.nextSequence
                state.nextSequence += 1
            }
            let size = entry.size
            while state.count > 0, state.count >= capacity || state.bytes + size > byteCapacity {
                state.dropOldest()
            }
            state.entries.append(entry)
            state.bytes += size
            for continuation in state.subscribers.values { continuation.yield(entry) }
            return entry.sequence
        }
    }

    /// The entries matching `filter`, oldest first.
    public func entries(matching filter: JournalFilter = JournalFilter()) -> [JournalEntry] {
        state.withLock { state in state.entries[state.start...].filter(filter.matches) }
    }

    /// The entry numbered `sequence`, while it is kept.
    public func entry(_ sequence: Int) -> JournalEntry? {
        state.withLock { state in
            state.entries[state.start...].first { $0.sequence == sequence }
        }
    }

    /// How many entries were dropped to keep the bounds since the journal was created or cleared.
    public var dropped: Int { state.withLock { $0.dropped } }

    /// The bytes of headers and bodies kept now.
    public var bytes: Int { state.withLock { $0.bytes } }

    /// New entries as they are appended, until the stream is no longer iterated.
    public func subscribe() -> AsyncStream<JournalEntry> {
        let (stream, continuation) = AsyncStream<JournalEntry>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        let id = state.withLock { state in
            let id = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Ends every subscriber's stream (the server is shutting down).
    package func finishSubscribers() {
        let subscribers = state.withLock { state in
            defer { state.subscribers = [:] }
            return state.subscribers.values
        }
        for continuation in subscribers { continuation.finish() }
    }

    /// Forgets every entry; numbering starts again at 1. Subscribers stay.
    public func clear() {
        state.withLock { state in
            let subscribers = state.subscribers
            let next = state.nextSubscriber
            state = State()
            state.subscribers = subscribers
            state.nextSubscriber = next
        }
    }
}
