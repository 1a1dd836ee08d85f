import CassetteKit
import Foundation
import GRDB
import JSONCore
import MockServer

/// A small vendor for the host's tests: a counter kept in SQLite, and an echo of the request.
///
/// - `POST /count` with `{"by": n}` (or no body) adds n (1) and answers `{"count": total}`; a body that is not JSON
///   answers 400 `{"error": "malformed JSON", …}`, as a vendor documents it.
/// - `GET /count` answers `{"count": total}`.
/// - `ANY /echo…` answers the method, path, query, headers it saw and the body.
/// - admin `GET /count`, `PUT /count` with `{"count": n}`.
struct CounterSimulator: Simulator, StateStoreSimulator {
    var vendor = "counter"

    func registerMigrations(_ migrator: inout StateMigrator) {
        let table = "\(vendor)_total"
        migrator.registerMigration("\(vendor).v1") { db in
            try db.execute(sql: "CREATE TABLE \(table) (id INTEGER PRIMARY KEY, count INTEGER NOT NULL)")
        }
    }

    func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        let path = request.parts.path
        switch (request.method, path) {
        case ("POST", "/count"):
            var step = 1
            if !request.body.isEmpty {
                guard let body = try? JSONValue(parsing: request.body), let by = body["by"]?.numberValue?.integer
                else {
                    return .json(status: 400, ["error": "malformed JSON", "message": "send {\"by\": n}"])
                }
                step = Int(by)
            }
            let total = try await add(step, state: state)
            return .json(status: 200, ["count": .number(JSONNumber(total))])
        case ("GET", "/count"):
            return .json(status: 200, ["count": .number(JSONNumber(try await total(state: state)))])
        case (_, let path) where path.hasPrefix("/echo"):
            return .json(
                status: 200,
                [
                    "method": .string(request.method),
                    "path": .string(path),
                    "query": request.parts.query.map { .string($0) } ?? .null,
                    "body": .string(String(decoding: request.body, as: UTF8.self)),
                    "vendor": .string(vendor),
                ])
        default:
            return .json(status: 404, ["error": "no such endpoint", "path": .string(path)])
        }
    }

    func respondToAdmin(_ request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        switch (request.method, request.parts.path) {
        case ("GET", "/count"):
            return .json(status: 200, ["count": .number(JSONNumber(try await total(state: state)))])
        case ("PUT", "/count"):
            guard let value = (try? JSONValue(parsing: request.body))?["count"]?.numberValue?.integer else {
                return .json(status: 400, ["error": "malformed JSON"])
            }
            let table = "\(vendor)_total"
            try await state.database.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO \(table) (id, count) VALUES (1, ?)", arguments: [value])
            }
            return .json(status: 200, ["count": .number(JSONNumber(Int(value)))])
        default:
            return .json(status: 404, ["error": "no such admin endpoint"])
        }
    }

    func reset(state: SimulatorState) async throws {
        let table = "\(vendor)_total"
        try await state.database.write { db in try db.execute(sql: "DELETE FROM \(table)") }
    }

    private func add(_ step: Int, state: SimulatorState) async throws -> Int {
        let table = "\(vendor)_total"
        return try await state.database.write { db in
            try db.execute(
                sql:
                    "INSERT INTO \(table) (id, count) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET count = \(table).count + ?",
                arguments: [step, step])
            return try Int.fetchOne(db, sql: "SELECT count FROM \(table) WHERE id = 1") ?? 0
        }
    }

    private func total(state: SimulatorState) async throws -> Int {
        let table = "\(vendor)_total"
        return try await state.database.read { db in
            try Int.fetchOne(db, sql: "SELECT count FROM \(table) WHERE id = 1") ?? 0
        }
    }
}
