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

    package init(capacity: Int = 100_000) {
        precondition(capacity > 0, "a journal keeps at least one entry")
        self.capacity = capacity
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
