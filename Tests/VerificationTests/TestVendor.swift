import CassetteKit
import FlowCatalog
import Foundation
import GRDB
import HTTPTypes
import JSONCore
import MockServer
import OpenAPIRuntime
import Verification

/// A tiny vendor for the engine's tests: a simulator greeting people (kept in SQLite), an SDK-ish client that
/// calls it through a `ClientTransport`, a couple of flows, and an OpenAPI contract.
///
/// - `POST /greetings` `{"name", "sentAt"}` → 201 `{"id", "greeting": "<word> <name>", "createdAt"}`
/// - `GET /greetings/{id}` → 200 the greeting, or 404 `{"error": "not found"}`
/// - `GET /motto` → 200 `{"motto"}`; admin `PUT /motto` `{"motto"}` sets it.
struct GreetingSimulator: Simulator, StateStoreSimulator {
    var vendor = TestVendor.name
    /// The word greetings start with; tests change it to make the simulator answer differently.
    var word = "hello"

    func registerMigrations(_ migrator: inout StateMigrator) {
        migrator.registerMigration("testvendor.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE testvendor_greetings (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, greeting TEXT NOT NULL, createdAt TEXT NOT NULL);
                    CREATE TABLE testvendor_motto (id INTEGER PRIMARY KEY, motto TEXT NOT NULL);
                    """)
        }
    }

    func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        let path = request.parts.path
        switch (request.method, path) {
        case ("POST", "/greetings"):
            guard let body = try? JSONValue(parsing: request.body), let name = body["name"]?.stringValue else {
                return .json(status: 400, ["error": "send {\"name\": …}"])
            }
            let greeting = "\(word) \(name)"
            let createdAt = ISO8601DateFormatter().string(from: state.now)
            let id = try await state.database.write { db in
                try Int64.fetchOne(
                    db, sql: "INSERT INTO testvendor_greetings (greeting, createdAt) VALUES (?, ?) RETURNING id",
                    arguments: [greeting, createdAt]) ?? 0
            }
            return .json(status: 201, Self.greeting(id: id, greeting, createdAt))
        case ("GET", _) where path.hasPrefix("/greetings/"):
            let id = Int64(path.dropFirst("/greetings/".count)) ?? -1
            let row = try await state.database.read { db in
                try StateRow.fetchOne(
                    db, sql: "SELECT greeting, createdAt FROM testvendor_greetings WHERE id = ?", arguments: [id])
            }
            guard let row else { return .json(status: 404, ["error": "not found"]) }
            return .json(status: 200, Self.greeting(id: id, row["greeting"], row["createdAt"]))
        case ("GET", "/motto"):
            let motto = try await state.database.read { db in
                try String.fetchOne(db, sql: "SELECT motto FROM testvendor_motto WHERE id = 1")
            }
            return .json(status: 200, ["motto": .string(motto ?? "none")])
        default:
            return .json(status: 404, ["error": "not found"])
        }
    }

    func respondToAdmin(_ request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        guard request.method == "PUT", request.parts.path == "/motto",
            let motto = (try? JSONValue(parsing: request.body))?["motto"]?.stringValue
        else { return .json(status: 404, ["error": "not found"]) }
        try await state.database.write { db in
            try db.execute(
                sql:
                    "INSERT INTO testvendor_motto (id, motto) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET motto = excluded.motto",
                arguments: [motto])
        }
        return .json(status: 200, ["motto": .string(motto)])
    }

    func reset(state: SimulatorState) async throws {
        try await state.database.write { db in
            try db.execute(sql: "DELETE FROM testvendor_greetings")
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = 'testvendor_greetings'")
            try db.execute(sql: "DELETE FROM testvendor_motto")
        }
    }

    static func greeting(id: Int64, _ greeting: String, _ createdAt: String) -> JSONValue {
        ["id": .number(JSONNumber(Int(id))), "greeting": .string(greeting), "createdAt": .string(createdAt)]
    }
}

/// The SDK-ish client of the test vendor: what an app would call.
struct GreetingClient {
    var transport: any ClientTransport
    var baseURL: URL
    var clock: FlowClock

    /// Sends a request and returns `{"status": code, "body": JSON}`.
    func call(_ method: HTTPRequest.Method, _ path: String, body: JSONValue? = nil) async throws -> JSONValue {
        var request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path)
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

    func greet(_ name: String) async throws -> JSONValue {
        let sentAt = ISO8601DateFormatter().string(from: clock.date)
        return try await call(.post, "/greetings", body: ["name": .string(name), "sentAt": .string(sentAt)])
    }
}

struct TestVendorError: Error, CustomStringConvertible {
    var description: String { "the greeting service is unhappy" }
}

/// The test vendor's flows; variants let tests change what a flow sends or does.
enum TestVendor {
    static let name = "testvendor"

    /// Greets `name`, then (when `fetch`) reads the greeting back.
    static func greet(name: String = "Ada", fetch: Bool = true) -> Flow {
        Flow(
            vendor: Self.name, name: "greet", documentation: "Test vendor guide, 1. Greeting",
            summary: "Greets someone and reads the greeting back"
        ) { context in
            let client = GreetingClient(transport: context.transport, baseURL: context.baseURL, clock: context.clock)
            let created = try await client.greet(name)
            guard fetch else { return ["created": created] }
            context.clock.advance(by: 60)
            let id = created["body"]?["id"]?.numberValue?.integer ?? 0
            return ["created": created, "fetched": try await client.call(.get, "/greetings/\(id)")]
        }
    }

    /// Reads the motto the simulator setup configured.
    static let motto = Flow(
        vendor: name, name: "motto", documentation: "Test vendor guide, 2. Motto", kind: .flow,
        summary: "Reads the configured motto",
        simulatorSetup: [
            CassetteRequest(
                method: "PUT", url: "/motto", headers: ["Content-Type": "application/json"],
                body: Data(#"{"motto":"be kind"}"#.utf8))
        ]
    ) { context in
        let client = GreetingClient(transport: context.transport, baseURL: context.baseURL, clock: context.clock)
        return try await client.call(.get, "/motto")
    }

    /// An error case: a greeting that does not exist.
    static let missing = Flow(
        vendor: name, name: "missing", documentation: "Test vendor guide, 3. Errors", kind: .errorCase,
        summary: "Reading an unknown greeting is a 404"
    ) { context in
        let client = GreetingClient(transport: context.transport, baseURL: context.baseURL, clock: context.clock)
        return try await client.call(.get, "/greetings/99")
    }

    static let catalog = [greet(), motto, missing]

    static func throwing(_ flow: Flow) -> Flow {
        var broken = flow
        broken.run = { _ in throw TestVendorError() }
        return broken
    }

    static func hanging(_ flow: Flow) -> Flow {
        var broken = flow
        broken.run = { _ in
            try await Task.sleep(for: .seconds(3600))
            return .null
        }
        return broken
    }

    static let openAPI = """
        openapi: 3.1.0
        info:
          title: Test vendor
          version: "1"
        paths:
          /greetings:
            post:
              operationId: greet
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      required: [name, sentAt]
                      properties:
                        name: {type: string}
                        sentAt: {type: string}
              responses:
                "201":
                  description: created
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Greeting"}
          /greetings/{id}:
            get:
              operationId: fetchGreeting
              parameters:
                - {name: id, in: path, required: true, schema: {type: integer}}
              responses:
                "200":
                  description: the greeting
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Greeting"}
                "404":
                  description: no such greeting
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [error]
                        properties:
                          error: {type: string}
          /motto:
            get:
              operationId: motto
              responses:
                "200":
                  description: the motto
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [motto]
                        properties:
                          motto: {type: string}
        components:
          schemas:
            Greeting:
              type: object
              required: [id, greeting, createdAt]
              properties:
                id: {type: integer}
                greeting: {type: string}
                createdAt: {type: string}

        """
}

/// A temporary project folder with `Cassettes/` and `Schemas/testvendor/`, and an engine over it.
struct Workspace {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("flowcatalog-tests-\(UUID().uuidString)", isDirectory: true)
        let schemas = root.appendingPathComponent("Schemas/testvendor", isDirectory: true)
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Cassettes", isDirectory: true), withIntermediateDirectories: true)
        try Data(TestVendor.openAPI.utf8).write(to: schemas.appendingPathComponent("testvendor.openapi.yaml"))
    }

    var cassettes: URL { root.appendingPathComponent("Cassettes", isDirectory: true) }

    func engine(
        _ catalog: [Flow] = TestVendor.catalog, simulators: [any Simulator] = [GreetingSimulator()],
        timeout: Duration = .seconds(30)
    ) -> FlowEngine {
        FlowEngine(
            catalog: catalog, simulators: simulators, cassettesRoot: cassettes,
            schemasRoot: root.appendingPathComponent("Schemas", isDirectory: true), displayRoot: root,
            flowTimeout: timeout)
    }

    /// Records the test vendor's catalog and fails the test if any flow did not record.
    func recordAll() async throws {
        let results = await engine().recorder.record(TestVendor.catalog)
        for result in results where result.error != nil {
            throw TestVendorError2(message: "\(result.flow) did not record: \(result.error!)")
        }
    }

    func cassette(_ name: String) -> URL { cassettes.appendingPathComponent("testvendor/\(name).har") }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

struct TestVendorError2: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
