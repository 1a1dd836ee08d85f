#if PostgreSQL
import Foundation
import JSONCore
import Logging
import NIOCore
import PostgresNIO

/// Runs the simulators' statements on one PostgreSQL connection, inside the transaction the store opened: each
/// statement is translated (``PostgresSQL``), sent with PostgresNIO's future API, and waited for on the calling
/// thread, which is one of the store's own threads (never an event loop nor the concurrency pool).
///
/// It remembers the first statement the server refused: PostgreSQL aborts the transaction there, so the store rolls
/// back (and perhaps runs the transaction again) whatever the closure did with the error. A successful
/// `ROLLBACK TO SAVEPOINT` forgets a refusal that does not doom the transaction, as PostgreSQL does.
final class PostgresStateExecutor: StateExecutor {
    /// A statement the server refused or could not run, as the store reports it.
    struct Failure: Error, CustomStringConvertible {
        /// The SQL as the simulator wrote it.
        let sql: String
        let failure: PostgresFailure

        var description: String {
            switch failure {
            case .server(let sqlState, let message):
                "\(message) (SQLSTATE \(sqlState)) in: \(sql.split(whereSeparator: \.isWhitespace).joined(separator: " "))"
            case .connection(let reason): reason
            }
        }
    }

    private let connection: PostgresConnection
    private let translations: SQLTranslations
    private let logger: Logger
    /// The first failure since the transaction began (or since the savepoint that undid it).
    private(set) var failure: Failure?
    /// The `BEGIN` sent by ``begin(_:)`` and not waited for yet.
    private var pendingBegin: (EventLoopFuture<PostgresQueryResult>, String)?

    init(connection: PostgresConnection, translations: SQLTranslations, logger: Logger) {
        self.connection = connection
        self.translations = translations
        self.logger = logger
    }

    var dialect: StateDialect { .postgres }

    func run(sql: String, arguments: [StateValue], cached: Bool) throws -> (rows: [StateRow], changes: Int) {
        let query = PostgresQuery(unsafeSQL: translations.translate(sql), binds: Self.bindings(arguments))
        let result = try send(query, sql: sql)
        do {
            return (try Self.rows(result), Self.changes(result.metadata))
        } catch {
            throw remember(Failure(sql: sql, failure: error))
        }
    }

    private static func rows(_ result: PostgresQueryResult) throws(PostgresFailure) -> [StateRow] {
        guard let first = result.first else { return [] }
        let columns = StateColumns(first.map(\.columnName))
        var rows: [StateRow] = []
        rows.reserveCapacity(result.count)
        for row in result {
            var values: [StateValue] = []
            values.reserveCapacity(columns.names.count)
            for cell in row { values.append(try value(cell)) }
            rows.append(StateRow(columns: columns, values: values))
        }
        return rows
    }

    func script(_ sql: String) throws {
        for statement in StateScript.statements(in: sql) {
            _ = try run(sql: statement, arguments: [], cached: false)
            if statement.uppercased().hasPrefix("ROLLBACK TO"), failure?.failure.retriesTransaction == false,
                failure?.failure.sqlState != PostgresFailure.readOnlyTransaction
            {
                failure = nil
            }
        }
    }

    /// Sends `BEGIN …` without waiting for it: the first statement is queued right behind it on the connection, and
    /// the event loop sends it as soon as `BEGIN` completes, without waking this thread in between. A failed `BEGIN`
    /// (the connection broke) is the failure of that first statement.
    func begin(_ sql: String) {
        pendingBegin = (connection.query(PostgresQuery(unsafeSQL: sql), logger: logger), sql)
    }

    /// Runs a transaction-control statement (`BEGIN …`, `COMMIT`, `ROLLBACK`) and returns its command tag.
    @discardableResult
    func control(_ sql: String) throws -> String {
        try send(PostgresQuery(unsafeSQL: sql), sql: sql).metadata.command
    }

    private func send(_ query: PostgresQuery, sql: String) throws -> PostgresQueryResult {
        let result = connection.query(query, logger: logger)
        if let (begun, beginSQL) = pendingBegin {
            pendingBegin = nil
            do {
                _ = try begun.wait()
            } catch {
                _ = try? result.wait()
                throw remember(Failure(sql: beginSQL, failure: PostgresFailure(error)))
            }
        }
        do {
            return try result.wait()
        } catch {
            throw remember(Failure(sql: sql, failure: PostgresFailure(error)))
        }
    }

    /// Keeps the transaction's first failure (a conflict outranks any other: the transaction runs again) and
    /// returns `failure`.
    private func remember(_ failure: Failure) -> Failure {
        if self.failure == nil || failure.failure.retriesTransaction { self.failure = failure }
        return failure
    }

    /// How many rows an `INSERT`, `UPDATE` or `DELETE` changed (a `SELECT` changes none).
    private static func changes(_ metadata: PostgresQueryMetadata) -> Int {
        switch metadata.command {
        case "INSERT", "UPDATE", "DELETE": metadata.rows ?? 0
        default: 0
        }
    }

    /// The values bound to `$1…$n`: `BIGINT`, `DOUBLE PRECISION`, `TEXT`, `BYTEA`, and NULL of no stated type
    /// (the server infers it from where the placeholder stands).
    static func bindings(_ arguments: [StateValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments {
            switch argument {
            case .null: bindings.appendNull()
            case .integer(let integer): bindings.append(integer)
            case .real(let real): bindings.append(real)
            case .text(let text): bindings.append(text)
            case .blob(let data): bindings.append(ByteBuffer(bytes: data))
            }
        }
        return bindings
    }

    /// A result cell as a state value; a type with no SQLite counterpart is an error naming the column and type.
    static func value(_ cell: PostgresCell) throws(PostgresFailure) -> StateValue {
        do {
            return try decoded(cell)
        } catch let failure as PostgresFailure {
            throw failure
        } catch {
            throw unreadable(cell)
        }
    }

    private static func decoded(_ cell: PostgresCell) throws -> StateValue {
        guard var bytes = cell.bytes else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8:
            return .integer(try cell.decode(Int64.self, context: .default))
        case .oid:
            if cell.format == .binary, bytes.readableBytes == 4, let oid = bytes.readInteger(as: UInt32.self) {
                return .integer(Int64(oid))
            }
            if let text = bytes.readString(length: bytes.readableBytes), let oid = Int64(text) { return .integer(oid) }
            throw unreadable(cell)
        case .float4, .float8:
            return .real(try cell.decode(Double.self, context: .default))
        case .numeric:
            let decimal = try cell.decode(Decimal.self, context: .default)
            let text = decimal.description
            if let integer = Int64(text) { return .integer(integer) }
            if let real = Double(text) { return .real(real) }
            throw unreadable(cell)
        case .bool:
            return .integer(try cell.decode(Bool.self, context: .default) ? 1 : 0)
        case .text, .varchar, .bpchar, .name:
            return .text(try cell.decode(String.self, context: .default))
        case .bytea:
            return .blob(Data(bytes.readableBytesView))
        default:
            throw PostgresFailure.server(
                sqlState: "42804",
                message: "column \(cell.columnName) is of type \(cell.dataType) (oid \(cell.dataType.rawValue)), "
                    + "which has no SQLite counterpart: cast it to BIGINT, DOUBLE PRECISION, TEXT or BYTEA")
        }
    }

    private static func unreadable(_ cell: PostgresCell) -> PostgresFailure {
        .server(
            sqlState: "22000", message: "column \(cell.columnName) holds a \(cell.dataType) value that does not read")
    }
}

/// The translations of the SQL texts seen so far (``PostgresSQL/translate(_:)``), shared by the store's connections:
/// a simulator sends the same few hundred statements again and again.
final class SQLTranslations: Sendable {
    private let cache = Locked<[String: String]>([:])
    /// More distinct texts than the simulators have: SQL built with values inside would otherwise grow it forever.
    private let capacity = 4096

    func translate(_ sql: String) -> String {
        if let known = cache.withLock({ $0[sql] }) { return known }
        let translated = PostgresSQL.translate(sql)
        cache.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[sql] = translated
        }
        return translated
    }
}
#endif
