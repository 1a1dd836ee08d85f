import CassetteKit
import Foundation
import GRDB
import JSONCore

/// Data jobs (exports, imports, purges, query calculations): an operation that starts one answers its `JOB_ID`, and
/// `GetJobStatus` reports it by the simulator's clock (assumed timings: Engage documents the states, not their
/// durations):
///
/// | seconds since the job was created | `JOB_STATUS` |
/// | --- | --- |
/// | under ``waitingSeconds`` | `WAITING` |
/// | under ``completeSeconds`` | `RUNNING` |
/// | from then on | `COMPLETE` |
///
/// A flow moves the clock with the admin settings' `now`.
enum EngageJobs: EngageOperationGroup {
    static let name = "jobs"
    static let handlers: [String: EngageOperationHandler] = [:]
    static let tables = ["engage_jobs"]
    static let waitingSeconds: TimeInterval = 5
    static let completeSeconds: TimeInterval = 30

    enum Status: String {
        case waiting = "WAITING"
        case running = "RUNNING"
        case complete = "COMPLETE"
        case canceled = "CANCELED"
        case error = "ERROR"
    }

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE engage_jobs(
                    job_id INTEGER PRIMARY KEY, kind TEXT NOT NULL, description TEXT NOT NULL,
                    file_path TEXT, parameters TEXT NOT NULL DEFAULT '{}', created_at REAL NOT NULL,
                    canceled INTEGER NOT NULL DEFAULT 0)
                """)
    }

    /// Starts a job of `kind` (the operation that started it) and returns its id.
    static func create(
        _ db: Database, now: Date, kind: String, description: String, filePath: String? = nil,
        parameters: JSONObject = JSONObject()
    ) throws -> Int {
        let id = try EngageSchema.next(db, counter: "job") + 1_000_000
        try db.execute(
            sql: """
                INSERT INTO engage_jobs(job_id, kind, description, file_path, parameters, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, kind, description, filePath, JSONValue.object(parameters).serialized(),
                now.timeIntervalSince1970,
            ])
        return id
    }

    /// A job's status at `now`, or nil for an unknown job.
    static func status(_ db: Database, job id: Int, now: Date) throws -> Status? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT created_at, canceled FROM engage_jobs WHERE job_id = ?"),
                arguments: [id])
        else { return nil }
        if (row["canceled"] as Int) != 0 { return .canceled }
        let elapsed = now.timeIntervalSince1970 - (row["created_at"] as Double)
        if elapsed < waitingSeconds { return .waiting }
        if elapsed < completeSeconds { return .running }
        return .complete
    }
}
