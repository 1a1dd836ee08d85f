import CassetteKit
import Foundation
import JSONCore

/// Data jobs (exports, imports, purges, query calculations): an operation that starts one answers its `JOB_ID`, and
/// `GetJobStatus` reports it by the simulator's clock (assumed timings: Engage documents the states, not their
/// durations):
///
/// | seconds since the job was created | `JOB_STATUS` |
/// | --- | --- |
/// | under ``waitingSeconds`` | `WAITING` |
/// | under ``completeSeconds`` | `RUNNING` |
/// | from then on | `COMPLETE` (`ERROR` when its work failed) |
///
/// A flow moves the clock with the admin settings' `now` (and `secondsPerRequest`). A job may carry work on the
/// simulator's own data (a purge, an export's file): ``settle(_:now:)`` does it once the job is due, before any
/// XMLAPI or admin request is answered, and adds what it found to the job's parameters. Due jobs are found
/// through an index of the jobs with work left, so the cost of a request does not grow with the jobs kept.
///
/// Admin routes (under `/__harness/vendors/engage`):
///
/// | request | what it does |
/// | --- | --- |
/// | `GET /jobs` | every job with its status at the simulator's clock, description, file path and parameters |
/// | `GET /jobs/{id}` | one job |
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

    /// One stored job.
    struct Job {
        var id: Int
        var kind: String
        var description: String
        var filePath: String?
        var parameters: JSONObject
        var createdAt: Date
        var canceled: Bool
        var failed: Bool

        func status(at now: Date) -> Status {
            if canceled { return .canceled }
            let elapsed = now.timeIntervalSince(createdAt)
            if elapsed < EngageJobs.waitingSeconds { return .waiting }
            if elapsed < EngageJobs.completeSeconds { return .running }
            return failed ? .error : .complete
        }

        func json(at now: Date) -> JSONValue {
            [
                "jobID": .number(JSONNumber(id)), "kind": .string(kind), "status": .string(status(at: now).rawValue),
                "description": .string(description), "filePath": filePath.map(JSONValue.string) ?? .null,
                "parameters": .object(parameters), "createdAt": .string(EngageTime.iso(createdAt)),
            ]
        }
    }

    static func migrate(_ db: StateDB) throws {
        try db.execute(
            sql: """
                CREATE TABLE engage_jobs(
                    job_id INTEGER PRIMARY KEY, kind TEXT NOT NULL, description TEXT NOT NULL,
                    file_path TEXT, parameters TEXT NOT NULL DEFAULT '{}', created_at REAL NOT NULL,
                    canceled INTEGER NOT NULL DEFAULT 0, work TEXT, failed INTEGER NOT NULL DEFAULT 0);
                CREATE INDEX engage_jobs_with_work ON engage_jobs(created_at) WHERE work IS NOT NULL;
                """)
    }

    /// An ordered JSON object from literal pairs: a job's parameters or work.
    static func fields(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONObject {
        JSONObject(pairs.map { ($0.key, $0.value) })
    }

    /// Starts a job of `kind` (the operation that started it) and returns its id. `work` (see ``EngageJobWork``) is
    /// done when the job completes.
    static func create(
        _ db: StateDB, now: Date, kind: String, description: String, filePath: String? = nil,
        parameters: JSONObject = JSONObject(), work: JSONObject? = nil
    ) throws -> Int {
        let id = try EngageSchema.next(db, counter: "job") + 1_000_000
        try db.execute(
            sql: """
                INSERT INTO engage_jobs(job_id, kind, description, file_path, parameters, created_at, work)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, kind, description, filePath, JSONValue.object(parameters).serialized(),
                now.timeIntervalSince1970, work.map { JSONValue.object($0).serialized() },
            ])
        return id
    }

    /// The job `id`, or nil for an unknown (or deleted) job.
    static func find(_ db: StateDB, id: Int) throws -> Job? {
        try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM engage_jobs WHERE job_id = ?"), arguments: [id]
        ).map(job)
    }

    /// A job's status at `now`, or nil for an unknown job.
    static func status(_ db: StateDB, job id: Int, now: Date) throws -> Status? {
        try find(db, id: id)?.status(at: now)
    }

    /// Removes a job; false when there was none. Work it had left is never done.
    static func delete(_ db: StateDB, id: Int) throws -> Bool {
        try db.execute(sql: "DELETE FROM engage_jobs WHERE job_id = ?", arguments: [id])
        return db.changesCount > 0
    }

    /// Does the work of every job due by `now` (oldest first), once: its findings join the job's parameters, and a
    /// job whose work failed reports `ERROR`.
    static func settle(_ db: StateDB, now: Date) throws {
        let due = try StateRow.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT job_id, work FROM engage_jobs WHERE work IS NOT NULL AND created_at <= ?
                    ORDER BY created_at, job_id
                    """),
            arguments: [now.timeIntervalSince1970 - completeSeconds])
        for row in due {
            let id: Int = row["job_id"]
            guard let job = try find(db, id: id) else { continue }
            let work = (try? JSONValue(parsing: row["work"] as String))?.objectValue ?? JSONObject()
            let outcome = try EngageJobWork(db: db, job: job).perform(work)
            var parameters = job.parameters
            for (name, value) in outcome.parameters { parameters[name] = value }
            try db.execute(
                sql: "UPDATE engage_jobs SET work = NULL, failed = ?, parameters = ? WHERE job_id = ?",
                arguments: [outcome.failed, JSONValue.object(parameters).serialized(), id])
        }
    }

    static func admin(
        _ method: String, _ route: [String], body: JSONValue, db: StateDB, now: Date
    ) throws -> CassetteResponse? {
        guard method == "GET", route.first == "jobs" else { return nil }
        switch route.count {
        case 1:
            let jobs = try StateRow.fetchAll(db.cachedStatement(sql: "SELECT * FROM engage_jobs ORDER BY job_id")).map(
                job)
            return .json(status: 200, ["jobs": .array(jobs.map { $0.json(at: now) })])
        case 2:
            guard let id = Int(route[1]), let job = try find(db, id: id) else {
                return EngageAdmin.problem(404, "no job \(route[1])")
            }
            return .json(status: 200, job.json(at: now))
        default:
            return nil
        }
    }

    private static func job(_ row: StateRow) -> Job {
        Job(
            id: row["job_id"], kind: row["kind"], description: row["description"], filePath: row["file_path"],
            parameters: (try? JSONValue(parsing: row["parameters"] as String))?.objectValue ?? JSONObject(),
            createdAt: Date(timeIntervalSince1970: row["created_at"]), canceled: row["canceled"],
            failed: row["failed"])
    }
}
