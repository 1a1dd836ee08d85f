import Foundation
internal import GRDB
internal import GRDBSQLite

/// The store's hot path: `INSERT OR IGNORE` of up to ``rowsPerStatement`` events with one statement.
///
/// It talks to SQLite directly (through GRDB's statement and connection): each chunk's ids and JSON texts are
/// written one after another into one reused byte buffer and bound in place (`SQLITE_STATIC`), so an event's
/// JSON is never turned into a `String` nor copied by the binding. Going through GRDB's arguments cost a third of
/// the append time (`harness bench engage`).
///
/// Stepping the statement directly bypasses GRDB's execution hooks, so GRDB transaction observers and
/// `ValueObservation` would not see these inserts. Nothing in the SDK observes `engage_event`; code that starts to
/// must go through `Statement.execute` instead.
struct EventInsert {
    /// Rows per INSERT statement: one statement per row spends more time starting statements than storing.
    static let rowsPerStatement = 64

    let status: EngageEventStatus
    /// Whether the stored JSON carries `eventId`.
    let includesIDs: Bool
    /// The ids and JSON texts of the current chunk, back to back.
    private var text: JSONText
    /// Where each row's id and JSON text lie in `text`.
    private var spans: [(id: Range<Int>, json: Range<Int>)] = []

    /// An insert of `count` events with `status` (sizes the buffer: one event, as `trackEvent` appends, needs
    /// about 1 KB, not a whole statement's worth).
    init(count: Int, status: EngageEventStatus, includesIDs: Bool) {
        self.status = status
        self.includesIDs = includesIDs
        let rows = min(count, Self.rowsPerStatement)
        text = JSONText(capacity: rows * 1024)
        spans.reserveCapacity(rows)
    }

    /// Inserts `chunk` and returns how many rows it stored.
    mutating func run(_ chunk: ArraySlice<UBFEvent>, in db: Database) throws -> Int {
        text.clear()
        spans.removeAll(keepingCapacity: true)
        for event in chunk {
            let idStart = text.count
            text.utf8(event.id)
            let jsonStart = text.count
            event.write(to: &text, includingID: includesIDs)
            spans.append((idStart..<jsonStart, jsonStart..<text.count))
        }
        let statement = try db.cachedStatement(
            sql: chunk.count == Self.rowsPerStatement ? Self.fullSQL : Self.sql(rows: chunk.count))
        let handle = statement.sqliteStatement
        defer {
            // The bindings point into `text`: never leave them behind in the cached statement.
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        let code = text.withBytes { bytes -> CInt in
            guard let base = bytes.baseAddress else { return SQLITE_MISUSE }
            for (row, (event, span)) in zip(chunk, spans).enumerated() {
                let first = CInt(row * 5 + 1)
                for result in [
                    Self.bind(handle, first, base, span.id),
                    sqlite3_bind_int64(handle, first + 1, Int64(event.eventTypeCode)),
                    Self.bind(handle, first + 2, base, span.json),
                    sqlite3_bind_int64(handle, first + 3, Int64(status.rawValue)),
                    sqlite3_bind_double(handle, first + 4, event.timestamp.timeIntervalSince1970),
                ] where result != SQLITE_OK {
                    return result
                }
            }
            return sqlite3_step(handle)
        }
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: statement.sql)
        }
        return db.changesCount
    }

    /// Binds `span` of the buffer at `base` as UTF-8 text, without copying it.
    private static func bind(
        _ handle: OpaquePointer, _ index: CInt, _ base: UnsafePointer<UInt8>, _ span: Range<Int>
    ) -> CInt {
        (base + span.lowerBound).withMemoryRebound(to: CChar.self, capacity: span.count) { text in
            sqlite3_bind_text(handle, index, text, CInt(span.count), nil)
        }
    }

    private static let fullSQL = sql(rows: rowsPerStatement)

    /// `INSERT OR IGNORE` of `rows` events.
    static func sql(rows: Int) -> String {
        "INSERT OR IGNORE INTO engage_event (event_id, event_type, event_json, event_status, event_date) VALUES "
            + repeatElement("(?,?,?,?,?)", count: rows).joined(separator: ",")
    }
}
