import ArgumentParser
import Foundation
import JSONCore
import Logging
import MockServer

extension Harness.Bench {
    /// `harness bench state`: transactions per second of the shared PostgreSQL state store, the figure that bounds
    /// `harness serve --state postgres://…` behind a balancer.
    struct BenchState: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "state",
            abstract: "Transactions per second of the PostgreSQL state store, on one connection and on several.",
            discussion: """
                Creates a throw-away database on the server --server names (default: $HARNESS_TEST_POSTGRES; its \
                user needs CREATE DATABASE), and times serialisable read-modify-write transactions like a \
                simulator's (read a row, write it back), each client on its own row and then all on one row (where \
                conflicts run transactions again), and snapshot reads. The database is dropped at the end.
                """)

        @Option(
            help: "A postgres:// URL of a server where a database may be created (default: $HARNESS_TEST_POSTGRES).")
        var server: String?

        @Option(help: "Seconds to measure each figure.")
        var seconds = 3.0

        @Option(help: "Concurrent clients for the figures with several connections.")
        var clients = 64

        @Option(help: "Connections of the store for the figures with several connections.")
        var connections = 8

        func validate() throws {
            try OptionRange.seconds(seconds, "--seconds", in: 0.1...3600)
            try OptionRange.count(clients, "--clients", in: 1...4096)
            try OptionRange.count(connections, "--connections", in: 1...256)
        }

        func run() async throws {
            guard PostgresStateStore.isBuiltIn else {
                throw ValidationError(MockServerError.stateStoreNotBuilt(location: "--server").description)
            }
            guard let server = server ?? PostgresTestDatabase.serverURL else {
                throw ValidationError("pass --server postgres://… or set HARNESS_TEST_POSTGRES (.ci/postgres/start)")
            }
            var logger = Logger(label: "harness.bench.state")
            logger.logLevel = .critical
            let url = try await PostgresTestDatabase.create(named: "bench", on: server)
            var migrator = StateMigrator()
            migrator.registerMigration("bench.v1") { db in
                try db.execute(sql: "CREATE TABLE bench_rows (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
                try db.execute(sql: "INSERT INTO bench_rows (id, value) SELECT g, 0 FROM generate_series(0, 4095) g")
            }
            print("bench state: \(PostgresStateStore.location(of: server)), \(seconds) s per figure")
            do {
                for (label, connections, clients, shared, reads) in [
                    ("write, 1 connection, 1 client", 1, 1, false, false),
                    ("write, \(connections) connections, \(clients) clients", connections, clients, false, false),
                    (
                        "write one row, \(connections) connections, \(clients) clients", connections, clients, true,
                        false
                    ),
                    ("read, \(connections) connections, \(clients) clients", connections, clients, false, true),
                ] {
                    let store = try await PostgresStateStore.open(
                        url: url, migrator: migrator, connections: connections, logger: logger)
                    let figure = try await measure(store, clients: clients, sharedRow: shared, reads: reads)
                    await store.close()
                    print(
                        "  \(label.padding(toLength: 44, withPad: " ", startingAt: 0))"
                            + "\(Figures.grouped(figure.rate)) tx/s, median \(String(format: "%.2f", figure.median * 1000)) ms"
                            + (reads ? "" : String(format: ", %.2f runs per transaction", figure.runsPerTransaction)))
                }
            } catch {
                try? await PostgresTestDatabase.drop(url, on: server)
                throw error
            }
            try await PostgresTestDatabase.drop(url, on: server)
        }

        /// Transactions per second, their median latency and how many times each ran (conflicts run again).
        private func measure(
            _ store: PostgresStateStore, clients: Int, sharedRow: Bool, reads: Bool
        ) async throws -> (rate: Double, median: Double, runsPerTransaction: Double) {
            let runs = Locked(0)
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
            let start = clock.now
            let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
                for client in 0..<clients {
                    group.addTask {
                        var latencies: [Double] = []
                        let row = sharedRow ? 0 : client
                        while clock.now < deadline {
                            let began = clock.now
                            if reads {
                                _ = try await store.read { db in
                                    try Int.fetchOne(
                                        db, sql: "SELECT value FROM bench_rows WHERE id = ?", arguments: [row])
                                }
                            } else {
                                try await store.write(readFirst: false) { db in
                                    runs.withLock { $0 += 1 }
                                    let value =
                                        try Int.fetchOne(
                                            db, sql: "SELECT value FROM bench_rows WHERE id = ?", arguments: [row])
                                        ?? 0
                                    try db.execute(
                                        sql: "UPDATE bench_rows SET value = ? WHERE id = ?",
                                        arguments: [value + 1, row])
                                }
                            }
                            latencies.append(began.duration(to: clock.now).seconds)
                        }
                        return latencies
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let elapsed = start.duration(to: clock.now).seconds
            let count = Double(max(latencies.count, 1))
            return (Double(latencies.count) / elapsed, Figures.median(latencies), Double(runs.withLock { $0 }) / count)
        }
    }
}
