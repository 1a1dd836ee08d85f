import Foundation
import Logging
import MockServer
import Simulators
import Testing

/// The PostgreSQL run of the simulator suites copies a database per test; the sweep drops old copies nobody uses, so
/// runs do not fill the server's disk, and leaves alone what it must not drop.
@Suite("TestTemplates sweep")
struct TestTemplatesSweepTests {
    @Test("a copy's creation time is read from its name; any other name is no copy")
    func creationTime() {
        #expect(TestTemplates.creationTime(of: "harness_copy_1700000000_0badf00d_referralhero") == 1_700_000_000)
        #expect(TestTemplates.creationTime(of: "harness_copy_1700000000_0badf00d_adapty_walkme") == 1_700_000_000)
        let others = [
            "postgres", "harness_team", "harness_copy_", "harness_copy_x_0badf00d_a", "harness_copy_1_0badf00_a",
            "harness_copy_1_0badf00g_a", "harness_copy_1_0badf00d", "harness_copy_1_0badf00d_a;b",
            "harness_copy_99999999999999999999999_0badf00d_a", "harness_copy_-5_0badf00d_a",
            "harness_copy_1_0badf00d_a\"b", "HARNESS_COPY_1_0badf00d_a", "template_harness_copy_1_0badf00d_a",
            "harness_copy_１_0badf00d_a", "harness_copy_1_０badf00d_a", "harness_copy_1_0badf00d_é",
        ]
        for name in others {
            #expect(TestTemplates.creationTime(of: name) == nil, "\(name)")
        }
    }

    @Test(
        "a sweep drops old copies nobody is connected to, and keeps new copies, copies in use and other databases",
        .enabled(
            if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.unavailableReason ?? "")))
    func sweep() async throws {
        let server = try #require(PostgresTestDatabase.serverURL)
        let marker = UInt32.random(in: 0...UInt32.max)
        let old = "\(TestTemplates.copyPrefix)1000000000_\(hex(marker))_sweep_old"
        let busy = "\(TestTemplates.copyPrefix)1000000000_\(hex(marker &+ 1))_sweep_busy"
        // Named an hour ahead: on a loaded run more than `sweepAge` can pass before the sweep below, and a copy made
        // now would then be old to this sweep or to a neighbour's.
        let new = "\(TestTemplates.copyPrefix)\(Int(Date().timeIntervalSince1970) + 3_600)_\(hex(marker))_sweep_new"
        for name in [old, busy, new] {
            try await PostgresTestDatabase.execute("CREATE DATABASE \(name)", on: server)
        }
        let other = try #require(try await PostgresTestDatabase.fresh(named: "sweep_other"))

        // A store on `busy` holds its connection open while the sweep runs.
        let store = try await PostgresStateStore.open(
            url: try PostgresTestDatabase.url(of: busy, on: server), migrator: StateMigrator(),
            connections: 1, logger: Logger(label: "test"))
        _ = try await store.read { db in try StateRow.fetchAll(db, sql: "SELECT 1 AS one") }
        await TestTemplates.sweepCopies(on: server, olderThan: 120)
        await store.close()

        let left = Set(try await PostgresTestDatabase.strings("SELECT datname FROM pg_database", binds: [], on: server))
        #expect(!left.contains(old))
        #expect(left.contains(busy))
        #expect(left.contains(new))
        #expect(left.contains(try #require(try PostgresTestDatabase.name(in: other))))

        for name in [busy, new] {
            try await PostgresTestDatabase.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", on: server)
        }
        try await PostgresTestDatabase.drop(other)
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
