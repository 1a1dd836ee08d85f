internal import CSQLite3
import Foundation
import GRDB
import JSONCore

/// Runs the simulators' statements on a GRDB connection, inside the transaction GRDB opened.
final class SQLiteStateExecutor: StateExecutor {
    private let db: Database
    /// The column maps of the results read so far, by their column names: a statement's map (names plus a
    /// lowercased index) is built once, not on every query. The simulators' SQL has a few hundred distinct results.
    private static let columns = BoundedMemo<[String], StateColumns>(capacity: 1024)
    /// The column map of each kept statement, made from the names array GRDB keeps for it: the same array on every
    /// run, found equal without comparing a name, where looking it up in ``columns`` hashes every name (a
    /// ReferralHero subscriber row has 26; `perf`, simulate writes). A statement made again under a reused identity
    /// has another array, compared name by name.
    private static let byStatement = BoundedMemo<ObjectIdentifier, StateColumns>(capacity: 1024)

    init(_ db: Database) {
        self.db = db
    }

    var dialect: StateDialect { .sqlite }

    func run(sql: String, arguments: [StateValue], cached: Bool) throws -> (rows: [StateRow], changes: Int) {
        if !cached { SimulatorDatabase.preparedOnce?.withLock { $0 += 1 } }
        let statement = cached ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        try bind(arguments, to: statement)
        guard statement.columnCount > 0 else {
            try statement.execute()
            return ([], db.changesCount)
        }
        // GRDB keeps a statement's column names, so a cached statement's come without a call into SQLite.
        let names = statement.columnNames
        let columns: StateColumns
        let identity = ObjectIdentifier(statement)
        if cached, let kept = Self.byStatement[identity], kept.names == names {
            columns = kept
        } else if cached {
            // Made from this statement's own names array, so the next run finds it equal at once.
            columns = StateColumns(names)
            Self.byStatement.keep(columns, for: identity)
        } else if let kept = Self.columns[names] {
            columns = kept
        } else {
            columns = StateColumns(names)
            Self.columns.keep(columns, for: names)
        }
        let width = statement.columnCount
        var rows: [StateRow] = []
        // Stepped through GRDB without a `Row`: GRDB's row over a statement lowercases and hashes every column name
        // each time it is made (a ReferralHero subscriber row has 26; `perf`, simulate writes).
        let cursor = try StatementStep.fetchCursor(statement)
        let handle = statement.sqliteStatement
        while try cursor.next() != nil {
            var values: [StateValue] = []
            values.reserveCapacity(width)
            for index in 0..<CInt(width) {
                values.append(StateValue(DatabaseValue(sqliteStatement: handle, index: index).storage))
            }
            rows.append(StateRow(columns: columns, values: values))
        }
        // A statement with RETURNING gives rows and changes rows.
        return (rows, statement.isReadonly ? 0 : db.changesCount)
    }

    /// Binds `arguments` to the statement's `?` placeholders as GRDB binds them (text up to its first NUL, text and
    /// blobs copied), straight through SQLite: GRDB's `StatementArguments` from a sequence is a generic that the
    /// compiler does not specialise here, and it builds a key path at run time on every statement (a tenth of a
    /// simulator call's time, `perf`).
    private func bind(_ arguments: [StateValue], to statement: Statement) throws {
        let handle = statement.sqliteStatement
        // A kept statement whose last run failed (a read-only snapshot refusing a write) reports that failure once
        // more from its next reset, which GRDB's `setUncheckedArguments` does not expect: reset it here first.
        _ = sqlite3_reset(handle)
        // GRDB then takes the statement's arguments as set and bound, and only resets it before it runs.
        statement.setUncheckedArguments(Self.none)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard arguments.count == expected else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "wrong number of statement arguments: \(arguments.count), expected \(expected)",
                sql: statement.sql)
        }
        for (offset, value) in zip(CInt(1)..., arguments) {
            let code: CInt
            switch value {
            case .null: code = sqlite3_bind_null(handle, offset)
            case .integer(let integer): code = sqlite3_bind_int64(handle, offset, integer)
            case .real(let real): code = sqlite3_bind_double(handle, offset, real)
            case .text(let text): code = sqlite3_bind_text(handle, offset, text, -1, Self.transient)
            case .blob(let data):
                code = data.withUnsafeBytes { bytes in
                    sqlite3_bind_blob(handle, offset, bytes.baseAddress, CInt(clamping: bytes.count), Self.transient)
                }
            }
            guard code == SQLITE_OK else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code), message: "binding argument \(offset)", sql: statement.sql)
            }
        }
    }

    private static let none = StatementArguments()
    /// SQLite's `SQLITE_TRANSIENT`: SQLite copies the value before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func script(_ sql: String) throws {
        SimulatorDatabase.preparedOnce?.withLock { $0 += 1 }
        try db.execute(sql: sql)
    }
}

/// One step of a statement, as a GRDB cursor's element: its columns are read from the statement's handle by the
/// caller, so the element itself reads none.
private struct StatementStep: DatabaseValueConvertible, StatementColumnConvertible {
    init() {}
    init?(sqliteStatement: SQLiteStatement, index: CInt) {}
    static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> StatementStep? {
        StatementStep()
    }
    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> StatementStep? { StatementStep() }
    var databaseValue: DatabaseValue { .null }
}

extension StateValue {
    init(_ storage: DatabaseValue.Storage) {
        switch storage {
        case .null: self = .null
        case .int64(let integer): self = .integer(integer)
        case .double(let real): self = .real(real)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .blob(data)
        }
    }

    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        }
    }
}
