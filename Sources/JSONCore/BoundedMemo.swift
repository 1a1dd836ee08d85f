/// A map shared between threads that holds at most `capacity` entries and starts over empty when a new key finds
/// it full: the store of the server's memos (``MatchMemo``, ``ImmediateMemo``, ``SimulatorReadCache``), whose
/// entries are cheap to work out again and whose keys come from clients.
///
/// With a `budget`, each entry also says what it costs (its bytes, say) and the memo starts over when a new key would
/// take the total past the budget, so many entries can be kept while their total stays bounded.
package final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    package let capacity: Int
    package let budget: Int
    private struct State {
        var entries: [Key: Value] = [:]
        /// The costs of the entries kept, added up (a key kept again adds its cost again: it only ever overstates).
        var spent = 0
    }
    private let state = Locked(State())

    package init(capacity: Int, budget: Int = .max) {
        self.capacity = capacity
        self.budget = budget
    }

    /// The value kept for `key`.
    package subscript(key: Key) -> Value? {
        state.withLock { $0.entries[key] }
    }

    /// Keeps `value` for `key` at `cost`, first emptying the memo when `key` is new and the memo is full or the cost
    /// would take it past its budget. A single entry costing more than the budget is not kept.
    package func keep(_ value: Value, for key: Key, cost: Int = 0) {
        let cost = max(cost, 0)
        guard cost <= budget else { return }
        state.withLock { state in
            if state.entries[key] == nil, state.entries.count >= capacity || cost > budget - state.spent {
                state.entries.removeAll(keepingCapacity: true)
                state.spent = 0
            }
            state.entries[key] = value
            let (spent, overflow) = state.spent.addingReportingOverflow(cost)
            state.spent = overflow ? .max : spent
        }
    }

    /// How many entries are kept.
    package var count: Int { state.withLock { $0.entries.count } }
}
