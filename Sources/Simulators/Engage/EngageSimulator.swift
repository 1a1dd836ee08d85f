public import CassetteKit
import Foundation
import JSONCore

/// The Silverpop Engage simulator (protocols/engage.md), mounted at `/engage`:
///
/// | path | what it does |
/// | --- | --- |
/// | `POST /oauth/token` | refresh-token grant (§1): `sim-token-N` tokens, invalid client (401), invalid grant (400), tokens-per-hour limit (429) |
/// | `POST /XMLAPI` | the `xml` form field (§2): bearer check (fault 145), a stateful recipient database and relational tables |
/// | `POST /rest/events/submission` | UBF events (§3): validated, stored once per `eventId`, answered `{}` |
///
/// Everything it remembers is in `engage_…` tables; ids come from counters and time from the `now` setting
/// (or ``SimulatorState/now``), so replaying the same requests gives the same responses. The admin API is
/// described by ``EngageSimulator/respondToAdmin(_:state:)``.
public struct EngageSimulator: Simulator, WorkingSimulator {
    /// `engage`: mounted at `/engage`.
    public let vendor = "engage"

    /// The simulator; its state lives in the host's store, starting from the demo data.
    public init() {}

    package func registerMigrations(_ migrator: inout StateMigrator) {
        migrator.registerMigration("engage.v1") { db in
            try EngageSchema.create(db)
            try EngageSchema.seed(db)
        }
        migrator.registerMigration("engage.v2") { db in
            try db.execute(sql: "CREATE TABLE engage_token_aliases(placeholder TEXT PRIMARY KEY, token TEXT NOT NULL)")
        }
        // Placeholders are no longer bound inside the simulator (the provider check binds them before sending).
        migrator.registerMigration("engage.v3") { db in
            try db.execute(sql: "DROP TABLE engage_token_aliases")
        }
        // A recipient is found by a column's value (Email, a sync field), and the hourly token limit counts the
        // tokens of the last hour: index both, so neither costs more as recipients and tokens accumulate.
        migrator.registerMigration("engage.v4") { db in
            try db.execute(
                sql: """
                    CREATE INDEX engage_recipient_values_by_value
                        ON engage_recipient_values(name, value COLLATE NOCASE);
                    CREATE INDEX engage_tokens_by_issue ON engage_tokens(issued_at);
                    """)
        }
        // Every XMLAPI operation the Engage SDK lists (issue #34): each group of operations brings its tables.
        EngageOperations.registerMigrations(&migrator)
    }

    /// Answers one Engage request (URL relative to `/engage`): OAuth, XMLAPI or UBF events, per the table above; errors
    /// come back as Engage documents them.
    public func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        try await work(for: request, state: state).run(on: state.database)
    }

    package func work(for request: CassetteRequest, state: SimulatorState) -> SimulatorWork {
        let path = request.parts.path
        switch (request.method.uppercased(), path) {
        case ("POST", "/oauth/token"):
            return .write { db in
                try EngageOAuth.respond(to: request, db: db, now: EngageSettings.now(db, state: state))
            }
        case ("POST", "/XMLAPI"):
            return .write { db in
                try EngageXMLAPI.respond(to: request, db: db, now: EngageSettings.now(db, state: state))
            }
        case ("POST", "/rest/events/submission"):
            return .write { db in
                try EngageEvents.respond(to: request, db: db, now: EngageSettings.now(db, state: state))
            }
        case (_, "/oauth/token"), (_, "/XMLAPI"), (_, "/rest/events/submission"):
            return .answer(
                .json(
                    status: 405,
                    ["error": "method_not_allowed", "error_description": .string("\(path) accepts POST only")],
                    headers: ["Allow": "POST"]))
        default:
            return .answer(
                .json(
                    status: 404,
                    ["error": "not_found", "error_description": .string("engage has no endpoint \(path)")]))
        }
    }

    /// The admin API under `/__harness/vendors/engage`: see ``EngageAdmin``.
    public func respondToAdmin(_ request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        try await state.database.write { db in
            try EngageAdmin.respond(to: request, db: db, now: EngageSettings.now(db, state: state))
        }
    }

    /// The default OAuth client secret and refresh token (the client id is not a secret), and the demo user's password.
    public var testCredentials: [TestCredential] {
        let settings = EngageSettings()
        return [
            TestCredential(vendor: vendor, name: "client_secret", value: settings.clientSecret),
            TestCredential(vendor: vendor, name: "refresh_token", value: settings.refreshToken),
            // The demo user's password, which Login (legacy sessions) sends in PASSWORD.
            TestCredential(vendor: vendor, name: "password", value: EngageContactOperations.demoUser.password),
        ]
    }

    /// Empties the `engage_…` tables and restores the demo data, as if just started.
    public func reset(state: SimulatorState) async throws {
        try await state.database.write { db in
            try EngageSchema.clear(db)
            try EngageSchema.seed(db)
            try EngageOperations.seed(db)
        }
    }
}
