import Foundation
import JSONCore

/// The SQL dialect of a state store. The simulators write one SQL for both: SQLite's, in the subset PostgreSQL also
/// understands (`INSERT … ON CONFLICT`, `RETURNING`, `IS NOT DISTINCT FROM`, `COLLATE NOCASE` through a collation of
/// that name, `?` placeholders). Table definitions use SQLite's type names; the PostgreSQL store maps them.
package enum StateDialect: Sendable {
    case sqlite
    case postgres
}

/// What runs a simulator's statements: one connection, inside one transaction the store opened.
package protocol StateExecutor: AnyObject {
    var dialect: StateDialect { get }
    /// Runs one statement with its arguments bound to its `?` placeholders, and returns the rows it gives and how
    /// many rows it inserted, updated or deleted. `cached`: the statement runs again and again, keep it prepared.
    func run(sql: String, arguments: [StateValue], cached: Bool) throws -> (rows: [StateRow], changes: Int)
    /// Runs statements separated by `;`, with no arguments (table definitions, resets).
    func script(_ sql: String) throws
}

/// One transaction on the simulators' state store, whichever the backend: what a simulator's `read { db in … }` and
/// `write { db in … }` closures get. The method names are GRDB's, so the simulators read as they did on GRDB.
package final class StateDB {
    private let executor: any StateExecutor
    private var savepoints = 0
    /// The rows the last statement inserted, updated or deleted.
    package private(set) var changesCount = 0
    /// Whether a statement of this transaction inserted, updated or deleted a row, or a script ran (counted as a
    /// change whatever it did).
    package private(set) var changedRows = false

    package init(_ executor: any StateExecutor) {
        self.executor = executor
    }

    package var dialect: StateDialect { executor.dialect }

    /// Runs a statement; with no arguments, `sql` may hold several statements separated by `;`. A statement with
    /// arguments is kept prepared (``cachedStatement(sql:)``): the simulators' writes (a ReferralHero sign-up's
    /// 25-column insert, counters, upserts) run on every call, and preparing them again cost more than running them.
    /// Their SQL is the simulators' own text, never built from a request, so the statements kept are bounded.
    package func execute(sql: String, arguments: StateArguments = []) throws {
        if arguments.values.isEmpty, StateScript.statements(in: sql).count > 1 {
            try executor.script(sql)
            changesCount = 0
            changedRows = true
        } else {
            _ = try rows(sql: sql, arguments: arguments, cached: !arguments.values.isEmpty)
        }
    }

    /// The next value of counter `name` in `table` (a simulator's own table of `name TEXT PRIMARY KEY, value
    /// INTEGER`), from 1: one upsert that gives the value it stored, where a read after it cost a second statement on
    /// every sign-up and recipient.
    package func next(counter name: String, in table: StaticString) throws -> Int {
        let sql = """
            INSERT INTO \(table) (name, value) VALUES (?, 1)
            ON CONFLICT(name) DO UPDATE SET value = \(table).value + 1 RETURNING value
            """
        return try Int.fetchOne(cachedStatement(sql: sql), arguments: [name]) ?? 1
    }

    /// A statement the backend keeps prepared, for SQL that runs on every call.
    package func cachedStatement(sql: String) throws -> StateStatement {
        StateStatement(db: self, sql: sql)
    }

    func rows(sql: String, arguments: StateArguments, cached: Bool) throws -> [StateRow] {
        let result = try executor.run(sql: sql, arguments: arguments.values, cached: cached)
        changesCount = result.changes
        if result.changes > 0 { changedRows = true }
        return result.rows
    }

    package enum TransactionCompletion {
        case commit
        case rollback
    }

    /// Runs `body` in a savepoint, kept or rolled back as `body` says; a throw rolls it back and passes the error on.
    package func inSavepoint(_ body: () throws -> TransactionCompletion) throws {
        savepoints += 1
        defer { savepoints -= 1 }
        let name = "harness_savepoint_\(savepoints)"
        try executor.script("SAVEPOINT \(name)")
        let completion: TransactionCompletion
        do {
            completion = try body()
        } catch {
            try executor.script("ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)")
            throw error
        }
        switch completion {
        case .commit: try executor.script("RELEASE SAVEPOINT \(name)")
        case .rollback: try executor.script("ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)")
        }
    }

    /// Empties `tables` and starts their `AUTOINCREMENT` numbering again from 1, as a fresh store would.
    package func clear(tables: [String]) throws {
        guard !tables.isEmpty else { return }
        switch dialect {
        case .sqlite:
            for table in tables { try execute(sql: "DELETE FROM \(table)") }
            let exists =
                try Bool.fetchOne(
                    self, sql: "SELECT EXISTS(SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence')") ?? false
            if exists {
                let marks = Array(repeating: "?", count: tables.count).joined(separator: ", ")
                try execute(
                    sql: "DELETE FROM sqlite_sequence WHERE name IN (\(marks))", arguments: StateArguments(tables))
            }
        case .postgres:
            try executor.script("TRUNCATE \(tables.joined(separator: ", ")) RESTART IDENTITY")
            changedRows = true
        }
    }
}

/// A statement the backend keeps prepared (GRDB's cached statement; PostgreSQL's unnamed statement, parsed again).
package struct StateStatement {
    let db: StateDB
    let sql: String

    package func execute(arguments: StateArguments = []) throws {
        _ = try db.rows(sql: sql, arguments: arguments, cached: true)
    }
}

/// Splits SQL text into statements at the `;` that are outside quotes (`'…'`, `"…"`, PostgreSQL's `$$…$$` and
/// `$tag$…$tag$`) and `--` comments. A SQLite trigger's `BEGIN … END` is not understood: run those as one statement.
package enum StateScript {
    package static func statements(in sql: String) -> [String] {
        let characters = Array(sql)
        var statements: [String] = []
        var current = ""
        var index = 0
        func flush() {
            let trimmed = current.trimmingWhitespace(newlines: true)
            if !trimmed.isEmpty { statements.append(trimmed) }
            current = ""
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "'", "\"":
                // To the closing quote (a doubled quote closes and reopens: same result).
                var end = index + 1
                while end < characters.count, characters[end] != character { end += 1 }
                let stop = min(end + 1, characters.count)
                current.append(contentsOf: characters[index..<stop])
                index = stop
            case "-" where index + 1 < characters.count && characters[index + 1] == "-":
                while index < characters.count, characters[index] != "\n" { index += 1 }
            case "$":
                guard let tag = dollarTag(characters, at: index) else {
                    current.append(character)
                    index += 1
                    continue
                }
                let body = index + tag.count
                var end = body
                while end < characters.count, !characters[end...].starts(with: tag) { end += 1 }
                let stop = min(end + tag.count, characters.count)
                current.append(contentsOf: characters[index..<stop])
                index = stop
            case ";":
                flush()
                index += 1
            default:
                current.append(character)
                index += 1
            }
        }
        flush()
        return statements
    }

    /// The dollar-quote tag starting at `index` (`$$`, `$body$`), or nil when `$` starts none (`$1`).
    private static func dollarTag(_ characters: [Character], at index: Int) -> [Character]? {
        var end = index + 1
        while end < characters.count, characters[end] == "_" || characters[end].isLetter { end += 1 }
        guard end < characters.count, characters[end] == "$" else { return nil }
        return Array(characters[index...end])
    }
}
