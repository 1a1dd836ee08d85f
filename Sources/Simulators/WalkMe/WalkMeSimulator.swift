public import CassetteKit
import Foundation
import JSONCore

/// WalkMe's mobile content protocol as a stateful simulator, mounted at `/walkme`: apps by key and secret, their
/// settings, data files (campaigns with segments, screens, trigger keys and capping; optionally behind an access
/// token), access tokens that expire, the kill switch, and the events endpoint storing what it receives.
///
/// The protocol is not public (vendors.md §4.3): the paths and shapes are the project's assumption, kept in
/// `Schemas/walkme/walkme.openapi.yaml`. Tokens (`wm-at-000001`…) come from a counter and the time from
/// ``SimulatorState/now``, so the same calls give the same bytes. Apps and campaigns are set through the admin
/// API (``respondToAdmin(_:state:)``).
public struct WalkMeSimulator: Simulator, WorkingSimulator {
    /// `walkme`: mounted at `/walkme`.
    public let vendor = "walkme"

    /// The simulator; its state lives in the host's store, starting from the demo data.
    public init() {}

    package func registerMigrations(_ migrator: inout StateMigrator) {
        WalkMeSchema.register(&migrator)
    }

    /// The demo app's key and secret as HTTP Basic credentials (the base64 part of `Authorization: Basic …`).
    public var testCredentials: [TestCredential] {
        [
            TestCredential(
                vendor: vendor, name: "basic",
                value: Data("\(WalkMeDemo.appKey):\(WalkMeDemo.secret)".utf8).base64EncodedString())
        ]
    }

    /// Empties the `walkme_…` tables and restores the demo data, as if just started.
    public func reset(state: SimulatorState) async throws {
        try await state.database.write { try WalkMeSchema.reset($0) }
    }

    /// Answers one WalkMe request (URL relative to `/walkme`); errors come back as WalkMe documents them.
    public func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        try await work(for: request, state: state).run(on: state.database)
    }

    package func work(for request: CassetteRequest, state: SimulatorState) -> SimulatorWork {
        let now = state.epochSecond
        let target = WalkMeTarget(url: request.url)
        let segments = target.segments
        if segments.count == 3, segments[0] == "self-hosted", segments[2] == "data.json", request.method == "GET" {
            return selfHosted(key: segments[1], ifNoneMatch: request.headers["If-None-Match"])
        }
        guard segments.count == 5, segments.starts(with: ["sdk", "v1", "apps"]) else {
            return .answer(
                WalkMeFailure(
                    .notFound, "WalkMe has no SDK endpoint \(request.method) /\(segments.joined(separator: "/"))"
                )
                .response)
        }
        let key = segments[3]
        let credentials = WalkMeCredentials(request.headers)
        let body = request.decodedBody
        let ifNoneMatch = request.headers["If-None-Match"]
        return .write { db in
            do {
                guard let app = try WalkMeApp.find(key, db) else {
                    throw WalkMeFailure(.appNotFound, "no app has the key \(key)")
                }
                let call = WalkMeCall(app: app, now: now, db: db)
                switch (request.method, segments[4]) {
                case ("GET", "settings.json"):
                    try call.checkType(target.query["type"])
                    try call.authenticate(credentials)
                    return .json(status: 200, app.settings)
                case ("POST", "token"):
                    try call.authenticate(credentials)
                    try call.checkKillSwitch()
                    return try call.issueToken()
                case ("GET", "data.json"):
                    try call.checkKillSwitch()
                    return try call.dataFile(credentials, ifNoneMatch: ifNoneMatch)
                case ("POST", "events"):
                    try call.authenticate(credentials)
                    let type = request.headers["Content-Type"]?.split(separator: ";").first?
                        .trimmingWhitespace().lowercased()
                    guard type == "application/json" else {
                        throw WalkMeFailure(.invalidEvents, "the body must be application/json")
                    }
                    return try call.storeEvents(body)
                default:
                    throw WalkMeFailure(
                        .notFound, "WalkMe has no SDK endpoint \(request.method) /\(segments.joined(separator: "/"))")
                }
            } catch let failure as WalkMeFailure {
                return failure.response
            }
        }
    }
}

extension WalkMeSimulator {
    /// A self-hosted data file: the customer's own host serving the app's content package, without WalkMe's
    /// credentials (the SDK's `selfHostedURL`). Same body and ETag as WalkMe's data file.
    func selfHosted(key: String, ifNoneMatch: String?) -> SimulatorWork {
        .read { db in
            guard let app = try WalkMeApp.find(key, db) else {
                return WalkMeFailure(.appNotFound, "no content package is hosted for app \(key)").response
            }
            do {
                return try WalkMeCall(app: app, now: 0, db: db).dataFile(
                    .none, ifNoneMatch: ifNoneMatch, selfHosted: true)
            } catch let failure as WalkMeFailure {
                return failure.response
            }
        }
    }
}

/// The path's segments without empty ones, and the query's parameters (percent-decoded, `+` as a space).
struct WalkMeTarget {
    var segments: [String]
    var query: [String: String]

    init(url: String) {
        let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        segments = (parts.first ?? "").split(separator: "/").map { FormCoding.decodePath($0) }
        query = parts.count == 2 ? FormCoding.decode(parts[1]).lastValues : [:]
    }
}
