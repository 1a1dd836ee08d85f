import GRDB
import JSONCore

/// Runs the simulators' statements on a GRDB connection, inside the transaction GRDB opened.
final class SQLiteStateExecutor: StateExecutor {
    private let db: Database
    /// The column maps of the results read so far, by their column names: a statement's map (names plus a
    /// lowercased index) is built once, not on every query. The simulators' SQL has a few hundred distinct results.
    private static let columns = BoundedMemo<[String], StateColumns>(capacity: 1024)

    init(_ db: Database) {
        self.db = db
    }

    var dialect: StateDialect { .sqlite }

    func run(sql: String, arguments: [StateValue], cached: Bool) throws -> (rows: [StateRow], changes: Int) {
        let statement = cached ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        try statement.setArguments(StatementArguments(arguments.map(\.databaseValue)))
        guard statement.columnCount > 0 else {
            try statement.execute()
            return ([], db.changesCount)
        }
        // GRDB keeps a statement's column names, so a cached statement's come without a call into SQLite.
        let names = statement.columnNames
        let columns: StateColumns
        if let kept = Self.columns[names] {
            columns = kept
        } else {
            columns = StateColumns(names)
            Self.columns.keep(columns, for: names)
        }
        let width = statement.columnCount
        var rows: [StateRow] = []
        let cursor = try Row.fetchCursor(statement)
        while let row = try cursor.next() {
            var values: [StateValue] = []
            values.reserveCapacity(width)
            for index in 0..<width {
                values.append(StateValue((row[index] as DatabaseValue).storage))
            }
            rows.append(StateRow(columns: columns, values: values))
        }
        // A statement with RETURNING gives rows and changes rows.
        return (rows, statement.isReadonly ? 0 : db.changesCount)
    }

    func script(_ sql: String) throws {
        try db.execute(sql: sql)
    }
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
