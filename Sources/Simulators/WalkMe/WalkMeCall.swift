import CassetteKit
import Foundation
import JSONCore

/// One SDK call against one app, inside a database transaction.
struct WalkMeCall {
    let app: WalkMeApp
    let now: Int
    let db: StateDB

    /// The application types of the SDK's start (native 10, hybrid 11, cocos2d 12, unity 13).
    func checkType(_ type: String?) throws {
        guard let type else { return }
        guard let value = Int(type), (10...13).contains(value) else {
            throw WalkMeFailure(.invalidRequest, "type '\(type)' is not an application type (10 to 13)")
        }
    }

    /// HTTP Basic with the app's key and secret (or a cassette's placeholder, when the app accepts it).
    func authenticate(_ credentials: WalkMeCredentials) throws {
        switch credentials {
        case .basic(let key, let secret) where key == app.key && secret == app.secret:
            return
        case .none, .malformed, .bearer:
            throw WalkMeFailure(.invalidCredentials, "send the app key and secret as HTTP Basic credentials")
        default:
            throw WalkMeFailure(.invalidCredentials, "the key and secret do not match app \(app.key)")
        }
    }

    func checkKillSwitch() throws {
        if app.killSwitch { throw WalkMeFailure(.killSwitched, "the kill switch of app \(app.key) is on") }
    }

    func issueToken() throws -> CassetteResponse {
        let seq =
            try Int64.fetchOne(
                db.cachedStatement(
                    sql:
                        "INSERT INTO walkme_tokens (token, app, issued_at, expires_at) VALUES ('', ?, ?, ?) RETURNING seq"
                ),
                arguments: [app.key, now, now + app.tokenLifetime]) ?? 0
        let digits = String(seq)
        let token = "wm-at-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        try db.execute(sql: "UPDATE walkme_tokens SET token = ? WHERE seq = ?", arguments: [token, seq])
        return .json(
            status: 200,
            [
                "access_token": .string(token), "token_type": "Bearer",
                "expires_in": .number(JSONNumber(app.tokenLifetime)),
            ], headers: ["Cache-Control": "no-store"])
    }

    /// The data file, behind a token when the app says so; 304 when `If-None-Match` names the current version.
    func dataFile(
        _ credentials: WalkMeCredentials, ifNoneMatch: String?, selfHosted: Bool = false
    ) throws -> CassetteResponse {
        if app.dataFileAuth == "token" && !selfHosted { try checkToken(credentials) }
        let etag = "\"v\(app.dataFileVersion)\""
        if let ifNoneMatch,
            ifNoneMatch.split(separator: ",").contains(where: { $0.trimmingWhitespace() == etag })
        {
            return CassetteResponse(status: 304, headers: ["ETag": etag])
        }
        let campaigns = try WalkMeApp.campaigns(of: app.key, db)
        return .json(
            status: 200, ["version": .number(JSONNumber(app.dataFileVersion)), "campaigns": .array(campaigns)],
            headers: ["ETag": etag])
    }

    /// The token must be one issued to the app (a cassette's redaction placeholder is not: the provider check binds
    /// it to the token the simulator issued during the replay before sending).
    private func checkToken(_ credentials: WalkMeCredentials) throws {
        guard case .bearer(let token) = credentials else {
            throw WalkMeFailure(.invalidToken, "the data file of app \(app.key) needs Authorization: Bearer <token>")
        }
        let row = try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM walkme_tokens WHERE app = ? AND token = ?"),
            arguments: [app.key, token])
        guard let row else {
            throw WalkMeFailure(.invalidToken, "the access token is not one issued to app \(app.key)")
        }
        let expiresAt: Int = row["expires_at"]
        guard now < expiresAt else {
            throw WalkMeFailure(.tokenExpired, "the access token expired; ask POST token for a new one")
        }
    }

    func storeEvents(_ body: Data) throws -> CassetteResponse {
        guard let batch = try? JSONValue(parsing: body), let object = batch.objectValue else {
            throw WalkMeFailure(.invalidEvents, "the body must be a JSON object {deviceId, events}")
        }
        if let unknown = object.keys.first(where: { !["deviceId", "userId", "events"].contains($0) }) {
            throw WalkMeFailure(.invalidEvents, "\(unknown) is not a member of an event batch")
        }
        guard let deviceId = object["deviceId"]?.stringValue, !deviceId.isEmpty else {
            throw WalkMeFailure(.invalidEvents, "deviceId is a non-empty string")
        }
        let userId = object["userId"]
        guard userId == nil || userId?.stringValue != nil else {
            throw WalkMeFailure(.invalidEvents, "userId is a string")
        }
        guard let events = object["events"]?.arrayValue, !events.isEmpty, events.count <= 1000 else {
            throw WalkMeFailure(.invalidEvents, "events is an array of 1 to 1000 events")
        }
        for (index, event) in events.enumerated() {
            guard let type = event["type"]?.stringValue, WalkMeEventTypes.names.contains(type) else {
                throw WalkMeFailure(.invalidEvents, "events/\(index)/type is not a WMStatsEventType name")
            }
            guard event["timestamp"]?.numberValue?.integer != nil else {
                throw WalkMeFailure(.invalidEvents, "events/\(index)/timestamp is an integer (ms since 1970)")
            }
            if let problem = WalkMeEventTypes.problem(in: event) {
                throw WalkMeFailure(.invalidEvents, "events/\(index)/\(problem)")
            }
        }
        for event in events {
            try db.execute(
                sql: "INSERT INTO walkme_events (app, received_at, device_id, user_id, event) VALUES (?, ?, ?, ?, ?)",
                arguments: [app.key, now, deviceId, userId?.stringValue, event.serialized([.sortedKeys])])
        }
        return .json(status: 202, ["accepted": .number(JSONNumber(events.count))])
    }
}

/// The event type names of the analytics upload (the ObjC `WMStatsEventType` cases).
enum WalkMeEventTypes {
    /// The members an event may carry besides `type` and `timestamp`, and the text members among them.
    static let textMembers: Set<String> = ["sessionId", "campaignId", "cta", "ctaId", "name", "screenId", "userId"]

    /// What is wrong with an event's optional members (the contract's `Event`), or nil.
    static func problem(in event: JSONValue) -> String? {
        for member in event.objectValue ?? JSONObject() {
            switch member.key {
            case "type", "timestamp":
                continue
            case _ where textMembers.contains(member.key):
                if member.value.stringValue == nil { return "\(member.key) is a string" }
            case "duration":
                guard let duration = member.value.numberValue?.integer, duration >= 0 else {
                    return "duration is an integer of at least 0"
                }
            case "properties":
                if member.value.objectValue == nil { return "properties is an object" }
            case "answers":
                guard let answers = member.value.objectValue, answers.allSatisfy({ $0.value.stringValue != nil })
                else { return "answers is an object of strings" }
            default:
                return "\(member.key) is not a member of an event"
            }
        }
        return nil
    }

    static let names: Set<String> = [
        "SessionStarted", "SessionStop", "AppTerminated", "AppEnteredFg", "AppEnteredBg", "PromoImp", "PromoClk",
        "StepImp", "StepClk", "Interaction", "Goal", "ViewTransition", "Monitoring", "MonitoringElement",
        "MonitoringView", "Users", "OnboardingItemCompleted",
    ]
}
