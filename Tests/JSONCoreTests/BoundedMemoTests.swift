import Foundation
import JSONCore
import Testing

@Suite("BoundedMemo and StableHash")
struct BoundedMemoTests {
    @Test("A memo keeps at most its capacity, starting over when a new key finds it full")
    func capacity() {
        let memo = BoundedMemo<Int, String>(capacity: 3)
        for key in 0..<3 { memo.keep("\(key)", for: key) }
        memo.keep("again", for: 2)
        #expect(memo.count == 3)
        #expect(memo[2] == "again")
        memo.keep("3", for: 3)
        #expect(memo.count == 1)
        #expect(memo[0] == nil && memo[3] == "3")
    }

    @Test("A memo with a budget starts over when a new key would pass it, and never keeps one entry over it")
    func budget() {
        let memo = BoundedMemo<Int, String>(capacity: 100, budget: 100)
        for key in 0..<4 { memo.keep("\(key)", for: key, cost: 25) }
        #expect(memo.count == 4)
        memo.keep("4", for: 4, cost: 1)
        #expect(memo.count == 1)
        #expect(memo[4] == "4" && memo[0] == nil)
        memo.keep("huge", for: 5, cost: 101)
        #expect(memo[5] == nil)
        #expect(memo[4] == "4")
        // Hostile costs neither trap nor let an entry past the budget.
        memo.keep("negative", for: 6, cost: -5)
        memo.keep("max", for: 7, cost: .max)
        #expect(memo[6] == "negative" && memo[7] == nil)
        let unbounded = BoundedMemo<Int, Int>(capacity: 2)
        unbounded.keep(1, for: 1, cost: .max)
        unbounded.keep(1, for: 1, cost: .max)
        unbounded.keep(2, for: 2, cost: .max)
        #expect(unbounded.count == 1 && unbounded[2] == 2)
    }

    @Test("StableHash is FNV-1a 64: its published vectors, in 16 hex digits")
    func stableHash() {
        #expect(StableHash("").hex == "cbf29ce484222325")
        #expect(StableHash("a").hex == "af63dc4c8601ec8c")
        #expect(StableHash("foobar").hex == "85944171f73967e8")
        var parts = StableHash()
        parts.combine("foo".utf8)
        parts.combine(Data("bar".utf8))
        #expect(parts == StableHash("foobar"))
    }
}
