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
