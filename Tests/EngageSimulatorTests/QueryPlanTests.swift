import Foundation
import GRDB
import Testing

@testable import MockServer
@testable import Simulators

/// The Engage simulator's lookups start at an index that narrows them to the records they answer, so their cost does
/// not grow with the stored data (`harness bench growth` measures it; this holds the plan that makes it so).
@Suite("Engage simulator query plans")
struct QueryPlanTests {
    /// A database with every Engage table and index, as `harness serve` makes it.
    static func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        var migrator = StateMigrator()
        EngageSimulator().registerMigrations(&migrator)
        try SimulatorDatabase(queue).migrate(migrator)
        return queue
    }

    /// SQLite's plan for `sql`, each `?` bound to a placeholder text.
    static func plan(_ sql: String, _ queue: DatabaseQueue) throws -> [String] {
        let placeholders = sql.filter { $0 == "?" }.count
        return try queue.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN " + sql,
                arguments: StatementArguments(Array(repeating: "x", count: placeholders))
            ).map { $0["detail"] as String }
        }
    }

    @Test(
        "Finding recipients by column values starts at the value index, never at the list's recipients",
        arguments: [1, 2, 3])
    func matchingStartsAtTheValue(criteria: Int) throws {
        let plan = try Self.plan(EngageContactStore.matchingSQL(criteria: criteria), try Self.database())
        #expect(plan.first?.contains("USING INDEX engage_recipient_values_by_value") == true, "\(plan)")
        #expect(!plan.contains { $0.contains("engage_recipients_by_list") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
    }

    @Test(
        "Recipients are found by 1 to 9 criteria (look-ups of up to 4 are kept prepared), oldest first",
        arguments: 1...9)
    func matchingByCriteria(count: Int) throws {
        let database = SimulatorDatabase(try Self.database())
        try database.write { db in
            // Recipients 1 and 3 hold every column c0…c8 = v0…v8 (3 in capitals); 2 differs in its last column; 4 is
            // in another list.
            for (id, list) in [(1, "23949"), (2, "23949"), (3, "23949"), (4, "777")] {
                try db.execute(
                    sql: "INSERT INTO engage_recipients VALUES (?, ?, 0, '', '')", arguments: [id, list])
                for column in 0..<9 {
                    let value = id == 2 && column == count - 1 ? "other" : id == 3 ? "V\(column)" : "v\(column)"
                    try db.execute(
                        sql: "INSERT INTO engage_recipient_values VALUES (?, ?, ?)",
                        arguments: [id, "c\(column)", value])
                }
            }
            let criteria = (0..<count).map { (name: "C\($0)", value: "v\($0)") }
            let store = EngageContactStore(db: db, now: Date())
            #expect(try store.matching(listID: "23949", criteria) == [1, 3])
            #expect(try store.matching(listID: "23949", criteria, limit: 1) == [1])
            #expect(try store.matching(listID: "777", criteria) == [4])
            #expect(try EngageMailingSends(db: db, now: Date()).recipient(in: "23949", matching: criteria) == 1)
            // The last criterion of `count` names a value nobody holds.
            let unmatched = Array(criteria.dropFirst()) + [(name: "c0", value: "nobody")]
            #expect(try store.matching(listID: "23949", unmatched).isEmpty)
        }
    }
}

/// ReferralHero's ranking reads the confirmed referrals alone: its cost follows them, not the campaign's size.
@Suite("ReferralHero simulator query plans")
struct ReferralHeroQueryPlanTests {
    @Test("The ranking starts at the confirmed referrals' index and never walks the campaign's subscribers")
    func rankingStartsAtConfirmedReferrals() throws {
        let queue = try DatabaseQueue()
        var migrator = StateMigrator()
        ReferralHeroSimulator().registerMigrations(&migrator)
        try SimulatorDatabase(queue).migrate(migrator)
        let plan = try QueryPlanTests.plan(ReferralHeroRanking.referrersSQL, queue)
        #expect(
            plan.contains {
                $0.contains("USING COVERING INDEX referralhero_subscribers_confirmed (referral_status=?)")
            },
            "\(plan)")
        #expect(!plan.contains { $0.contains("referralhero_subscribers_order") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN referralhero_subscribers") || $0.hasPrefix("SCAN s") }, "\(plan)")
    }
}
