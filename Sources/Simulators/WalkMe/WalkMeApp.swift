import Foundation
import JSONCore

/// One app of the simulator: its key and secret, and the settings its SDKs receive.
struct WalkMeApp: Sendable, Hashable {
    var key: String
    var secret: String
    var killSwitch = false
    /// `none` or `token` (the data file needs `Authorization: Bearer`).
    var dataFileAuth = "none"
    /// Bumped whenever the campaigns change.
    var dataFileVersion = 1
    var sessionTimeout = 1800
    var maxCampaignsPerSession: Int?
    var eventsBatchSize = 20
    var offlineDays = 30
    var languages = ["en"]
    /// How long an access token lives, in seconds.
    var tokenLifetime = 86_400

    static let demo = WalkMeApp(key: WalkMeDemo.appKey, secret: WalkMeDemo.secret)

    /// The settings document (paths relative to the settings URL).
    var settings: JSONValue {
        [
            "appKey": .string(key), "dataFileUrl": "data.json", "dataFileVersion": .number(JSONNumber(dataFileVersion)),
            "dataFileAuth": .string(dataFileAuth), "tokenUrl": "token", "eventsUrl": "events",
            "languages": .array(languages.map(JSONValue.string)),
            "sessionTimeout": .number(JSONNumber(sessionTimeout)),
            "maxCampaignsPerSession": maxCampaignsPerSession.map { .number(JSONNumber($0)) } ?? .null,
            "eventsBatchSize": .number(JSONNumber(eventsBatchSize)), "killSwitch": .bool(killSwitch),
            "offlineDays": .number(JSONNumber(offlineDays)),
        ]
    }

    /// The app as the admin API shows it (the secret included: the admin API is the operator's).
    var adminJSON: JSONValue {
        guard case .object(var object) = settings else { return settings }
        object["secret"] = .string(secret)
        object["tokenLifetime"] = .number(JSONNumber(tokenLifetime))
        return .object(object)
    }

    private var config: JSONValue {
        [
            "killSwitch": .bool(killSwitch), "dataFileAuth": .string(dataFileAuth),
            "dataFileVersion": .number(JSONNumber(dataFileVersion)),
            "sessionTimeout": .number(JSONNumber(sessionTimeout)),
            "maxCampaignsPerSession": maxCampaignsPerSession.map { .number(JSONNumber($0)) } ?? .null,
            "eventsBatchSize": .number(JSONNumber(eventsBatchSize)), "offlineDays": .number(JSONNumber(offlineDays)),
            "languages": .array(languages.map(JSONValue.string)),
            "tokenLifetime": .number(JSONNumber(tokenLifetime)),
        ]
    }

    func save(_ db: StateDB) throws {
        try db.execute(
            sql: """
                INSERT INTO walkme_apps (key, secret, config) VALUES (?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET secret = excluded.secret, config = excluded.config
                """, arguments: [key, secret, config.serialized([.sortedKeys])])
    }

    static func find(_ key: String, _ db: StateDB) throws -> WalkMeApp? {
        guard
            let row = try StateRow.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM walkme_apps WHERE key = ?"), arguments: [key])
        else {
            return nil
        }
        var app = WalkMeApp(key: row["key"], secret: row["secret"])
        let text: String = row["config"]
        if let config = try? JSONValue(parsing: text) { try? app.apply(config) }
        return app
    }

    static func all(_ db: StateDB) throws -> [WalkMeApp] {
        try String.fetchAll(db.cachedStatement(sql: "SELECT key FROM walkme_apps ORDER BY key")).compactMap {
            try find($0, db)
        }
    }

    /// Changes the members present in `fields`; throws a message naming the first bad one.
    mutating func apply(_ fields: JSONValue) throws(WalkMeAdminFailure) {
        guard let object = fields.objectValue else { throw .badRequest("the body must be a JSON object") }
        func integer(_ name: String, _ range: ClosedRange<Int>) throws(WalkMeAdminFailure) -> Int? {
            guard let value = object[name] else { return nil }
            guard let number = value.numberValue?.integer, let int = Int(exactly: number), range.contains(int) else {
                throw .badRequest("`\(name)` is an integer in \(range.lowerBound)...\(range.upperBound)")
            }
            return int
        }
        func flag(_ name: String) throws(WalkMeAdminFailure) -> Bool? {
            guard let value = object[name] else { return nil }
            guard let flag = value.boolValue else { throw .badRequest("`\(name)` is a boolean") }
            return flag
        }
        if let value = object["secret"] {
            guard let text = value.stringValue, !text.isEmpty else {
                throw .badRequest("`secret` is a non-empty string")
            }
            secret = text
        }
        if let value = object["dataFileAuth"] {
            guard let text = value.stringValue, ["none", "token"].contains(text) else {
                throw .badRequest("`dataFileAuth` is none or token")
            }
            dataFileAuth = text
        }
        if let value = object["languages"] {
            guard let items = value.arrayValue, !items.isEmpty, items.allSatisfy({ $0.stringValue != nil }) else {
                throw .badRequest("`languages` is a non-empty array of strings")
            }
            languages = items.compactMap(\.stringValue)
        }
        if let value = object["maxCampaignsPerSession"] {
            if value.isNull {
                maxCampaignsPerSession = nil
            } else {
                maxCampaignsPerSession = try integer("maxCampaignsPerSession", 0...1000)
            }
        }
        killSwitch = try flag("killSwitch") ?? killSwitch
        dataFileVersion = try integer("dataFileVersion", 0...Int(Int32.max)) ?? dataFileVersion
        sessionTimeout = try integer("sessionTimeout", 1...86_400) ?? sessionTimeout
        eventsBatchSize = try integer("eventsBatchSize", 1...1000) ?? eventsBatchSize
        offlineDays = try integer("offlineDays", 0...3650) ?? offlineDays
        tokenLifetime = try integer("tokenLifetime", 1...31_536_000) ?? tokenLifetime
    }

    static func campaigns(of key: String, _ db: StateDB) throws -> [JSONValue] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT body FROM walkme_campaigns WHERE app = ? ORDER BY position"),
            arguments: [key]
        )
        .compactMap { try? JSONValue(parsing: $0) }
    }

    static func replaceCampaigns(of key: String, with campaigns: [JSONValue], _ db: StateDB) throws {
        try db.execute(sql: "DELETE FROM walkme_campaigns WHERE app = ?", arguments: [key])
        for (position, campaign) in campaigns.enumerated() {
            try db.execute(
                sql: "INSERT INTO walkme_campaigns (app, position, body) VALUES (?, ?, ?)",
                arguments: [key, position, campaign.serialized([.sortedKeys])])
        }
    }
}

/// An admin request the simulator refuses.
struct WalkMeAdminFailure: Error {
    var status: Int
    var error: String
    var message: String

    static func badRequest(_ message: String) -> WalkMeAdminFailure {
        WalkMeAdminFailure(status: 400, error: "bad request", message: message)
    }
}
