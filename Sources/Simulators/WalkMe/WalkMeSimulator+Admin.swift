public import CassetteKit
import Foundation
import JSONCore

extension WalkMeSimulator {
    /// The simulator's admin API, under `/__harness/vendors/walkme`:
    ///
    /// | request | effect |
    /// | --- | --- |
    /// | `GET /apps` | the apps and their settings |
    /// | `PUT /apps/{key}` `{"secret","killSwitch","dataFileAuth":"none"/"token","sessionTimeout","maxCampaignsPerSession","eventsBatchSize","offlineDays","languages","tokenLifetime","dataFileVersion"}` | creates (with `secret`) or changes an app; keys optional |
    /// | `DELETE /apps/{key}` | removes an app (its calls then answer `app_not_found`) |
    /// | `GET /apps/{key}/campaigns` | the campaigns of its data file |
    /// | `PUT /apps/{key}/campaigns` `{"campaigns":[…]}` | replaces them (checked) and bumps the data file version |
    /// | `GET /apps/{key}/events` | the analytics events received, in order |
    /// | `GET /apps/{key}/tokens` | the access tokens issued, with their expiry |
    public func respondToAdmin(_ request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        let segments = WalkMeTarget(url: request.url).segments
        let body = request.decodedBody
        let method = request.method
        return try await state.database.write { db in
            do {
                return .json(status: 200, try Self.admin(method, segments, body: body, db))
            } catch let failure as WalkMeAdminFailure {
                return .json(
                    status: failure.status, ["error": .string(failure.error), "message": .string(failure.message)])
            }
        }
    }

    private static func admin(_ method: String, _ segments: [String], body: Data, _ db: StateDB) throws -> JSONValue {
        let parsed = { () throws -> JSONValue in
            guard let value = try? JSONValue(parsing: body), value.objectValue != nil else {
                throw WalkMeAdminFailure.badRequest("the body must be a JSON object")
            }
            return value
        }
        switch (method, segments.count, segments.first, segments.count > 2 ? segments[2] : nil) {
        case ("GET", 1, "apps", _):
            return ["apps": .array(try WalkMeApp.all(db).map(\.adminJSON))]
        case ("PUT", 2, "apps", _):
            let fields = try parsed()
            let existing = try WalkMeApp.find(segments[1], db)
            guard existing != nil || fields["secret"]?.stringValue != nil else {
                throw WalkMeAdminFailure.badRequest("a new app needs a `secret`")
            }
            var app = existing ?? WalkMeApp(key: segments[1], secret: "")
            try app.apply(fields)
            try app.save(db)
            return app.adminJSON
        case ("DELETE", 2, "apps", _):
            let app = try existing(segments[1], db)
            for table in ["apps", "campaigns", "tokens", "events"] {
                let column = table == "apps" ? "key" : "app"
                try db.execute(sql: "DELETE FROM walkme_\(table) WHERE \(column) = ?", arguments: [app.key])
            }
            return ["deleted": .string(app.key)]
        case ("GET", 3, "apps", "campaigns"):
            let app = try existing(segments[1], db)
            return [
                "version": .number(JSONNumber(app.dataFileVersion)),
                "campaigns": .array(try WalkMeApp.campaigns(of: app.key, db)),
            ]
        case ("PUT", 3, "apps", "campaigns"):
            var app = try existing(segments[1], db)
            guard let campaigns = try parsed()["campaigns"]?.arrayValue else {
                throw WalkMeAdminFailure.badRequest("`campaigns` is an array of campaigns")
            }
            for (index, campaign) in campaigns.enumerated() {
                if let problem = WalkMeCampaignCheck.problem(in: campaign, at: "/campaigns/\(index)") {
                    throw WalkMeAdminFailure.badRequest(problem)
                }
            }
            try WalkMeApp.replaceCampaigns(of: app.key, with: campaigns, db)
            app.dataFileVersion += 1
            try app.save(db)
            return [
                "version": .number(JSONNumber(app.dataFileVersion)), "campaigns": .number(JSONNumber(campaigns.count)),
            ]
        case ("GET", 3, "apps", "events"):
            let app = try existing(segments[1], db)
            let rows = try StateRow.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM walkme_events WHERE app = ? ORDER BY seq"), arguments: [app.key])
            return [
                "events": .array(
                    rows.map { row in
                        let text: String = row["event"]
                        let userId: String? = row["user_id"]
                        return [
                            "receivedAt": .number(JSONNumber(row["received_at"] as Int)),
                            "deviceId": .string(row["device_id"]), "userId": userId.map(JSONValue.string) ?? .null,
                            "event": (try? JSONValue(parsing: text)) ?? .null,
                        ]
                    })
            ]
        case ("GET", 3, "apps", "tokens"):
            let app = try existing(segments[1], db)
            let rows = try StateRow.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM walkme_tokens WHERE app = ? ORDER BY seq"), arguments: [app.key])
            return [
                "tokens": .array(
                    rows.map {
                        [
                            "token": .string($0["token"]), "issuedAt": .number(JSONNumber($0["issued_at"] as Int)),
                            "expiresAt": .number(JSONNumber($0["expires_at"] as Int)),
                        ]
                    })
            ]
        default:
            throw WalkMeAdminFailure(
                status: 404, error: "not found",
                message: "walkme has no admin endpoint \(method) /\(segments.joined(separator: "/"))")
        }
    }

    private static func existing(_ key: String, _ db: StateDB) throws -> WalkMeApp {
        guard let app = try WalkMeApp.find(key, db) else {
            throw WalkMeAdminFailure(status: 404, error: "not found", message: "no app \(key); PUT /apps/\(key) first")
        }
        return app
    }
}
