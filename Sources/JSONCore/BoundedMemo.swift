/// A map shared between threads that holds at most `capacity` entries and starts over empty when a new key finds
/// it full: the store of the server's memos (``MatchMemo``, ``ImmediateMemo``, ``SimulatorReadCache``), whose
/// entries are cheap to work out again and whose keys come from clients.
package final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    package let capacity: Int
    private let entries = Locked<[Key: Value]>([:])

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value kept for `key`.
    package subscript(key: Key) -> Value? {
        entries.withLock { $0[key] }
    }

    /// Keeps `value` for `key`, first emptying the memo when it is full and `key` is new.
    package func keep(_ value: Value, for key: Key) {
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }

    /// How many entries are kept.
    package var count: Int { entries.withLock { $0.count } }
}
