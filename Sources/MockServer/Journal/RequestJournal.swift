import Synchronization

/// Every request the server saw, oldest first, up to `capacity` (the oldest are dropped beyond it).
public final class RequestJournal: Sendable {
    private struct State {
        var entries: [JournalEntry] = []
        var start = 0
        var nextSequence = 1
    }

    /// The most entries kept; beyond it the oldest are dropped.
    public let capacity: Int
    private let state = Mutex(State())

    /// The journal size of `harness serve` unless `--journal-size` says otherwise: 10,000 requests.
    public static let defaultCapacity = 10_000

    /// A journal keeping the newest `capacity` requests (at least one, whatever `capacity` says).
    package init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// Appends an entry, numbering it, and returns the number.
    @discardableResult
    package func append(_ entry: JournalEntry) -> Int {
        state.withLock { state in
            var entry = entry
            entry.sequence = state.nextSequence
            state.nextSequence += 1
            if state.entries.count < capacity {
                state.entries.append(entry)
            } else {
                state.entries[state.start] = entry
                state.start = (state.start + 1) % capacity
            }
            return entry.sequence
        }
    }

    /// The entries matching `filter`, oldest first.
    public func entries(matching filter: JournalFilter = JournalFilter()) -> [JournalEntry] {
        state.withLock { state in
            let ordered = state.entries[state.start...] + state.entries[..<state.start]
            return ordered.filter(filter.matches)
        }
    }

    /// Forgets every entry; numbering starts again at 1.
    public func clear() {
        state.withLock { $0 = State() }
    }
}
