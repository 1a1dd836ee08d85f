import Foundation
internal import GRDB

/// How hard SQLite works to keep a committed transaction.
public enum EngageDurability: Sendable, Hashable {
    /// `synchronous=FULL`: a committed event survives a power cut.
    case full
    /// `synchronous=NORMAL`: a committed event survives the process being killed, not a power cut.
    case normal
}

/// Opens the SQLite database and brings its schema up to date.
enum EngageDatabase {
    /// The page size of a new database file.
    static let pageSize = 8192

    static func open(_ storage: EngageStorage, durability: EngageDurability) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.label = "EngageSDK"
        configuration.busyMode = .timeout(5)
        let synchronous = durability == .full ? "FULL" : "NORMAL"
        let isFile: Bool
        if case .file = storage { isFile = true } else { isFile = false }
        configuration.prepareDatabase { db in
            if isFile {
                // The page size only takes effect on a new file, before WAL mode writes its header. Rows are
                // about 0.8 KB of JSON; 8 KB pages hold twice as many per page (and per WAL frame) as 4 KB.
                try db.execute(sql: "PRAGMA page_size = \(EngageDatabase.pageSize)")
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard mode == "wal" else {
                    throw DatabaseError(message: "could not turn on WAL mode (journal_mode is \(mode ?? "unknown"))")
                }
            }
            // Set here rather than through GRDB's `journalMode = .wal`, which sets synchronous=NORMAL after
            // this closure has run and so would quietly overrule `.full`.
            try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
        }
        let queue: DatabaseQueue
        do {
            switch storage {
            case .inMemory:
                queue = try DatabaseQueue(configuration: configuration)
            case .file(let url):
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                queue = try DatabaseQueue(path: url.path, configuration: configuration)
            }
            try migrator.migrate(queue)
        } catch {
            let file: String? = if case .file(let url) = storage { url.path } else { nil }
            throw EngageError.store("open", error, file: file)
        }
        return queue
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE engage_event (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        event_id TEXT NOT NULL UNIQUE,
                        event_type INTEGER NOT NULL,
                        event_json TEXT NOT NULL,
                        event_status INTEGER NOT NULL,
                        failure_count INTEGER NOT NULL DEFAULT 0,
                        in_flight INTEGER NOT NULL DEFAULT 0,
                        event_date REAL NOT NULL
                    );
                    CREATE INDEX engage_event_ready ON engage_event(in_flight, event_status, id);
                    CREATE TABLE engage_state (
                        key TEXT PRIMARY KEY NOT NULL,
                        value TEXT NOT NULL
                    );
                    """)
        }
        return migrator
    }
}

extension EngageError {
    /// A failure of `operation` on `database`: a full disk is ``EngageError/storeFull(operation:file:)`` naming the
    /// database file, anything else ``EngageError/store(operation:cause:)``.
    static func store(_ operation: String, _ error: any Error, on database: any DatabaseReader) -> EngageError {
        store(operation, error, file: database.path)
    }

    /// ``store(_:_:on:)`` for the database file at `file` (nil in memory, where there is no disk to fill).
    static func store(_ operation: String, _ error: any Error, file: String?) -> EngageError {
        if let file, let error = error as? DatabaseError, error.resultCode == .SQLITE_FULL {
            return .storeFull(operation: operation, file: file)
        }
        return store(operation, error)
    }
}
