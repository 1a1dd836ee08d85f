public import CassetteKit
import Foundation
import JSONCore

/// The Adapty SDK backend (vendors.md §2) as a stateful simulator, mounted at `/adapty`: the main host under
/// `/api/v1` (placement variations by SDK key prefix, profiles, events), the fallback host under
/// `/fallback/api/v1`, and the onboarding pages that `onboarding_builder.config_url` points to under
/// `/onboarding-pages`. Written from the vendor document and the protocol notes, independently of `AdaptySDK`.
///
/// Out of the box it serves ``AdaptyDemoApp``. Apps, placements, onboarding scripts, settings and faults are set
/// through the admin API (``respondToAdmin(_:state:)``); stored events are read there too.
public struct AdaptySimulator: Simulator, WorkingSimulator {
    /// `adapty`: mounted at `/adapty`.
    public let vendor = "adapty"

    /// The simulator; its state lives in the host's store, starting from the demo data.
    public init() {}

    package func registerMigrations(_ migrator: inout StateMigrator) {
        AdaptySimulatorSchema.register(&migrator)
    }

    /// The demo app's public SDK key (`Authorization: Api-Key <key>`).
    public var testCredentials: [TestCredential] {
        [TestCredential(vendor: vendor, name: "api_key", value: AdaptyDemoApp.apiKey)]
    }

    /// Empties the `adapty_…` tables and restores the demo data, as if just started.
    public func reset(state: SimulatorState) async throws {
        try await state.database.write { try AdaptySimulatorSchema.reset($0) }
    }

    /// Answers one Adapty request (URL relative to `/adapty`); errors come back as Adapty documents them.
    public func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        try await work(for: request, state: state).run(on: state.database)
    }

    package func work(for request: CassetteRequest, state: SimulatorState) -> SimulatorWork {
        let path = request.parts.path
        let now = state.now
        let body = request.decodedBody
        return .write { db in
            guard let route = AdaptySimulatorRoute.parse(path: path) else {
                return AdaptySimulatorFailure.notFound.response
            }
            if let fault = try AdaptySimulatorFaults.take(host: route.host, path: path, db) { return fault }
            do {
                let settings = try AdaptySimulatorSettings(db)
                switch route {
                case .onboardingPage(let id), .onboardingScript(let id):
                    guard request.method == "GET" else { throw AdaptySimulatorFailure.methodNotAllowed }
                    guard let messages = try AdaptyPlacementStore.script(onboardingId: id, db) else {
                        throw AdaptySimulatorFailure.notFound
                    }
                    if case .onboardingPage = route {
                        return AdaptyPlacementStore.page(onboardingId: id, messages: messages)
                    }
                    return .json(status: 200, ["onboarding_id": .string(id), "messages": .array(messages)])
                default:
                    break
                }
                let apps = try Self.authorize(request.headers["Authorization"], settings: settings, db)
                let profileAttributes = try request.headers["adapty-sdk-profile-id"].flatMap {
                    try AdaptySimulatorProfiles.stored($0, db)?.attributes
                }
                switch route {
                case .variations(let kind, let app, let placement, let variation):
                    guard request.method == "GET" else { throw AdaptySimulatorFailure.methodNotAllowed }
                    guard apps.contains(app) else { throw AdaptySimulatorFailure.unauthorized }
                    return .json(
                        status: 200,
                        try AdaptyPlacementStore.answer(
                            kind: kind, app: app, placementId: placement, variation: variation,
                            profileAttributes: profileAttributes, pageBaseURL: settings.pageBaseURL, db))
                case .fallbackVariations(let kind, let app, let placement, let variation, _):
                    guard request.method == "GET" else { throw AdaptySimulatorFailure.methodNotAllowed }
                    guard apps.contains(app) else { throw AdaptySimulatorFailure.unauthorized }
                    return .json(
                        status: 200,
                        try AdaptyPlacementStore.answer(
                            kind: kind, app: app, placementId: placement, variation: variation,
                            profileAttributes: profileAttributes, pageBaseURL: settings.pageBaseURL, db))
                case .profile(let id):
                    if request.method == "POST" || request.method == "PATCH" { try Self.requireJSON(request) }
                    return try AdaptySimulatorProfiles.answer(
                        method: request.method, profileId: id, body: body, now: now, db)
                case .events:
                    guard request.method == "POST" else { throw AdaptySimulatorFailure.methodNotAllowed }
                    try Self.requireJSON(request)
                    return try AdaptySimulatorEvents.receive(body, db)
                case .onboardingPage, .onboardingScript:
                    throw AdaptySimulatorFailure.notFound
                }
            } catch let failure as AdaptySimulatorFailure {
                return failure.response
            }
        }
    }

    /// Every request body of the contract is JSON: another `Content-Type` is a 400 in the `detail` form.
    private static func requireJSON(_ request: CassetteRequest) throws {
        guard request.declaresJSON else {
            throw AdaptySimulatorFailure.invalid("the body must be sent as application/json")
        }
    }

    /// The apps (key prefixes) the `Authorization: Api-Key <key>` header opens: the key's own app.
    private static func authorize(
        _ header: String?, settings: AdaptySimulatorSettings, _ db: StateDB
    ) throws
        -> Set<String>
    {
        guard let header, header.hasPrefix("Api-Key ") else { throw AdaptySimulatorFailure.unauthorized }
        let key = String(header.dropFirst("Api-Key ".count))
        guard
            let app = try String.fetchOne(
                db.cachedStatement(sql: "SELECT prefix FROM adapty_apps WHERE api_key = ?"), arguments: [key])
        else { throw AdaptySimulatorFailure.unauthorized }
        return [app]
    }
}

/// Faults set through the admin API: the next `times` requests to a host (`main`, `fallback`, `pages` or `any`)
/// whose path contains a text get a fixed answer (status, headers, raw body) instead of the simulated one.
enum AdaptySimulatorFaults {
    static func add(_ value: JSONValue, _ db: StateDB) throws -> JSONValue {
        guard let status = value["status"]?.numberValue?.integer, let code = Int(exactly: status),
            (100...599).contains(code)
        else { throw AdaptySimulatorFailure.invalid("`status` must be an HTTP status") }
        let host = value["host"]?.stringValue ?? "any"
        guard ["main", "fallback", "pages", "any"].contains(host) else {
            throw AdaptySimulatorFailure.invalid("`host` must be main, fallback, pages or any")
        }
        let times = value["times"]?.numberValue?.integer.flatMap { Int(exactly: $0) } ?? 1
        try db.execute(
            sql: """
                INSERT INTO adapty_faults (host, path_contains, status, headers, body, remaining)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                host, value["path_contains"]?.stringValue ?? "", code,
                (value["headers"] ?? .object(JSONObject())).serialized(.sortedKeys), value["body"]?.stringValue ?? "",
                max(times, 1),
            ])
        return ["fault": value]
    }

    static func take(host: String, path: String, _ db: StateDB) throws -> CassetteResponse? {
        for row in try StateRow.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM adapty_faults WHERE remaining > 0 ORDER BY seq"))
        {
            let faultHost: String = row["host"]
            let contains: String = row["path_contains"]
            guard faultHost == "any" || faultHost == host, contains.isEmpty || path.contains(contains) else { continue }
            try db.execute(
                sql: "UPDATE adapty_faults SET remaining = remaining - 1 WHERE seq = ?",
                arguments: [row["seq"] as Int64])
            var headers: HeaderFields = [:]
            let body: String = row["body"]
            let parsed = try? JSONValue(parsing: body)
            if parsed?.objectValue != nil || parsed?.arrayValue != nil {
                headers["Content-Type"] = "application/json"
            } else if !body.isEmpty {
                headers["Content-Type"] = "text/plain"
            }
            for (name, value) in (try? JSONValue(parsing: row["headers"] as String))?.objectValue ?? JSONObject() {
                if let text = value.stringValue { headers[name] = text }
            }
            return CassetteResponse(status: row["status"], headers: headers, body: Data(body.utf8))
        }
        return nil
    }
}
