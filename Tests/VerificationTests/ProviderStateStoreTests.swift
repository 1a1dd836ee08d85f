import FlowCatalog
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import Testing

@testable import Verification

/// `harness verify --state postgres://…`: the provider check over the repository's flows with the simulators' state
/// on a PostgreSQL database, through the engine.
@Suite(
    "Provider check on a PostgreSQL state store",
    .enabled(
        if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.unavailableReason ?? "")))
struct ProviderStateStoreTests {
    /// The engine over the repository's catalog, cassettes, schemas and simulators. A flow may take 120 s, not the
    /// CLI's 30: on CI's two cores, loaded by the whole suite and its PostgreSQL servers, a token grant took over 30 s.
    static func engine(_ catalog: [Flow] = FlowCatalog.all) throws -> FlowEngine {
        let root = try RepositoryRoot.url()
        return FlowEngine(
            catalog: catalog, simulators: SimulatorRegistry.all,
            cassettesRoot: root.appendingPathComponent("Cassettes", isDirectory: true),
            schemasRoot: root.appendingPathComponent("Schemas", isDirectory: true), flowTimeout: .seconds(120))
    }

    /// `body` with a store on a fresh database, closed and dropped afterwards.
    static func withState(_ name: String, _ body: (ProviderStateStore) async throws -> Void) async throws {
        let url = try #require(try await PostgresTestDatabase.fresh(named: name))
        let state = try await ProviderStateStore.open(url: url, simulators: SimulatorRegistry.all)
        do {
            try await body(state)
        } catch {
            await state.close()
            try? await PostgresTestDatabase.drop(url)
            throw error
        }
        await state.close()
        try await PostgresTestDatabase.drop(url)
    }

    @Test("every flow's provider check passes with the simulators on PostgreSQL, which then holds their tables")
    func everyFlowPasses() async throws {
        try await Self.withState("verify_all") { state in
            let report = try await Self.engine().verify(FlowEngine.Options(checks: [.provider], state: state))
            #expect(report.flows.count == FlowCatalog.all.count)
            let failures = report.flows.flatMap { $0.result(.provider)?.failures ?? ["\($0.id): no provider check"] }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
            #expect(report.flows.allSatisfy { $0.result(.provider)?.status == .passed })
            #expect(report.exitStatus == 0)
            // The simulators' migrations ran there, every vendor's.
            let migrated = try await state.store.read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM harness_migrations")
            }
            let vendors = Set(migrated.compactMap { $0.split(separator: ".").first.map(String.init) })
            #expect(vendors == Set(SimulatorRegistry.all.map(\.vendor)), "\(migrated)")
        }
    }

    @Test("a flow's reset and its state happen in the database: a stray row is gone, the flow's subscriber is there")
    func flowStateIsInTheDatabase() async throws {
        let flow = try #require(FlowCatalog.all.first { $0.id == "referralhero/add-subscriber" })
        try await Self.withState("verify_one") { state in
            try await state.store.write(readFirst: false) { db in
                try db.execute(
                    sql: """
                        INSERT INTO referralhero_subscribers (id, campaign, email, code, host, created_at, updated_at)
                        VALUES ('sub_stray', 'MF83c9616aa3', 'stray@example.com', 'stray', 'https://example.com', 1, 1)
                        """)
            }
            let report = try await Self.engine([flow]).verify(FlowEngine.Options(checks: [.provider], state: state))
            let provider = try #require(report.flows.first?.result(.provider))
            #expect(provider.status == .passed, "\(provider.failures)")
            let rows = try await state.store.read { db in
                try StateRow.fetchAll(db, sql: "SELECT id, email, created_at FROM referralhero_subscribers")
            }
            // The cassette's subscriber, created at the recorded time (2026-01-01T00:00:00Z) the replay set.
            #expect(rows.map { $0["id"] as String } == ["sub_000000000001"])
            #expect(rows.map { $0["email"] as String } == ["ada@example.com"])
            #expect(rows.map { $0["created_at"] as Int } == [1_767_225_600])
        }
    }
}

@Suite("Provider check on a shared store: vendor turns")
struct VendorTurnsTests {
    /// How many bodies of one vendor run at once, at most, and of all vendors.
    final class Inside: Sendable {
        private let counts = Locked<(now: [String: Int], most: [String: Int], total: Int, mostTotal: Int)>(
            ([:], [:], 0, 0))

        func enter(_ vendor: String) {
            counts.withLock { counts in
                counts.now[vendor, default: 0] += 1
                counts.total += 1
                counts.most[vendor] = max(counts.most[vendor] ?? 0, counts.now[vendor] ?? 0)
                counts.mostTotal = max(counts.mostTotal, counts.total)
            }
        }

        func leave(_ vendor: String) {
            counts.withLock { counts in
                counts.now[vendor, default: 0] -= 1
                counts.total -= 1
            }
        }

        var most: (perVendor: [String: Int], total: Int) { counts.withLock { ($0.most, $0.mostTotal) } }
    }

    @Test("one vendor's bodies run one at a time, in the order they came; different vendors' at once")
    func oneAtATimePerVendor() async throws {
        let turns = VendorTurns()
        let inside = Inside()
        let order = Locked<[Int]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<24 {
                let vendor = index % 2 == 0 ? "alpha" : "beta"
                group.addTask {
                    try await turns.run(vendor) {
                        inside.enter(vendor)
                        if vendor == "alpha" { order.withLock { $0.append(index) } }
                        try await Task.sleep(for: .milliseconds(2))
                        inside.leave(vendor)
                    }
                }
                // Each task asks for its turn before the next one starts.
                try await Task.sleep(for: .milliseconds(1))
            }
            try await group.waitForAll()
        }
        let most = inside.most
        #expect(most.perVendor == ["alpha": 1, "beta": 1])
        #expect(most.total == 2)
        #expect(order.withLock { $0 } == Array(stride(from: 0, to: 24, by: 2)))
    }

    @Test("a task cancelled while it waits for its turn gives it up without running")
    func cancelledWhileWaiting() async throws {
        let turns = VendorTurns()
        let ran = Locked(false)
        let (holding, held) = AsyncStream.makeStream(of: Void.self)
        let (releasing, release) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await turns.run("alpha") {
                held.yield()
                for await _ in releasing { break }
            }
        }
        for await _ in holding { break }
        let waiter = Task { try await turns.run("alpha") { ran.withLock { $0 = true } } }
        try await Task.sleep(for: .milliseconds(20))
        waiter.cancel()
        release.yield()
        try await holder.value
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(!ran.withLock { $0 })
        // The turn is free again.
        #expect(try await turns.run("alpha") { 7 } == 7)
    }

    @Test("flows start spread over their vendors, each vendor's in catalog order")
    func spread() {
        let vendors = ["a", "a", "a", "a", "b", "b", "c"]
        #expect(ProviderStateStore.spread(vendors) == [0, 4, 1, 6, 2, 5, 3])
        #expect(ProviderStateStore.spread([]) == [])
        let catalog = FlowCatalog.all.map(\.vendor)
        let order = ProviderStateStore.spread(catalog)
        #expect(order.sorted() == Array(catalog.indices))
        for vendor in Set(catalog) {
            let positions = order.filter { catalog[$0] == vendor }
            #expect(positions == positions.sorted())
        }
    }
}
