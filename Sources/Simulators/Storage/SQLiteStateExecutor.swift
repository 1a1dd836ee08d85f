import GRDB

/// Runs the simulators' statements on a GRDB connection, inside the transaction GRDB opened.
final class SQLiteStateExecutor: StateExecutor {
    private let db: Database

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
        let columns = StateColumns(statement.columnNames)
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
