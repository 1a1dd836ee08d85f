import CassetteKit
import Foundation
package import GRDB
package import JSONCore
import Synchronization

/// The SQLite store every simulator of a host shares, with GRDB's `read` and `write`.
///
/// In process (the provider check, tests) it is one serial in-memory `DatabaseQueue`, called on the caller's
/// thread: a simulator's statements take microseconds, and hopping to GRDB's queue and back cost more than they did
/// (`harness bench verify`). A server in simulate mode
/// opens it as a `DatabasePool` in WAL mode instead (``concurrent(path:)``): writes still run one at a time in
/// write transactions, so they stay serialisable, while reads run at once on snapshot connections. A simulator
/// answers every call in `write { … }`, and most calls only read: while the host answers a `GET` or `HEAD`
/// (``SimulatorDatabase/readFirst``), a `write` first runs on a read-only snapshot and only when it attempts to
/// write (SQLite refuses with `SQLITE_READONLY` before changing anything) runs again in a write transaction. A
/// read-only snapshot transaction is serialisable like a write transaction taken at the same instant, so the
/// answer is the one the serial store gives. A simulator must therefore not swallow database errors inside `write`
/// (none does: their `catch` clauses name their own failure types).
package final class SimulatorDatabase: Sendable {
    private enum Store: Sendable {
        case queue(DatabaseQueue)
        case pool(DatabasePool, removing: URL?)
        case shared(any SharedStateStore)
    }

    private let store: Store
    /// How many write transactions have ended (committed or not): a read taken while this holds still gives the same
    /// answer, which is what the host's read cache relies on.
    private let writes = Atomic<UInt64>(0)
    /// Write transactions running or waiting for the writer (``writeIfFree(_:)`` starts one only when none is).
    private let writesInFlight = Atomic<Int>(0)

    /// Migrations left to run at the first read or write (``migrateAtFirstUse(_:)``), and whether none are left.
    private let pending = Locked<StateMigrator?>(nil)
    private let migrated = Atomic<Bool>(true)

    /// Changes after every write transaction through ``write(_:)``; equal values mean no write ended in between.
    var generation: UInt64 { writes.load(ordering: .acquiring) }

    /// Whether `write` tries a read-only snapshot first: set by the host while it answers a read method.
    @TaskLocal static var readFirst = false

    /// Counts the statements an embedded store prepares for one run (not kept) on the task that sets it. Preparing
    /// costs more than running: a look-up prepared on every call was a third of an Engage `SelectRecipientData`, a
    /// token's insert a sixth of a WalkMe token issue (`perf`, `harness bench serve`). A test holds the documented
    /// calls to none.
    @TaskLocal package static var preparedOnce: Locked<Int>?

    /// A serial store: in memory when `path` is nil, else that SQLite file.
    package init(path: String? = nil) throws {
        SQLiteProcess.prepare()
        store = .queue(try path.map { try DatabaseQueue(path: $0) } ?? DatabaseQueue())
    }

    /// Wraps a queue the caller opened.
    package init(_ queue: DatabaseQueue) {
        SQLiteProcess.prepare()
        store = .queue(queue)
    }

    /// A WAL store answering reads concurrently: at `path`, or (nil) in a temporary file removed with the store.
    package static func concurrent(path: String?) throws -> SimulatorDatabase {
        try SimulatorDatabase(concurrentAt: path)
    }

    private init(concurrentAt path: String?) throws {
        SQLiteProcess.prepare()
        var temporary: URL?
        if path == nil {
            // A folder of their own, so sweeping it lists only these stores.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-state")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            AbandonedFiles.remove(in: folder, owner: Self.temporaryStoreOwner)
            temporary = folder.appendingPathComponent("\(getpid())-\(UUID().uuidString).sqlite")
        }
        let pool = try DatabasePool(path: path ?? temporary!.path)
        // The state of a simulator is scratch data: nothing is lost that a restart does not lose anyway. Set on
        // the writer once the pool is open: GRDB sets `synchronous = NORMAL` when it turns WAL on, after
        // `prepareDatabase` has run, so a setting made there does not last (and every checkpoint paid an fsync).
        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = OFF") }
        store = .pool(pool, removing: temporary)
    }

    /// The pid in the name of a temporary store (`<pid>-<UUID>.sqlite` in `harness-state` under the temporary
    /// folder, with `-wal` and `-shm` beside it), so one a killed server left behind is removed when the next one
    /// starts.
    static func temporaryStoreOwner(_ name: String) -> pid_t? {
        guard let suffix = [".sqlite", ".sqlite-wal", ".sqlite-shm"].first(where: { name.hasSuffix($0) }) else {
            return nil
        }
        let fields = name.dropLast(suffix.count).split(separator: "-", omittingEmptySubsequences: false)
        // The pid, then the UUID's five groups.
        guard fields.count == 6, fields.dropFirst().map(\.count) == [8, 4, 4, 4, 12] else { return nil }
        return pid_t(fields[0])
    }

    deinit {
        guard case .pool(_, let removing?) = store else { return }
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: removing.path + suffix)
        }
    }

    /// A store shared with other instances (PostgreSQL), already migrated.
    package init(shared: any SharedStateStore) {
        store = .shared(shared)
    }

    /// The shared store, when this is one: other processes write to it too.
    package var shared: (any SharedStateStore)? {
        if case .shared(let shared) = store { return shared }
        return nil
    }

    /// Where the store is, for messages: a file, `:memory:`, or the shared store's address without its password.
    package var location: String {
        switch store {
        case .queue(let queue): queue.path
        case .pool(let pool, _): pool.path
        case .shared(let shared): shared.location
        }
    }

    /// Runs the migrations the store has not run yet (an embedded store; a shared store migrates as it opens).
    package func migrate(_ migrator: StateMigrator) throws {
        switch store {
        case .queue(let queue): try migrator.grdb.migrate(queue)
        case .pool(let pool, _): try migrator.grdb.migrate(pool)
        case .shared: break
        }
    }

    /// Runs `migrator` at the store's first read, write or copy instead of now, so a server that may never answer
    /// from its simulators (replay, record) does not create their tables while it starts (about 30 ms of a replay
    /// server's start-up, `harness bench serve --startup-only`). A migration that fails then fails that call, and is
    /// tried again at the next.
    package func migrateAtFirstUse(_ migrator: StateMigrator) {
        pending.withLock { $0 = migrator }
        migrated.store(false, ordering: .releasing)
    }

    /// Runs the migrations left for the first use, once.
    private func ready() throws {
        guard !migrated.load(ordering: .acquiring) else { return }
        try pending.withLock { pending throws in
            guard let migrator = pending else { return }
            do {
                try migrate(migrator)
            } catch {
                throw SimulatorError.stateStore(path: location, reason: "\(error)")
            }
            pending = nil
        }
        migrated.store(true, ordering: .releasing)
    }

    /// Copies an embedded store to a new SQLite file at `path`, page for page (SQLite's online backup, so the copy
    /// has the same layout and holds what the store's WAL holds too). `harness bench growth` times each level on a
    /// copy of its own. A shared store is not copied.
    package func copy(to path: String) throws {
        try ready()
        switch store {
        case .queue(let queue): try queue.backup(to: DatabaseQueue(path: path))
        case .pool(let pool, _): try pool.backup(to: DatabaseQueue(path: path))
        case .shared(let shared):
            throw SimulatorError.stateStore(path: shared.location, reason: "a shared store is not copied")
        }
    }

    /// The embedded store's path, for a full disk's message.
    private var path: String { location }

    /// A read on the calling thread; an embedded store only (a shared store is read with `await`).
    package func read<T>(_ value: (StateDB) throws -> T) throws -> T {
        try ready()
        return switch store {
        case .queue(let queue): try queue.read { try value(StateDB(SQLiteStateExecutor($0))) }
        case .pool(let pool, _): try pool.read { try value(StateDB(SQLiteStateExecutor($0))) }
        case .shared(let shared): throw SimulatorError.stateStore(path: shared.location, reason: "read it with await")
        }
    }

    /// A read, on the calling thread: a simulator's reads take microseconds, and hopping to GRDB's queue and back
    /// cost more than the read itself (`harness bench serve`, simulate mode; `harness bench verify`).
    package func read<T: Sendable>(_ value: @escaping @Sendable (StateDB) throws -> T) async throws -> T {
        try ready()
        return switch store {
        case .queue(let queue): try Self.onThisThread { try queue.read { try value(StateDB(SQLiteStateExecutor($0))) } }
        case .pool(let pool, _): try Self.onThisThread { try pool.read { try value(StateDB(SQLiteStateExecutor($0))) } }
        case .shared(let shared): try await shared.read(value)
        }
    }

    /// A write transaction. A full disk (`SQLITE_FULL`) rolls it back and throws
    /// ``SimulatorError/stateStoreFull(path:)`` naming the file; the store stays usable.
    /// A write transaction on the calling thread; an embedded store only (a shared store is written with `await`).
    package func write<T>(_ body: (StateDB) throws -> T) throws -> T {
        writesInFlight.add(1, ordering: .acquiring)
        defer { writesInFlight.subtract(1, ordering: .releasing) }
        return try writeNow(body)
    }

    /// ``write(_:)`` on the calling thread only when it need not wait: a read method's read-only attempt that
    /// succeeds, or a write transaction while no other is running or waiting for the writer. Nil when one is, so
    /// that the server's event loop, which asks, is never blocked behind another write (it leaves the request to
    /// its responder, which awaits the writer). An embedded store only.
    package func writeIfFree<T>(_ body: (StateDB) throws -> T) throws -> T? {
        try ready()
        if Self.readFirst, case .pool(let pool, _) = store,
            let value = try Self.readOnly({ try pool.read { try body(StateDB(SQLiteStateExecutor($0))) } })
        {
            return value
        }
        guard writesInFlight.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged else {
            return nil
        }
        defer { writesInFlight.subtract(1, ordering: .releasing) }
        // The read-only attempt was made above.
        return try Self.$readFirst.withValue(false) { try writeNow(body) }
    }

    private func writeNow<T>(_ body: (StateDB) throws -> T) throws -> T {
        func updates(_ db: Database) throws -> T { try body(StateDB(SQLiteStateExecutor(db))) }
        try ready()
        switch store {
        case .queue(let queue):
            defer { wrote() }
            return try fullDiskNamed { try Self.keptWrite(queue, updates) }
        case .pool(let pool, _):
            if Self.readFirst, let value = try Self.readOnly({ try pool.read(updates) }) { return value }
            defer { wrote() }
            return try fullDiskNamed { try Self.keptWrite(pool, updates) }
        case .shared(let shared):
            throw SimulatorError.stateStore(path: shared.location, reason: "write it with await")
        }
    }

    /// A write transaction, as the synchronous `write`: a full disk throws ``SimulatorError/stateStoreFull(path:)``.
    package func write<T: Sendable>(_ body: @escaping @Sendable (StateDB) throws -> T) async throws -> T {
        let updates = { @Sendable (db: Database) in try body(StateDB(SQLiteStateExecutor(db))) }
        try ready()
        writesInFlight.add(1, ordering: .acquiring)
        defer { writesInFlight.subtract(1, ordering: .releasing) }
        switch store {
        case .queue(let queue):
            // On the calling thread, like reads: the serial queue's writes are as short.
            defer { wrote() }
            return try fullDiskNamed { try Self.onThisThread { try Self.keptWrite(queue, updates) } }
        case .pool(let pool, _):
            // The read-only attempt runs on the calling thread like ``read(_:)``; a write waits for the writer.
            if Self.readFirst, let value = try Self.readOnly({ try pool.read(updates) }) { return value }
            defer { wrote() }
            do {
                return try await pool.writeWithoutTransaction { db in try Self.keptTransaction(db, updates) }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
                throw SimulatorError.stateStoreFull(path: path)
            }
        case .shared(let shared):
            defer { wrote() }
            return try await shared.write(readFirst: Self.readFirst, body)
        }
    }

    /// `work`'s result; SQLite's `SQLITE_FULL` becomes ``SimulatorError/stateStoreFull(path:)`` naming the file.
    private func fullDiskNamed<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            throw SimulatorError.stateStoreFull(path: path)
        }
    }

    /// Counts a write transaction once it has ended, so a read cached before it is no longer given.
    private func wrote() {
        writes.add(1, ordering: .releasing)
    }

    /// ``keptTransaction(_:_:)`` on `writer`'s writing connection, on the calling thread.
    private static func keptWrite<T>(_ writer: some DatabaseWriter, _ body: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction { try keptTransaction($0, body) }
    }

    /// `body` in an immediate write transaction begun and ended through kept statements: GRDB's own transaction
    /// prepares its `BEGIN` and `COMMIT` again every time (`perf`: a thirtieth of an event submission). Whatever
    /// `body` or the commit throws rolls the transaction back, unless SQLite already did (a full disk), so no access
    /// ends inside one; as in GRDB's own, the first error is the one thrown, even when the rollback fails too.
    private static func keptTransaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        do {
            let value = try body(db)
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
            return value
        } catch {
            if db.isInsideTransaction { try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
            throw error
        }
    }

    /// Runs `body` synchronously, so that GRDB's blocking variant is chosen even from an async function.
    private static func onThisThread<T>(_ body: () throws -> T) rethrows -> T { try body() }

    /// The value of a read-only attempt, or nil when it tried to write.
    private static func readOnly<T>(_ attempt: () throws -> T) throws -> T? {
        do {
            return try attempt()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            return nil
        }
    }
}
