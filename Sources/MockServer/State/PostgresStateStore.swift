#if PostgreSQL
import Foundation
package import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// The simulators' state on a PostgreSQL server, shared by every `harness serve --state postgres://…` instance that
/// names it: each simulator call is one serialisable transaction there.
///
/// The simulators' closures are synchronous (they were written for GRDB), so each transaction runs on one of the
/// store's own threads, which may block, never on the concurrency pool or an event loop: it takes a connection from
/// the pool, sends each statement with PostgresNIO's future API and waits for it. There are as many threads as
/// connections.
///
/// - A write transaction is `SERIALIZABLE`; with `readFirst` it starts `READ ONLY` and runs again read-write when
///   the closure writes (SQLSTATE 25006). A read is `REPEATABLE READ READ ONLY`, a snapshot.
/// - A serialization failure (40001) or a deadlock (40P01), from any statement or from `COMMIT`, rolls back and runs
///   the closure again after a short random pause, up to ``maximumAttempts`` times
///   (then ``MockServerError/stateStoreConflict(location:attempts:)``).
/// - An error the closure throws rolls back and comes back unchanged; a statement the server refused comes back as
///   ``MockServerError/stateStatement(location:sql:sqlState:message:)``, whatever the closure did with it.
/// - A server that cannot be reached, or a connection that drops, is
///   ``MockServerError/stateStoreUnavailable(location:reason:)``. A pooled connection found broken is replaced
///   once, without an error: the server may have restarted since it was last used.
package final class PostgresStateStore: SharedStateStore {
    package let location: String
    let url: PostgresURL
    let logger: Logger
    private let threads: NIOThreadPool
    let pool: PostgresConnectionPool
    private let translations = SQLTranslations()

    /// Whether this build has the PostgreSQL store (the `PostgreSQL` trait): it has.
    package static let isBuiltIn = true

    /// How many times a transaction runs before a conflict gives it up.
    package static let maximumAttempts = 100

    private enum Mode {
        /// `REPEATABLE READ READ ONLY`.
        case read
        /// `SERIALIZABLE`, read-only first when `readFirst`.
        case write(readFirst: Bool)
    }

    private init(url: PostgresURL, connections: Int, logger: Logger) {
        self.url = url
        location = url.location
        self.logger = logger
        threads = NIOThreadPool(numberOfThreads: connections)
        threads.start()
        pool = PostgresConnectionPool(url: url, eventLoops: MultiThreadedEventLoopGroup.singleton, logger: logger)
    }

    /// Run once the store is gone (after its idle connections are closed): a test's store drops its throw-away
    /// database here. Set it before the store is shared.
    package nonisolated(unsafe) var whenReleased: (@Sendable () -> Void)?

    deinit {
        // A store dropped without ``close()``: its idle connections close, its threads end once their work is done.
        pool.discardIdle()
        threads.shutdownGracefully { _ in }
        whenReleased?()
    }

    /// Connects to the server `url` names (`postgres://user:password@host:port/database`, `?host=/folder` for a Unix
    /// socket), prepares the database (the `nocase` collation the simulators' `COLLATE NOCASE` needs, the
    /// `harness_migrations` table) and runs the migrations it has not recorded yet, each in its own transaction under
    /// an advisory lock, so several instances may start at once.
    ///
    /// - Parameter connections: how many connections (and threads) the store uses at most.
    /// - Throws: ``MockServerError/invalidStateURL(location:reason:)``,
    ///   ``MockServerError/stateStoreUnavailable(location:reason:)`` (no server, wrong password, missing database),
    ///   ``MockServerError/stateStore(path:reason:)`` (a migration failed).
    package static func open(
        url text: String, migrator: StateMigrator, connections: Int = 8, logger: Logger
    ) async throws(MockServerError) -> PostgresStateStore {
        let url = try parsed(text)
        let store = PostgresStateStore(url: url, connections: max(1, connections), logger: logger)
        do {
            try await store.threads.runIfActive { try store.prepare(migrator) }
        } catch {
            await store.close()
            throw store.mockServerError(error)
        }
        return store
    }

    package func read<T: Sendable>(_ body: @escaping @Sendable (StateDB) throws -> T) async throws -> T {
        try await run(.read, body)
    }

    package func write<T: Sendable>(
        readFirst: Bool, _ body: @escaping @Sendable (StateDB) throws -> T
    ) async throws -> T {
        try await run(.write(readFirst: readFirst), body)
    }

    /// Closes the connections and ends the threads once the transactions running have ended; a transaction asked
    /// for later fails with ``MockServerError/stateStoreUnavailable(location:reason:)``.
    package func close() async {
        await pool.close()
        try? await threads.shutdownGracefully()
    }

    private func run<T: Sendable>(_ mode: Mode, _ body: @escaping @Sendable (StateDB) throws -> T) async throws -> T {
        do {
            return try await threads.runIfActive { try self.transaction(mode, body) }
        } catch let error where error is NIOThreadPoolError.ThreadPoolInactive || error is CancellationError {
            // A transaction asked for after close(), or still waiting for a thread when it came, is not run.
            guard pool.isClosed else { throw error }
            throw MockServerError.stateStoreUnavailable(location: location, reason: "the store was closed")
        }
    }

    /// How one run of a transaction ended.
    private enum Outcome<T> {
        case committed(T)
        /// A statement (or `COMMIT`, when `committing`) failed: the transaction did not commit, except perhaps when
        /// the connection broke during `COMMIT`.
        case failed(PostgresStateExecutor.Failure, committing: Bool)
        /// The closure threw its own error, no statement having failed.
        case thrown(any Error)
    }

    /// One transaction, on the calling thread (one of the store's): run again on a conflict, on a write in a
    /// read-only attempt, and once on a fresh connection when a pooled one turns out broken. The connection goes
    /// back to the pool, or is dropped, exactly once per run.
    private func transaction<T>(_ mode: Mode, _ body: (StateDB) throws -> T) throws -> T {
        var readOnly: Bool
        if case .write(false) = mode { readOnly = false } else { readOnly = true }
        var conflicts = 0
        var reconnected = false
        while true {
            let (connection, reused) = try checkout()
            let executor = PostgresStateExecutor(connection: connection, translations: translations, logger: logger)
            let begin =
                switch mode {
                case .read: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
                case .write: "BEGIN ISOLATION LEVEL SERIALIZABLE" + (readOnly ? " READ ONLY" : "")
                }
            switch Self.attempt(executor, begin: begin, body) {
            case .committed(let value):
                pool.checkin(connection)
                return value
            case .thrown(let error):
                rollBack(connection)
                // A statement's failure the closure caught in a savepoint and threw on: the server's error, named.
                if let failure = error as? PostgresStateExecutor.Failure { throw mockServerError(failure) }
                throw error
            case .failed(let failure, let committing):
                switch failure.failure {
                case .connection(let reason):
                    pool.discard(connection)
                    pool.discardIdle()
                    // Before COMMIT nothing was kept, so a pooled connection that broke may be replaced; a COMMIT cut
                    // off may or may not have been kept, and a fresh connection that breaks means the server is gone.
                    guard reused, !reconnected, !committing else {
                        let detail = committing ? " while committing (the change may or may not have been kept)" : ""
                        throw MockServerError.stateStoreUnavailable(location: location, reason: reason + detail)
                    }
                    reconnected = true
                case .server(let sqlState, let message):
                    rollBack(connection)
                    if sqlState == PostgresFailure.readOnlyTransaction, readOnly, case .write(readFirst: true) = mode {
                        readOnly = false
                    } else if failure.failure.retriesTransaction {
                        conflicts += 1
                        guard conflicts < Self.maximumAttempts else {
                            throw MockServerError.stateStoreConflict(location: location, attempts: conflicts)
                        }
                        Self.pause(after: conflicts)
                    } else {
                        throw MockServerError.stateStatement(
                            location: location, sql: failure.sql, sqlState: sqlState, message: message)
                    }
                }
            }
        }
    }

    /// `BEGIN`, the closure, `COMMIT`. A statement that failed decides the outcome whatever the closure did with its
    /// error: PostgreSQL aborted the transaction there.
    private static func attempt<T>(
        _ executor: PostgresStateExecutor, begin: String, _ body: (StateDB) throws -> T
    ) -> Outcome<T> {
        let value: T
        do {
            executor.begin(begin)
            value = try body(StateDB(executor))
        } catch {
            if let failure = executor.failure { return .failed(failure, committing: false) }
            return .thrown(error)
        }
        if let failure = executor.failure { return .failed(failure, committing: false) }
        do {
            guard try executor.control("COMMIT") == "COMMIT" else {
                let failure = PostgresFailure.server(sqlState: "25P02", message: "COMMIT rolled the transaction back")
                return .failed(.init(sql: "COMMIT", failure: failure), committing: false)
            }
            return .committed(value)
        } catch {
            let failure = (error as? PostgresStateExecutor.Failure) ?? .init(sql: "COMMIT", failure: .init(error))
            return .failed(failure, committing: true)
        }
    }

    func checkout() throws(MockServerError) -> (connection: PostgresConnection, reused: Bool) {
        do {
            return try pool.checkout()
        } catch {
            throw mockServerError(error)
        }
    }

    /// Rolls back and returns the connection to the pool, or drops it when the rollback fails.
    func rollBack(_ connection: PostgresConnection) {
        do {
            _ = try connection.query("ROLLBACK", logger: logger).wait()
            pool.checkin(connection)
        } catch {
            pool.discard(connection)
        }
    }

    /// A random pause before a conflicting transaction runs again, longer after each conflict (1 ms to 50 ms), so
    /// that the transactions that collided do not collide again in step.
    private static func pause(after conflicts: Int) {
        let ceiling = min(50.0, Double(1 << min(conflicts, 6)))
        Thread.sleep(forTimeInterval: Double.random(in: 0.5...ceiling) / 1000)
    }

    /// An error of the store's threads as the server reports it.
    func mockServerError(_ error: any Error) -> MockServerError {
        switch error {
        case let error as MockServerError: return error
        case let error as PostgresFailure:
            return mockServerError(PostgresStateExecutor.Failure(sql: "", failure: error))
        case let error as PostgresStateExecutor.Failure:
            switch error.failure {
            case .connection(let reason): return .stateStoreUnavailable(location: location, reason: reason)
            case .server(let sqlState, let message):
                return .stateStatement(location: location, sql: error.sql, sqlState: sqlState, message: message)
            }
        case is NIOThreadPoolError.ThreadPoolInactive:
            return .stateStoreUnavailable(location: location, reason: "the store was closed")
        default: return .simulators(.stateStore(path: location, reason: "\(error)"))
        }
    }
}
#endif
