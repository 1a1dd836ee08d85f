#if PostgreSQL
import JSONCore
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// The store's connections: one per transaction, handed out by ``checkout()`` and given back by ``checkin(_:)``.
///
/// It holds no more connections than the store has threads, since a thread runs one transaction at a time, so a
/// checkout never waits for another transaction: it takes an idle connection or opens one. A connection that was
/// closed or broke is dropped, never handed out again; the next checkout opens a new one, which is how the store
/// comes back by itself after the server restarts. Called from the store's threads only: ``checkout()`` blocks.
final class PostgresConnectionPool: Sendable {
    /// The idle connections, the next connection's id, and whether the pool was closed.
    private struct State {
        var idle: [PostgresConnection] = []
        var nextID = 1
        var closed = false
    }

    /// What ``checkout()`` found under the lock.
    private enum Taken {
        case closed
        case idle(PostgresConnection)
        case new(id: Int)
    }

    private let url: PostgresURL
    private let eventLoops: any EventLoopGroup
    private let logger: Logger
    private let state = Locked(State())

    init(url: PostgresURL, eventLoops: any EventLoopGroup, logger: Logger) {
        self.url = url
        self.eventLoops = eventLoops
        self.logger = logger
    }

    /// An open connection, and whether it served an earlier transaction (it may have broken since, unnoticed).
    func checkout() throws(PostgresFailure) -> (connection: PostgresConnection, reused: Bool) {
        let taken = state.withLock { state -> Taken in
            guard !state.closed else { return .closed }
            while let connection = state.idle.popLast() {
                if !connection.isClosed { return .idle(connection) }
            }
            state.nextID += 1
            return .new(id: state.nextID - 1)
        }
        let id: Int
        switch taken {
        case .closed: throw PostgresFailure.connection(reason: "the store was closed")
        case .idle(let connection): return (connection, true)
        case .new(let next): id = next
        }
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection.connect(
                on: eventLoops.next(), configuration: url.configuration, id: id, logger: logger
            ).wait()
        } catch {
            let failure = PostgresFailure(error)
            // A socket's errors do not name it: a missing file reads "No such file or directory".
            let prefix = "cannot connect: "
            if case .socket(let path) = url.endpoint, case .connection(let reason) = failure, reason.hasPrefix(prefix) {
                throw .connection(reason: "cannot connect to \(path): " + reason.dropFirst(prefix.count))
            }
            throw failure
        }
        return (connection, false)
    }

    /// Whether ``close()`` was called.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Takes a connection back after a transaction ended (committed or rolled back); a closed one is dropped.
    func checkin(_ connection: PostgresConnection) {
        let keep = state.withLock { state in
            guard !state.closed, !connection.isClosed else { return false }
            state.idle.append(connection)
            return true
        }
        if !keep { discard(connection) }
    }

    /// Closes a connection that broke or is in an unknown state.
    func discard(_ connection: PostgresConnection) {
        // Kept alive until closed: PostgresNIO asserts that a connection is closed before it is freed.
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// Closes every idle connection: after one broke, the others (opened before the same server restart) most
    /// likely did too.
    func discardIdle() {
        let idle = state.withLock { state in
            defer { state.idle.removeAll() }
            return state.idle
        }
        for connection in idle { discard(connection) }
    }

    /// Closes the idle connections and every one given back from now on; no connection is handed out again.
    func close() async {
        let idle = state.withLock { state in
            state.closed = true
            defer { state.idle.removeAll() }
            return state.idle
        }
        for connection in idle { try? await connection.close() }
    }
}

extension PostgresURL {
    /// PostgresNIO's configuration for this URL: no TLS, the connect timeout of the URL (10 s by default), its
    /// `options` as the startup parameter of that name.
    var configuration: PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch endpoint {
        case .tcp(let host, let port):
            configuration = .init(
                host: host, port: port, username: user, password: password, database: database, tls: .disable)
        case .socket(let path):
            configuration = .init(unixSocketPath: path, username: user, password: password, database: database)
        }
        configuration.options.connectTimeout = .seconds(Int64(connectTimeout))
        if let options { configuration.options.additionalStartupParameters = [("options", options)] }
        return configuration
    }
}
#endif
