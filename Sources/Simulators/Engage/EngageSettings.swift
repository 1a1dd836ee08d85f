import Foundation
import JSONCore

/// The simulator's configuration, changed through the admin API (`PUT /settings`) and kept in
/// `engage_settings`. Every key has a default, so a fresh simulator answers the documented happy path.
struct EngageSettings: Sendable, Equatable {
    var clientID = "sim-client-id"
    var clientSecret = "sim-client-secret"
    var refreshToken = "sim-refresh-token"
    /// `expires_in` of new tokens, in seconds (§1.2: about 4 hours).
    var tokenLifetime = 14_400
    /// Tokens issued per rolling hour before `/oauth/token` answers 429 `rate_limit_exceeded`; 0 = no limit.
    var tokensPerHour = 0
    /// Requests one token may authorize before the server treats it as expired (fault 145 / 401); 0 = no limit.
    /// Simulates a session the server dropped before its expiry.
    var tokenUseLimit = 0
    /// The next this many event submissions answer 500 `server_error` (then the count is spent).
    var eventPostFailures = 0
    /// A batch holding a named event or goal of this name (its `Event Name` or `Goal Name` attribute) is answered
    /// 400 `invalid_request`, as Engage refuses an event it cannot take; nil refuses none.
    var refusedEventName: String?
    /// A fixed current time (ISO 8601); nil uses the host's clock.
    var now: String?
    /// With ``now`` set, each XMLAPI request moves `now` on by this many seconds after it is answered, so a flow
    /// that polls a job (`GetJobStatus`) sees it progress, the same way on every replay; 0 = the clock stands still.
    var secondsPerRequest = 0

    static let keys = [
        "clientID", "clientSecret", "refreshToken", "tokenLifetime", "tokensPerHour", "tokenUseLimit",
        "eventPostFailures", "now", "refusedEventName", "secondsPerRequest",
    ]

    static func load(_ db: StateDB) throws -> EngageSettings {
        var settings = EngageSettings()
        for row in try StateRow.fetchAll(db.cachedStatement(sql: "SELECT key, value FROM engage_settings")) {
            let key: String = row["key"]
            let value: String = row["value"]
            switch key {
            case "clientID": settings.clientID = value
            case "clientSecret": settings.clientSecret = value
            case "refreshToken": settings.refreshToken = value
            case "tokenLifetime": settings.tokenLifetime = Int(value) ?? settings.tokenLifetime
            case "tokensPerHour": settings.tokensPerHour = Int(value) ?? 0
            case "tokenUseLimit": settings.tokenUseLimit = Int(value) ?? 0
            case "eventPostFailures": settings.eventPostFailures = Int(value) ?? 0
            case "now": settings.now = value
            case "refusedEventName": settings.refusedEventName = value
            case "secondsPerRequest": settings.secondsPerRequest = Int(value) ?? 0
            default: break
            }
        }
        return settings
    }

    static func set(_ db: StateDB, key: String, value: String?) throws {
        if let value {
            try db.execute(
                sql:
                    "INSERT INTO engage_settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [key, value])
        } else {
            try db.execute(sql: "DELETE FROM engage_settings WHERE key = ?", arguments: [key])
        }
    }

    var json: JSONValue {
        var json: JSONValue = [
            "clientID": .string(clientID), "clientSecret": .string(clientSecret),
            "refreshToken": .string(refreshToken), "tokenLifetime": .number(JSONNumber(tokenLifetime)),
            "tokensPerHour": .number(JSONNumber(tokensPerHour)), "tokenUseLimit": .number(JSONNumber(tokenUseLimit)),
            "eventPostFailures": .number(JSONNumber(eventPostFailures)), "now": now.map(JSONValue.string) ?? .null,
        ]
        // Only when set, so that the answers recorded before the setting existed stay the same.
        if let refusedEventName { json["refusedEventName"] = .string(refusedEventName) }
        if secondsPerRequest != 0 { json["secondsPerRequest"] = .number(JSONNumber(secondsPerRequest)) }
        return json
    }

    /// The simulator's current time: the `now` setting when set, else the host's clock.
    static func now(_ db: StateDB, state: SimulatorState) throws -> Date {
        if let text = try String.fetchOne(
            db.cachedStatement(sql: "SELECT value FROM engage_settings WHERE key = 'now'")),
            let date = RFC3339.date(from: text)
        {
            return date
        }
        return state.now
    }
}

extension EngageSettings {
    /// Moves the `now` setting on by `secondsPerRequest` (see ``secondsPerRequest``); nothing when either is unset.
    static func tick(_ db: StateDB) throws {
        guard
            let step = try String.fetchOne(
                db.cachedStatement(sql: "SELECT value FROM engage_settings WHERE key = 'secondsPerRequest'")
            ).flatMap({ Int($0) }), step != 0,
            let text = try String.fetchOne(
                db.cachedStatement(sql: "SELECT value FROM engage_settings WHERE key = 'now'")),
            let date = RFC3339.date(from: text)
        else { return }
        try set(db, key: "now", value: EngageTime.iso(date.addingTimeInterval(TimeInterval(step))))
    }
}

/// Time formats the simulator reads and writes.
enum EngageTime {
    static func iso(_ date: Date) -> String {
        RFC3339.milliseconds(date)
    }

    /// `1/1/26 12:00 AM`, the form of `LastModified` and `OptedIn` in §2.5.
    static func listDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        let minute = parts.minute ?? 0
        return "\(parts.month ?? 1)/\(parts.day ?? 1)/\(String(format: "%02d", (parts.year ?? 2000) % 100)) "
            + "\(twelve):\(String(format: "%02d", minute)) \(hour < 12 ? "AM" : "PM")"
    }
}
