public import Foundation
internal import GRDB

/// The local event store (§4 of the Engage notes) on SQLite. Every change is one transaction in a WAL
/// database, so an event whose `append` returned survives the process being killed.
///
/// Opening the store clears the in-flight mark left by a flush that was interrupted, so those events are
/// posted again: delivery is at least once (with ``Engage/Options/sendsEventIDs`` each event's `eventId` lets a
/// server drop the copy).
public actor EngageEventStore {
    /// The events one flush claimed; hand it back to ``markPosted(_:)`` or ``markFailed(_:maxRetries:)``.
    public struct Claim: Sendable, Hashable {
        let token: Int64
        /// The claimed events, in insertion order.
        public var events: [StoredEvent]

        /// The claim of `events` (a part of this claim's events): a rejected batch is split and its parts posted
        /// and marked one by one.
        public func part(_ events: ArraySlice<StoredEvent>) -> Claim {
            Claim(token: token, events: Array(events))
        }
    }

    let database: DatabaseQueue
    private var nextClaim: Int64 = 1
    /// Events found in flight when the store was opened (a flush was interrupted).
    public nonisolated let recoveredInFlight: Int

    /// Whether each stored event's JSON (what is posted) carries its id as `eventId`.
    public nonisolated let includesEventIDs: Bool

    /// Opens (or creates) the store. `includesEventIDs`: see ``Engage/Options/sendsEventIDs``.
    public init(storage: EngageStorage, durability: EngageDurability = .full, includesEventIDs: Bool = false) throws {
        self.includesEventIDs = includesEventIDs
        database = try EngageDatabase.open(storage, durability: durability)
        do {
            recoveredInFlight = try database.write { db in
                try db.execute(sql: "UPDATE engage_event SET in_flight = 0 WHERE in_flight <> 0")
                return db.changesCount
            }
        } catch {
            throw EngageError.store("recover", error, on: database)
        }
    }

    /// Appends events with `status` in one transaction and returns the ids of the ones it stored, in order. An
    /// event whose id is already stored (or comes twice in `events`) is stored once, and its id returned once.
    @discardableResult
    public func append(_ events: [UBFEvent], status: EngageEventStatus) async throws -> [String] {
        guard !events.isEmpty else { return [] }
        return try await write("append") { db in
            var stored: [String] = []
            stored.reserveCapacity(events.count)
            var insert = EventInsert(count: events.count, status: status, includesIDs: self.includesEventIDs)
            // Rows an INSERT stores get rowids above every rowid before it (not always consecutive ones: an
            // ignored row can use up a rowid under AUTOINCREMENT).
            var highest = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM engage_event") ?? 0
            var start = events.startIndex
            while start < events.endIndex {
                let chunk = events[start..<min(start + EventInsert.rowsPerStatement, events.endIndex)]
                let changes = try insert.run(chunk, in: db)
                if changes == chunk.count {
                    stored += chunk.lazy.map(\.id)
                } else if changes > 0 {
                    // Some ids were stored already (or came twice): read back which ones this INSERT stored.
                    stored += try String.fetchAll(
                        db, sql: "SELECT event_id FROM engage_event WHERE id > ? ORDER BY id", arguments: [highest])
                }
                if changes > 0 { highest = db.lastInsertedRowID }
                start = chunk.endIndex
            }
            return stored
        }
    }

    /// Replaces a HOLD event with its augmented form and moves it to `status` (NOT_POSTED or EXPIRED).
    /// Returns false when the event is no longer on HOLD.
    @discardableResult
    public func release(_ event: UBFEvent, status: EngageEventStatus) async throws -> Bool {
        try await write("release") { db in
            try db.execute(
                sql: "UPDATE engage_event SET event_json = ?, event_status = ? WHERE event_id = ? AND event_status = ?",
                arguments: [
                    event.jsonString(includingID: self.includesEventIDs), status.rawValue, event.id,
                    EngageEventStatus.hold.rawValue,
                ])
            return db.changesCount > 0
        }
    }

    /// Marks up to `limit` postable events (NOT_POSTED or EXPIRED, not in flight) stored after row `afterRowID` as
    /// in flight and returns them, oldest first; nil when there is nothing to post.
    public func claimPostable(limit: Int, after afterRowID: Int64 = 0) async throws -> Claim? {
        let token = nextClaim
        nextClaim += 1
        let events = try await write("claim") { db in
            try db.execute(
                sql: """
                    UPDATE engage_event SET in_flight = ?
                    WHERE id IN (SELECT id FROM engage_event WHERE in_flight = 0 AND event_status IN (1, 5) AND id > ?
                                 ORDER BY id LIMIT ?)
                    """,
                arguments: [token, afterRowID, limit])
            return try Self.fetch(db, where: "in_flight = ?", [token])
        }
        return events.isEmpty ? nil : Claim(token: token, events: events)
    }

    /// The server accepted the claimed events: SUCCESSFULLY_POSTED. `claim` may be a part of a claim
    /// (``Claim/part(_:)``): only its events change.
    public func markPosted(_ claim: Claim) async throws {
        try await update("markPosted", claim, set: "event_status = 2, in_flight = 0")
    }

    /// The post could not reach the server, had no token to send, or got no answer Engage gave (a proxy's 5xx, a
    /// captive portal's page): the claimed events stay as they were, their retry counts untouched, ready for the
    /// next flush.
    public func unclaim(_ claim: Claim) async throws {
        try await update("unclaim", claim, set: "in_flight = 0")
    }

    /// Engage refused the claimed events: each counts one more failed attempt, and becomes FAILED_POST once it has
    /// been retried `maxRetries` times after its first attempt (`Networking.maxNumRetries` 3: the fourth refusal);
    /// the others stay postable. Returns the ids that became FAILED_POST.
    @discardableResult
    public func markFailed(_ claim: Claim, maxRetries: Int) async throws -> [String] {
        let rowIDs = claim.events.map(\.rowID)
        return try await write("markFailed") { db in
            var failing: [String] = []
            for chunk in Self.chunks(rowIDs) {
                let marks = Self.marks(chunk.count)
                failing += try String.fetchAll(
                    db,
                    sql: """
                        SELECT event_id FROM engage_event
                        WHERE in_flight = ? AND failure_count + 1 > ? AND id IN (\(marks)) ORDER BY id
                        """,
                    arguments: StatementArguments([claim.token, Int64(maxRetries)] + chunk))
                try db.execute(
                    sql: """
                        UPDATE engage_event SET failure_count = failure_count + 1,
                            event_status = CASE WHEN failure_count + 1 > ? THEN 3 ELSE event_status END,
                            in_flight = 0
                        WHERE in_flight = ? AND id IN (\(marks))
                        """,
                    arguments: StatementArguments([Int64(maxRetries), claim.token] + chunk))
            }
            return failing
        }
    }

    /// Applies `assignments` to the claimed events of `claim` (all of a whole claim, or the part it holds).
    private func update(_ operation: String, _ claim: Claim, set assignments: String) async throws {
        let rowIDs = claim.events.map(\.rowID)
        try await write(operation) { db in
            for chunk in Self.chunks(rowIDs) {
                try db.execute(
                    sql:
                        "UPDATE engage_event SET \(assignments) WHERE in_flight = ? AND id IN (\(Self.marks(chunk.count)))",
                    arguments: StatementArguments([claim.token] + chunk))
            }
        }
    }

    /// Row ids in groups small enough for one statement's parameters.
    private static func chunks(_ rowIDs: [Int64]) -> [[Int64]] {
        stride(from: 0, to: rowIDs.count, by: 500).map { Array(rowIDs[$0..<min($0 + 500, rowIDs.count)]) }
    }

    /// Deletes the SUCCESSFULLY_POSTED events dated on or before the start of the UTC day `days` days before `now`
    /// (the README's `expireLocalEventsAfterNumDays`); nothing unsent is ever purged.
    @discardableResult
    public func purge(olderThanDays days: Int, now: Date) async throws -> Int {
        let startOfToday = (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        let cutoff = startOfToday - Double(days) * 86_400
        return try await write("purge") { db in
            try db.execute(
                sql: "DELETE FROM engage_event WHERE event_date <= ? AND in_flight = 0 AND event_status = ?",
                arguments: [cutoff, EngageEventStatus.successfullyPosted.rawValue])
            return db.changesCount
        }
    }

    /// Deletes the events with these ids, the README's "SDK user deleting them from the EngageLocalEventStore"
    /// (an event being posted is kept). Returns how many were deleted.
    @discardableResult
    public func deleteEvents(ids: [String]) async throws -> Int {
        let ids = Array(Set(ids))
        return try await write("delete") { db in
            var deleted = 0
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = Array(ids[start..<min(start + 500, ids.count)])
                try db.execute(
                    sql: "DELETE FROM engage_event WHERE in_flight = 0 AND event_id IN (\(Self.marks(chunk.count)))",
                    arguments: StatementArguments(chunk))
                deleted += db.changesCount
            }
            return deleted
        }
    }

    /// Deletes every event with one of `statuses` (every event when empty), except events being posted. Returns
    /// how many were deleted.
    @discardableResult
    public func deleteEvents(_ statuses: [EngageEventStatus] = []) async throws -> Int {
        let codes = statuses.map(\.rawValue)
        return try await write("delete") { db in
            if codes.isEmpty {
                try db.execute(sql: "DELETE FROM engage_event WHERE in_flight = 0")
            } else {
                try db.execute(
                    sql:
                        "DELETE FROM engage_event WHERE in_flight = 0 AND event_status IN (\(Self.marks(codes.count)))",
                    arguments: StatementArguments(codes))
            }
            return db.changesCount
        }
    }

    /// The events with one of `statuses` (all when empty), in insertion order.
    public func events(_ statuses: [EngageEventStatus] = []) async throws -> [StoredEvent] {
        try await read("events") { db in
            if statuses.isEmpty { return try Self.fetch(db, where: "1", []) }
            let codes = statuses.map(\.rawValue)
            return try Self.fetch(db, where: "event_status IN (\(Self.marks(codes.count)))", codes)
        }
    }

    /// The event with this id.
    public func event(id: String) async throws -> StoredEvent? {
        try await read("event") { db in try Self.fetch(db, where: "event_id = ?", [id]).first }
    }

    /// How many events have one of `statuses` (all when empty); in-flight events count under their status.
    public func count(_ statuses: [EngageEventStatus] = []) async throws -> Int {
        try await read("count") { db in
            if statuses.isEmpty { return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM engage_event") ?? 0 }
            let codes = statuses.map(\.rawValue)
            return try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM engage_event WHERE event_status IN (\(Self.marks(codes.count)))",
                arguments: StatementArguments(codes)) ?? 0
        }
    }

    /// Events that are postable and not already in flight.
    public func readyCount() async throws -> Int {
        try await read("readyCount") { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM engage_event WHERE in_flight = 0 AND event_status IN (1, 5)") ?? 0
        }
    }

    /// The value of `PRAGMA name` on the store's connection (for diagnostics and tests).
    func pragma(_ name: String) async throws -> String? {
        try await read("pragma") { db in try String.fetchOne(db, sql: "PRAGMA \(name)") }
    }

    private static func marks(_ count: Int) -> String {
        Array(repeating: "?", count: max(count, 1)).joined(separator: ",")
    }

    private static func fetch(
        _ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible]
    ) throws -> [StoredEvent] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, event_id, event_type, event_json, event_status, failure_count, in_flight, event_date
                FROM engage_event WHERE \(condition) ORDER BY id
                """,
            arguments: StatementArguments(arguments))
        return rows.map { row in
            StoredEvent(
                rowID: row[0], eventID: row[1], eventTypeCode: row[2], json: row[3],
                status: EngageEventStatus(rawValue: row[4]) ?? .notPosted, failureCount: row[5],
                isInFlight: (row[6] as Int64) != 0, eventDate: Date(timeIntervalSince1970: row[7]))
        }
    }

    private func write<T: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        try await guarded(operation) { try await database.write(body) }
    }

    private func read<T: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        try await guarded(operation) { try await database.read(body) }
    }

    /// Runs database work, reporting its failure as ``EngageError/store(operation:cause:)``, or a full disk as
    /// ``EngageError/storeFull(operation:file:)``. A failed write is rolled back whole, so the store stays usable.
    private func guarded<T: Sendable>(_ operation: String, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch {
            throw EngageError.store(operation, error, on: database)
        }
    }
}
