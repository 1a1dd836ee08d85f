import Foundation
import GRDB

/// `harness bench soak --writes`: simulate mode under the mixed write workload of `bench serve` (five writes in every
/// twelve requests across the five vendors, see ``BenchSimulateMix``), its state in a SQLite file (`--state`), so
/// that what the stores hold can be counted afterwards.
enum BenchSoakWrites {
    /// The table each write of the mix adds one row to, with the write's name.
    static let writeTables = [
        ("ReferralHero Add Subscriber", "referralhero_subscribers"),
        ("Engage event submission", "engage_events"),
        ("Adapty create profile", "adapty_profiles"),
        ("WebEngage event upload", "webengage_events"),
        ("WalkMe token", "walkme_tokens"),
    ]
    static let warmUpSeconds = 30

    /// Runs the soak and prints its figures; false when a target is missed.
    static func run(binary: URL, wrk: URL, seconds: Int, connections: Int, root: URL) async throws -> Bool {
        let state = root.appendingPathComponent("state.sqlite")
        let server = try await BenchServer.start(
            binary: binary, arguments: ["--mode", "simulate", "--state", state.path])
        var stopped = false
        defer { if !stopped { server.stop() } }
        let warmUpScript = root.appendingPathComponent("simulate-mix-warm-up.lua")
        try Data(try BenchSimulateMix.script(port: server.port, run: 0).utf8).write(to: warmUpScript)
        let script = root.appendingPathComponent("simulate-mix.lua")
        try Data(try BenchSimulateMix.script(port: server.port, run: 1).utf8).write(to: script)
        print(
            "  simulate, mixed write workload (\(BenchSimulateMix.writesPerCycle) writes in every "
                + "\(BenchSimulateMix.cycle) requests, five vendors), state in a SQLite file:")
        let warmUp = try BenchLoad(wrk: wrk, seconds: warmUpSeconds).run(
            port: server.port, path: "/", connections: connections, script: warmUpScript)
        try await Task.sleep(for: .seconds(1))
        let rssBefore = BenchProcess.residentMegabytes(pid: server.pid)
        let fdsBefore = Harness.Bench.BenchSoak.openFiles(pid: server.pid)
        let rowsBefore = try rows(in: state)
        let bytesBefore = try storedBytes(state)
        guard
            let load = try BenchLoad(wrk: wrk, seconds: seconds).run(
                port: server.port, path: "/", connections: connections, script: script)
        else { return false }
        try await Task.sleep(for: .seconds(1))
        let rssAfter = BenchProcess.residentMegabytes(pid: server.pid)
        let fdsAfter = Harness.Bench.BenchSoak.openFiles(pid: server.pid)
        server.stop()
        stopped = true
        let rowsAfter = try rows(in: state)
        let bytesAfter = try storedBytes(state)

        var failed = load.errors > 0 || (warmUp?.errors ?? 0) > 0
        print("    \(warmUpSeconds) s warm-up: \(warmUp?.summary ?? "no figures")")
        print(
            "    \(seconds) s at \(connections) connections: \(load.summary), \(Figures.grouped(Double(load.requests))) requests"
        )
        if let rssBefore, let rssAfter {
            let drift = (rssAfter - rssBefore) / rssBefore * 100
            print(
                "    RSS \(String(format: "%.1f MB", rssBefore)) after warm-up, \(String(format: "%.1f MB", rssAfter)) "
                    + "at the end (\(String(format: "%+.1f", drift))%; target within 10%)")
            failed = failed || abs(drift) > 10
        }
        if let fdsBefore, let fdsAfter {
            let drift = Double(fdsAfter - fdsBefore) / Double(max(fdsBefore, 1)) * 100
            print(
                "    open files: \(fdsBefore) after warm-up, \(fdsAfter) at the end "
                    + "(\(String(format: "%+.1f", drift))%; target within 10%)")
            failed = failed || abs(drift) > 10
        }
        failed =
            !judge(rowsBefore: rowsBefore, rowsAfter: rowsAfter, requests: load.requests, connections: connections)
            || failed
        let added = writeTables.reduce(0) { $0 + (rowsAfter[$1.1] ?? 0) - (rowsBefore[$1.1] ?? 0) }
        if added > 0 {
            let grown = bytesAfter - bytesBefore
            print(
                "    stored pages: \(megabytes(bytesBefore)) after warm-up, \(megabytes(bytesAfter)) at "
                    + "the end: \(Figures.grouped(Double(grown) / Double(added))) bytes per record written")
        }
        return !failed
    }

    /// Checks that each write of the load left exactly one row in its table, and that no other table grew.
    ///
    /// Every wrk thread cycles through the mix from its own counter, so each write was answered `requests / 12`
    /// times, give or take one per thread; a write still in flight when wrk stopped may be stored without being
    /// counted as answered, so the stored rows may exceed that by up to `connections`.
    static func judge(rowsBefore: [String: Int], rowsAfter: [String: Int], requests: Int, connections: Int) -> Bool {
        var holds = true
        let answered = requests / BenchSimulateMix.cycle
        let slack = 2
        for (name, table) in writeTables {
            let added = (rowsAfter[table] ?? 0) - (rowsBefore[table] ?? 0)
            let ok = added >= answered - slack && added <= answered + slack + connections
            holds = holds && ok
            print(
                "    \(name): \(Figures.grouped(Double(added))) rows added for about \(Figures.grouped(Double(answered))) "
                    + "answered writes\(ok ? "" : "  <- not one row per write")")
        }
        let writeNames = Set(writeTables.map(\.1))
        let grew = rowsAfter.filter { !writeNames.contains($0.key) && $0.value != rowsBefore[$0.key] }
        for (table, count) in grew.sorted(by: { $0.key < $1.key }) {
            print(
                "    \(table): \(rowsBefore[table] ?? 0) rows after warm-up, \(count) at the end  <- no write adds to it"
            )
        }
        if grew.isEmpty { print("    every other table (\(rowsAfter.count - writeNames.count)) kept its row count") }
        return holds && grew.isEmpty
    }

    /// The row count of every table of the state file at `url`, read through a read-only connection.
    static func rows(in url: URL) throws -> [String: Int] {
        try readOnly(url).read { db in
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            var counts: [String: Int] = [:]
            for table in tables {
                counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
            }
            return counts
        }
    }

    /// The bytes the SQLite database at `url` holds in pages in use (its pages less its free list), read through
    /// its write-ahead log: unlike the file sizes, this does not move when the log is checkpointed.
    static func storedBytes(_ url: URL) throws -> Int {
        try readOnly(url).read { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            return (pages - free) * (try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
        }
    }

    /// A read-only connection to the state file at `url`, which the server may still have open.
    static func readOnly(_ url: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: url.path, configuration: configuration)
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
}
