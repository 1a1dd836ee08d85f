public import CassetteKit
import Foundation
import JSONCore

/// WebEngage in-line content (vendors.md §3, the App In-line Content page) as a stateful simulator, mounted at
/// `/webengage`: license codes, users (`luid`, `cuid`), screens with their properties, a campaign per property
/// with a Banner, Text or Custom template, default content, control groups, the images templates show, and the
/// system events the SDK uploads.
///
/// | request | answer |
/// | --- | --- |
/// | `GET /users/{licenseCode}/{luid}/inline-properties?screen=…[&cuid=…]` | the screen's properties (assumed call) |
/// | `POST /users/{licenseCode}/{luid}/templates/APP_PERSONALIZATION-{variationId}[?cuid=…]` | the template |
/// | `POST /users/{licenseCode}/{luid}/events` | stores the events (assumed call) |
/// | `GET /resources/{name}` | an image of a template |
///
/// A variation's render delay is reported in `X-Simulated-Render-Delay-Ms` so a flow can advance its clock by it and
/// provoke `timeout` deterministically. The admin API (``respondToAdmin(_:state:)``) configures all of it.
public struct WebEngageSimulator: Simulator, WorkingSimulator {
    /// `webengage`: mounted at `/webengage`.
    public let vendor = "webengage"

    /// The simulator; its state lives in the host's store, starting from the demo data.
    public init() {}

    package func registerMigrations(_ migrator: inout StateMigrator) {
        WebEngageSchema.register(&migrator)
    }

    /// Empties the `webengage_…` tables and restores the demo data, as if just started.
    public func reset(state: SimulatorState) async throws {
        try await state.database.write { try WebEngageSchema.reset($0) }
    }

    /// Answers one WebEngage request (URL relative to `/webengage`); errors come back as WebEngage documents them.
    public func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        try await work(for: request, state: state).run(on: state.database)
    }

    package func work(for request: CassetteRequest, state: SimulatorState) -> SimulatorWork {
        let target = WebEngagePath(url: request.url)
        let segments = target.segments
        let body = request.decodedBody
        let method = request.method
        return .write { db in
            do {
                if method == "GET", segments.count == 2, segments[0] == "resources" {
                    return try WebEngageResources.serve(segments[1], db)
                }
                guard segments.count == 4, segments[0] == "users" else {
                    throw WebEngageFailure.notFound(
                        "not_found", "WebEngage has no endpoint \(method) /\(segments.joined(separator: "/"))")
                }
                let user = try WebEngageUser.admit(
                    license: segments[1], luid: segments[2], cuid: target.query["cuid"], db)
                switch (method, segments[3]) {
                case ("GET", "inline-properties"):
                    return try WebEngageProperties.list(for: user, screen: target.query["screen"], db)
                case ("POST", let last) where last.hasPrefix(WebEngageTemplates.prefix):
                    return try WebEngageTemplates.fetch(
                        variation: String(last.dropFirst(WebEngageTemplates.prefix.count)), request: request,
                        for: user, db)
                case ("POST", "events"):
                    return try WebEngageEvents.store(body, declaredJSON: request.declaresJSON, for: user, db)
                default:
                    throw WebEngageFailure.notFound(
                        "not_found", "WebEngage has no endpoint \(method) /\(segments.joined(separator: "/"))")
                }
            } catch let failure as WebEngageFailure {
                return failure.response
            }
        }
    }
}

/// The path's segments (percent-decoded; `templates/APP_PERSONALIZATION-x` kept as one) and the query. An empty
/// segment inside the path is kept (`users//u-1/events` names the license code "", which no license is); the
/// leading slash's and a trailing slash's are not.
struct WebEngagePath {
    var segments: [String]
    var query: [String: String]

    init(url: String) {
        let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var segments = (parts.first ?? "").split(separator: "/", omittingEmptySubsequences: false).map {
            FormCoding.decodePath($0)
        }
        if segments.first == "" { segments.removeFirst() }
        if segments.count > 1, segments.last == "" { segments.removeLast() }
        if segments.count == 5, segments[0] == "users", segments[3] == "templates" {
            segments = [segments[0], segments[1], segments[2], "templates/" + segments[4]]
        }
        self.segments = segments
        query = parts.count == 2 ? FormCoding.decode(parts[1]).lastValues : [:]
    }
}

/// The caller: a known license code and the device user, remembered with the `cuid` it last came with.
struct WebEngageUser {
    var license: String
    var luid: String
    var cuid: String?

    static func admit(license: String, luid: String, cuid: String?, _ db: StateDB) throws -> WebEngageUser {
        let known = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM webengage_licenses WHERE code = ?)"),
            arguments: [license])
        guard known == true else { throw WebEngageFailure.invalidLicense(license) }
        guard !luid.isEmpty, luid.count <= 128 else {
            throw WebEngageFailure.badRequest("invalid_luid", "the user id (luid) must be 1 to 128 characters")
        }
        let loggedIn = cuid.flatMap { $0.isEmpty ? nil : $0 }
        // A known user whose `cuid` would not change is not written again: the call stays a read, which runs on a
        // read-only snapshot beside other calls and may be answered from the read cache.
        if let known = try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT cuid FROM webengage_users WHERE license = ? AND luid = ?"),
            arguments: [license, luid]),
            loggedIn == nil || known["cuid"] == loggedIn
        {
            return WebEngageUser(license: license, luid: luid, cuid: loggedIn)
        }
        try db.execute(
            sql: """
                INSERT INTO webengage_users (license, luid, cuid) VALUES (?, ?, ?)
                ON CONFLICT(license, luid) DO UPDATE SET cuid = COALESCE(excluded.cuid, webengage_users.cuid)
                """, arguments: [license, luid, loggedIn])
        return WebEngageUser(license: license, luid: luid, cuid: loggedIn)
    }
}
