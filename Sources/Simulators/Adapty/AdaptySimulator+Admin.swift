public import CassetteKit
import Foundation
import JSONCore

extension AdaptySimulator {
    /// The admin API under `/__harness/vendors/adapty`:
    ///
    /// | request | does |
    /// | --- | --- |
    /// | `GET /apps` | the apps (key prefix and key) |
    /// | `PUT /apps/{prefix}` `{"api_key":"…"}` | adds or re-keys an app |
    /// | `GET /apps/{prefix}/placements` | its placements |
    /// | `PUT /apps/{prefix}/placements/{id}` `{"kind":"paywall","placement_audience_version_id":"…","variations":[…],"audiences":[{"custom_attributes":{…},"placement_audience_version_id":"…","variations":[…]}],…}` | sets a placement |
    /// | `GET /apps/{prefix}/fallback-file` | the app's fallback file (format version 9) |
    /// | `PUT /onboardings/{id}/script` `{"messages":[…]}` | the messages the onboarding's page posts (`onboarding_completed` only on the screen `final`) |
    /// | `GET /events` | every event received, in order |
    /// | `GET /profiles/{id}` | a stored profile as the backend answers it |
    /// | `PUT /profiles/{id}/access-levels/{level}` `{"is_active":true,"vendor_product_id":"…",…}` | grants an access level (creating the profile if needed) |
    /// | `POST /faults` `{"host":"main","path_contains":"/paywall/","status":503,"headers":{…},"body":"…","times":1}` | a fault |
    /// | `PUT /settings` `{"page_base_url":"http://127.0.0.1:8080/adapty"}` | settings |
    public func respondToAdmin(_ request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        let segments = request.parts.path.split(separator: "/").map(String.init)
        let body = request.decodedBody
        let method = request.method
        return try await state.database.write { db in
            do {
                return try Self.admin(method, segments, body: body, db)
            } catch let failure as AdaptySimulatorFailure {
                return failure.response
            }
        }
    }

    private static func admin(
        _ method: String, _ segments: [String], body: Data, _ db: StateDB
    ) throws
        -> CassetteResponse
    {
        func json() throws -> JSONValue {
            guard let value = try? JSONValue(parsing: body), value.objectValue != nil else {
                throw AdaptySimulatorFailure.invalid("the admin body must be a JSON object")
            }
            return value
        }
        let settings = try AdaptySimulatorSettings(db)
        switch (method, segments) {
        case ("GET", ["apps"]):
            let apps = try StateRow.fetchAll(
                db.cachedStatement(sql: "SELECT prefix, api_key FROM adapty_apps ORDER BY prefix")
            ).map {
                row -> JSONValue in ["prefix": .string(row["prefix"]), "api_key": .string(row["api_key"])]
            }
            return .json(status: 200, ["apps": .array(apps)])
        case ("PUT", let path) where path.count == 2 && path[0] == "apps":
            guard let key = try json()["api_key"]?.stringValue, key.hasPrefix(path[1] + ".") else {
                throw AdaptySimulatorFailure.invalid("`api_key` must be `<prefix>.<secret>` for prefix \(path[1])")
            }
            try db.execute(
                sql:
                    "INSERT INTO adapty_apps (prefix, api_key) VALUES (?, ?) ON CONFLICT(prefix) DO UPDATE SET api_key = excluded.api_key",
                arguments: [path[1], key])
            return .json(status: 200, ["prefix": .string(path[1]), "api_key": .string(key)])
        case ("GET", let path) where path.count == 3 && path[0] == "apps" && path[2] == "placements":
            let placements = try AdaptyPlacementStore.all(app: path[1], db).map { id, body -> JSONValue in
                ["placement_id": .string(id), "placement": body]
            }
            return .json(status: 200, ["placements": .array(placements)])
        case ("PUT", let path) where path.count == 4 && path[0] == "apps" && path[2] == "placements":
            let placement = try json()
            guard ["paywall", "onboarding"].contains(placement["kind"]?.stringValue ?? ""),
                let variations = placement["variations"]?.arrayValue, !variations.isEmpty,
                placement["placement_audience_version_id"]?.stringValue != nil
            else {
                throw AdaptySimulatorFailure.invalid(
                    "a placement needs `kind` (paywall|onboarding), `placement_audience_version_id` and `variations`")
            }
            try AdaptyPlacementStore.save(app: path[1], placementId: path[3], placement, db)
            return .json(status: 200, ["placement_id": .string(path[3]), "placement": placement])
        case ("GET", let path) where path.count == 3 && path[0] == "apps" && path[2] == "fallback-file":
            return .json(
                status: 200, try AdaptyPlacementStore.fallbackFile(app: path[1], pageBaseURL: settings.pageBaseURL, db))
        case ("PUT", let path) where path.count == 3 && path[0] == "onboardings" && path[2] == "script":
            guard let messages = try json()["messages"]?.arrayValue else {
                throw AdaptySimulatorFailure.invalid("`messages` must be an array of page messages")
            }
            // The document: onboarding_completed fires when the user reaches the screen whose id is `final`.
            for (index, message) in messages.enumerated()
            where message["type"]?.stringValue == "analytics" && message["name"]?.stringValue == "onboarding_completed"
            {
                let meta = message["meta"]
                let screen = (meta?["screen_cid"] ?? meta?["screenClientId"])?.stringValue
                guard screen == "final" else {
                    throw AdaptySimulatorFailure.invalid(
                        "messages[\(index)]: an onboarding posts onboarding_completed only on the screen with id "
                            + "`final`, not on \(screen.map { "`\($0)`" } ?? "a screen without an id")")
                }
            }
            try AdaptyPlacementStore.saveScript(onboardingId: path[1], messages: messages, db)
            return .json(status: 200, ["onboarding_id": .string(path[1]), "messages": .array(messages)])
        case ("GET", ["events"]):
            return .json(status: 200, ["events": .array(try AdaptySimulatorEvents.all(db))])
        case ("GET", let path) where path.count == 2 && path[0] == "profiles":
            guard let row = try AdaptySimulatorProfiles.stored(path[1], db) else {
                throw AdaptySimulatorFailure.profileNotFound
            }
            return AdaptySimulatorProfiles.response(row)
        case ("PUT", let path) where path.count == 4 && path[0] == "profiles" && path[2] == "access-levels":
            let level = try json()
            guard level["is_active"]?.boolValue != nil else {
                throw AdaptySimulatorFailure.invalid("an access level needs `is_active`")
            }
            let row = try AdaptySimulatorProfiles.grant(profileId: path[1], level: path[3], level, db)
            return AdaptySimulatorProfiles.response(row)
        case ("POST", ["faults"]):
            return .json(status: 200, try AdaptySimulatorFaults.add(try json(), db))
        case ("PUT", ["settings"]):
            let value = try json()
            if let base = value["page_base_url"]?.stringValue {
                try AdaptySimulatorSettings.set(
                    "page_base_url", base.hasSuffix("/") ? String(base.dropLast()) : base, db)
            }
            let updated = try AdaptySimulatorSettings(db)
            return .json(
                status: 200,
                ["page_base_url": .string(updated.pageBaseURL)])
        default:
            return .json(
                status: 404,
                [
                    "error": "not found",
                    "message": .string("adapty has no admin endpoint \(method) /\(segments.joined(separator: "/"))"),
                ])
        }
    }
}
