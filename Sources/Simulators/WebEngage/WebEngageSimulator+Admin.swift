public import CassetteKit
import Foundation
import JSONCore

extension WebEngageSimulator {
    /// The simulator's admin API, under `/__harness/vendors/webengage`:
    ///
    /// | request | effect |
    /// | --- | --- |
    /// | `GET /events` | the uploaded events: `luid`, `cuid`, `event_name`, `system_data`, `event_data`, `event_time` |
    /// | `GET /users` | the users seen, with the `cuid` they last came with |
    /// | `GET /screens/{screen}` | the screen's property configuration, as the SDK gets it |
    /// | `PUT /screens/{screen}/properties/{p_id}` `{"target_view","variation_id","campaign_id","failure_timeout","default_content","params","journey_id","control_group"}` | creates or changes a property (keys optional) |
    /// | `DELETE /screens/{screen}/properties/{p_id}` | removes it |
    /// | `PUT /variations/{id}` `{"template":{…},"render_delay_ms":n,"fault":"unavailable"/"no-content"/"null-data"/null}` | creates or changes a variation |
    /// | `PUT /resources/{name}` `{"failing":bool}` | adds an image, or makes it fail (503) |
    /// | `PUT /licenses/{code}` | adds a license code |
    public func respondToAdmin(_ request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        let segments = WebEngagePath(url: request.url).segments
        let body = request.decodedBody
        let method = request.method
        return try await state.database.write { db in
            do {
                return .json(status: 200, try WebEngageAdmin.answer(method, segments, body: body, db))
            } catch let failure as WebEngageFailure {
                return .json(
                    status: failure.status, ["error": .string(failure.code), "message": .string(failure.message)])
            }
        }
    }
}

enum WebEngageAdmin {
    static func answer(_ method: String, _ segments: [String], body: Data, _ db: StateDB) throws -> JSONValue {
        let object = { () throws -> JSONObject in
            guard let object = (try? JSONValue(parsing: body))?.objectValue else {
                throw WebEngageFailure.badRequest("bad request", "the body must be a JSON object")
            }
            return object
        }
        let license = WebEngageDemo.license
        switch (method, segments.count, segments.first) {
        case ("GET", 1, "events"):
            return ["events": try WebEngageEvents.all(db)]
        case ("GET", 1, "users"):
            let rows = try StateRow.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM webengage_users ORDER BY license, luid"))
            return [
                "users": .array(
                    rows.map { row in
                        let cuid: String? = row["cuid"]
                        return [
                            "license": .string(row["license"]), "luid": .string(row["luid"]),
                            "cuid": cuid.map(JSONValue.string) ?? .null,
                        ]
                    })
            ]
        case ("GET", 2, "screens"):
            let rows = try StateRow.fetchAll(
                db.cachedStatement(
                    sql: "SELECT * FROM webengage_properties WHERE license = ? AND screen = ? ORDER BY position"),
                arguments: [license, segments[1]])
            return ["properties": .array(rows.map(WebEngageProperties.json))]
        case ("PUT", 4, "screens") where segments[2] == "properties":
            return try putProperty(screen: segments[1], id: segments[3], try object(), db)
        case ("DELETE", 4, "screens") where segments[2] == "properties":
            try db.execute(
                sql: "DELETE FROM webengage_properties WHERE license = ? AND screen = ? AND property_id = ?",
                arguments: [license, segments[1], segments[3]])
            return ["deleted": .string(segments[3])]
        case ("PUT", 2, "variations"):
            return try putVariation(segments[1], try object(), db)
        case ("PUT", 2, "resources"):
            let failing = try object()["failing"]?.boolValue ?? false
            try db.execute(
                sql: """
                    INSERT INTO webengage_resources (name, failing) VALUES (?, ?)
                    ON CONFLICT(name) DO UPDATE SET failing = excluded.failing
                    """, arguments: [segments[1], failing])
            return ["resource": .string(segments[1]), "failing": .bool(failing)]
        case ("PUT", 2, "licenses"):
            try db.execute(
                sql: "INSERT INTO webengage_licenses (code) VALUES (?) ON CONFLICT DO NOTHING", arguments: [segments[1]]
            )
            return ["license": .string(segments[1])]
        default:
            throw WebEngageFailure.notFound(
                "not found", "webengage has no admin endpoint \(method) /\(segments.joined(separator: "/"))")
        }
    }

    private static func putProperty(
        screen: String, id: String, _ fields: JSONObject, _ db: StateDB
    ) throws
        -> JSONValue
    {
        let license = WebEngageDemo.license
        let existing = try StateRow.fetchOne(
            db.cachedStatement(
                sql: "SELECT * FROM webengage_properties WHERE license = ? AND screen = ? AND property_id = ?"),
            arguments: [license, screen, id])
        let text = { (key: String, column: String) throws -> String? in
            guard let value = fields[key] else { return existing?[column] }
            if value.isNull { return nil }
            guard let string = value.stringValue else {
                throw WebEngageFailure.badRequest("bad request", "`\(key)` is a string or null")
            }
            return string
        }
        let json = { (key: String, column: String) throws -> String? in
            guard let value = fields[key] else { return existing?[column] }
            if value.isNull { return nil }
            guard value.objectValue != nil else {
                throw WebEngageFailure.badRequest("bad request", "`\(key)` is an object or null")
            }
            return value.serialized([.sortedKeys])
        }
        var timeout: Int? = existing?["failure_timeout"]
        if let value = fields["failure_timeout"] {
            guard value.isNull || (value.numberValue?.integer ?? -1) >= 0 else {
                throw WebEngageFailure.badRequest("bad request", "`failure_timeout` is milliseconds ≥ 0 or null")
            }
            timeout = value.numberValue?.integer.map { Int($0) }
        }
        let next = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COALESCE(MAX(position), -1) + 1 FROM webengage_properties"))
        let position = (existing?["position"] as Int?) ?? next ?? 0
        let controlGroup = fields["control_group"]?.boolValue ?? (existing?["control_group"] as Bool? ?? false)
        try db.execute(
            sql: """
                INSERT INTO webengage_properties (license, screen, property_id, target_view, variation_id,
                    campaign_id, failure_timeout, params, default_content, journey_id, control_group, position)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(license, screen, property_id) DO UPDATE SET
                    target_view = excluded.target_view, variation_id = excluded.variation_id,
                    campaign_id = excluded.campaign_id, failure_timeout = excluded.failure_timeout,
                    params = excluded.params, default_content = excluded.default_content,
                    journey_id = excluded.journey_id, control_group = excluded.control_group,
                    position = excluded.position
                """,
            arguments: [
                license, screen, id, try text("target_view", "target_view") ?? id,
                try text("variation_id", "variation_id") ?? "v-\(id)", try text("campaign_id", "campaign_id"), timeout,
                try text("params", "params"), try json("default_content", "default_content"),
                try text("journey_id", "journey_id"), controlGroup, position,
            ])
        let row = try StateRow.fetchOne(
            db.cachedStatement(
                sql: "SELECT * FROM webengage_properties WHERE license = ? AND screen = ? AND property_id = ?"),
            arguments: [license, screen, id])
        return row.map(WebEngageProperties.json) ?? .null
    }

    private static func putVariation(_ id: String, _ fields: JSONObject, _ db: StateDB) throws -> JSONValue {
        let existing = try StateRow.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM webengage_variations WHERE variation_id = ?"), arguments: [id])
        var template: String = existing?["template"] ?? #"{"pt":"static","config":{"ctnt":{"lt":"1af576a4"}}}"#
        if let value = fields["template"] {
            guard value.objectValue != nil else {
                throw WebEngageFailure.badRequest("bad request", "`template` is the templateData object")
            }
            template = value.serialized([.sortedKeys])
        }
        var delay: Int = existing?["render_delay_ms"] ?? 0
        if let value = fields["render_delay_ms"] {
            guard let number = value.numberValue?.integer, number >= 0 else {
                throw WebEngageFailure.badRequest("bad request", "`render_delay_ms` is milliseconds ≥ 0")
            }
            delay = Int(number)
        }
        var fault: String? = existing?["fault"]
        if let value = fields["fault"] {
            guard value.isNull || ["unavailable", "no-content", "null-data"].contains(value.stringValue ?? "") else {
                throw WebEngageFailure.badRequest(
                    "bad request", "`fault` is \"unavailable\", \"no-content\", \"null-data\" or null")
            }
            fault = value.stringValue
        }
        try db.execute(
            sql: """
                INSERT INTO webengage_variations (variation_id, template, render_delay_ms, fault) VALUES (?, ?, ?, ?)
                ON CONFLICT(variation_id) DO UPDATE SET
                    template = excluded.template, render_delay_ms = excluded.render_delay_ms, fault = excluded.fault
                """, arguments: [id, template, delay, fault])
        return [
            "variation": .string(id), "render_delay_ms": .number(JSONNumber(delay)),
            "fault": fault.map(JSONValue.string) ?? .null,
        ]
    }
}
