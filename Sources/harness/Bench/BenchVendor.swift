import CassetteKit
import FlowCatalog
import Foundation
import HTTPTypes
import JSONCore
import MockServer
import OpenAPIRuntime

/// The synthetic vendor `harness bench verify` checks: a small stateful notes service (kept in SQLite like every
/// simulator), a client calling it through the flow's transport, and as many flows as asked for, each creating a
/// note, reading it back and listing the notes.
///
/// - `POST /notes` `{"text", "sentAt"}` → 201 `{"id", "text", "createdAt"}`, or 400 without a text
/// - `GET /notes/{id}` → 200 the note, or 404 `{"error"}`
/// - `GET /notes` → 200 `{"notes": [...], "count"}`
enum BenchVendor {
    static let name = "benchnotes"

    /// `count` flows, `benchnotes/flow-0001`…, each sending a text of its own.
    static func flows(_ count: Int) -> [Flow] {
        let width = String(count).count
        return (0..<count).map { number in
            let label = String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
            return Flow(
                vendor: name, name: "flow-\(label)", documentation: "harness bench verify, synthetic flow",
                summary: "Creates a note, reads it back and lists the notes"
            ) { context in
                let client = BenchNotesClient(
                    transport: context.transport, baseURL: context.baseURL, clock: context.clock)
                let text = "note \(number): " + String(repeating: "lorem ipsum ", count: 1 + number % 7)
                let created = try await client.call(
                    .post, "/notes",
                    body: ["text": .string(text), "sentAt": .string(context.clock.date.ISO8601Format())])
                context.clock.advance(by: 30)
                let id = created["body"]?["id"]?.numberValue?.integer ?? 0
                let fetched = try await client.call(.get, "/notes/\(id)")
                let listed = try await client.call(.get, "/notes")
                return ["created": created, "fetched": fetched, "listed": listed]
            }
        }
    }

    /// The vendor's OpenAPI contract, written to `<schemas>/benchnotes/benchnotes.openapi.yaml`.
    static func writeContract(into schemas: URL) throws {
        let folder = schemas.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(openAPI.utf8).write(to: folder.appendingPathComponent("\(name).openapi.yaml"))
    }

    static let openAPI = """
        openapi: 3.1.0
        info:
          title: Bench notes
          version: "1"
        paths:
          /notes:
            post:
              operationId: createNote
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      required: [text, sentAt]
                      properties:
                        text: {type: string}
                        sentAt: {type: string}
              responses:
                "201":
                  description: created
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Note"}
            get:
              operationId: listNotes
              responses:
                "200":
                  description: the notes
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [notes, count]
                        properties:
                          notes: {type: array, items: {$ref: "#/components/schemas/Note"}}
                          count: {type: integer}
          /notes/{id}:
            get:
              operationId: fetchNote
              parameters:
                - {name: id, in: path, required: true, schema: {type: integer}}
              responses:
                "200":
                  description: the note
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Note"}
                "404":
                  description: no such note
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [error]
                        properties:
                          error: {type: string}
        components:
          schemas:
            Note:
              type: object
              required: [id, text, createdAt]
              properties:
                id: {type: integer}
                text: {type: string}
                createdAt: {type: string}

        """
}

/// The synthetic vendor's simulator.
struct BenchNotesSimulator: Simulator, StateStoreSimulator {
    let vendor = BenchVendor.name

    func registerMigrations(_ migrator: inout StateMigrator) {
        migrator.registerMigration("benchnotes.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE benchnotes_notes (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, text TEXT NOT NULL, createdAt TEXT NOT NULL)
                    """)
        }
    }

    func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        let path = request.parts.path
        switch (request.method, path) {
        case ("POST", "/notes"):
            guard let body = try? JSONValue(parsing: request.body), let text = body["text"]?.stringValue else {
                return .json(status: 400, ["error": "send {\"text\": …}"])
            }
            let createdAt = state.now.ISO8601Format()
            let id = try await state.database.write { db in
                try Int64.fetchOne(
                    db, sql: "INSERT INTO benchnotes_notes (text, createdAt) VALUES (?, ?) RETURNING id",
                    arguments: [text, createdAt]) ?? 0
            }
            return .json(status: 201, Self.note(id: id, text, createdAt))
        case ("GET", "/notes"):
            let notes = try await state.database.read { db in
                try StateRow.fetchAll(db, sql: "SELECT id, text, createdAt FROM benchnotes_notes ORDER BY id").map {
                    row in
                    Self.note(id: row["id"], row["text"], row["createdAt"])
                }
            }
            return .json(status: 200, ["notes": .array(notes), "count": .number(JSONNumber(notes.count))])
        case ("GET", _) where path.hasPrefix("/notes/"):
            let id = Int64(path.dropFirst("/notes/".count)) ?? -1
            let note = try await state.database.read { db in
                try StateRow.fetchOne(
                    db, sql: "SELECT text, createdAt FROM benchnotes_notes WHERE id = ?", arguments: [id]
                )
                .map { row in Self.note(id: id, row["text"], row["createdAt"]) }
            }
            guard let note else { return .json(status: 404, ["error": "not found"]) }
            return .json(status: 200, note)
        default:
            return .json(status: 404, ["error": "not found"])
        }
    }

    func reset(state: SimulatorState) async throws {
        try await state.database.write { db in
            try db.clear(tables: ["benchnotes_notes"])
        }
    }

    static func note(id: Int64, _ text: String, _ createdAt: String) -> JSONValue {
        ["id": .number(JSONNumber(Int(id))), "text": .string(text), "createdAt": .string(createdAt)]
    }
}

/// What the synthetic flows call the simulator with: one JSON request, `{"status", "body"}` back.
struct BenchNotesClient {
    var transport: any ClientTransport
    var baseURL: URL
    var clock: FlowClock

    func call(_ method: HTTPRequest.Method, _ path: String, body: JSONValue? = nil) async throws -> JSONValue {
        var request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path)
        request.headerFields[.accept] = "application/json"
        var payload: HTTPBody?
        if let body {
            request.headerFields[.contentType] = "application/json"
            payload = HTTPBody(body.serialized())
        }
        let (response, responseBody) = try await transport.send(
            request, body: payload, baseURL: baseURL, operationID: "\(method) \(path)")
        let data = try await Data(collecting: responseBody ?? HTTPBody(), upTo: 1 << 20)
        return ["status": .number(JSONNumber(response.status.code)), "body": try JSONValue(parsing: data)]
    }
}
