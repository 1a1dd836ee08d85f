/// The column names of a result, shared by its rows, with a case-insensitive lookup like SQLite's.
package final class StateColumns: Sendable {
    package let names: [String]
    private let positions: [String: Int]

    package init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() where positions[name.lowercased()] == nil {
            positions[name.lowercased()] = index
        }
        self.positions = positions
    }

    /// The position of the first column named `name` (compared without case), or nil.
    package func position(of name: String) -> Int? {
        if let exact = names.firstIndex(of: name) { return exact }
        return positions[name.lowercased()]
    }
}

/// One row of a result: its values by position or by column name.
///
/// Reading a column the statement did not select, or a value that does not convert to the type asked for (a NULL
/// as `String`, say), is a fault in the simulator's SQL, never in a request: it stops the process naming the column
/// and the value, as GRDB's `Row` does.
package struct StateRow: Sendable {
    package let columns: StateColumns
    package let values: [StateValue]

    package init(columns: StateColumns, values: [StateValue]) {
        self.columns = columns
        self.values = values
    }

    /// The number of columns.
    package var count: Int { values.count }

    package subscript<T: StateValueConvertible>(_ index: Int) -> T {
        guard values.indices.contains(index) else {
            preconditionFailure("no column \(index) in a row of \(values.count): \(columns.names)")
        }
        return Self.convert(values[index], column: columns.names[index])
    }

    package subscript<T: StateValueConvertible>(_ name: String) -> T {
        guard let index = columns.position(of: name) else {
            preconditionFailure("no column \(name) in a row of \(columns.names)")
        }
        return Self.convert(values[index], column: name)
    }

    /// The raw value of the column named `name`, or nil when the row has no such column.
    package func value(named name: String) -> StateValue? {
        columns.position(of: name).map { values[$0] }
    }

    private static func convert<T: StateValueConvertible>(_ value: StateValue, column: String) -> T {
        guard let converted = T.fromStateValue(value) else {
            preconditionFailure("column \(column) holds \(value), not a \(T.self)")
        }
        return converted
    }
}

extension StateRow {
    package static func fetchAll(_ db: StateDB, sql: String, arguments: StateArguments = []) throws -> [StateRow] {
        try db.rows(sql: sql, arguments: arguments, cached: false)
    }

    package static func fetchOne(_ db: StateDB, sql: String, arguments: StateArguments = []) throws -> StateRow? {
        try db.rows(sql: sql, arguments: arguments, cached: false).first
    }

    package static func fetchAll(_ statement: StateStatement, arguments: StateArguments = []) throws -> [StateRow] {
        try statement.db.rows(sql: statement.sql, arguments: arguments, cached: true)
    }

    package static func fetchOne(_ statement: StateStatement, arguments: StateArguments = []) throws -> StateRow? {
        try statement.db.rows(sql: statement.sql, arguments: arguments, cached: true).first
    }

    /// The rows, all read: a cursor in GRDB, an array here (the simulators read at most a page at a time).
    package static func fetchCursor(_ statement: StateStatement, arguments: StateArguments = []) throws -> [StateRow] {
        try fetchAll(statement, arguments: arguments)
    }
}

extension StateValueConvertible {
    /// The first column of every row.
    package static func fetchAll(_ db: StateDB, sql: String, arguments: StateArguments = []) throws -> [Self] {
        try db.rows(sql: sql, arguments: arguments, cached: false).map { $0[0] }
    }

    /// The first column of the first row; nil when there is no row or the value is NULL.
    package static func fetchOne(_ db: StateDB, sql: String, arguments: StateArguments = []) throws -> Self? {
        try first(of: db.rows(sql: sql, arguments: arguments, cached: false))
    }

    package static func fetchAll(_ statement: StateStatement, arguments: StateArguments = []) throws -> [Self] {
        try statement.db.rows(sql: statement.sql, arguments: arguments, cached: true).map { $0[0] }
    }

    package static func fetchOne(_ statement: StateStatement, arguments: StateArguments = []) throws -> Self? {
        try first(of: statement.db.rows(sql: statement.sql, arguments: arguments, cached: true))
    }

    private static func first(of rows: [StateRow]) throws -> Self? {
        guard let row = rows.first, let value = row.values.first else { return nil }
        if case .null = value { return nil }
        return row[0]
    }
}
