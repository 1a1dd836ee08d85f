import CassetteKit
import Foundation
import JSONCore

/// The event upload (assumed call, vendors.md §3.4): `{"cuid"?, "events":[{"event_name","category",
/// "system_data","event_data","event_time"}]}`; each event is stored as (name, system attributes, event
/// attributes) for the admin API to list.
enum WebEngageEvents {
    static let maximumBatch = 100

    static func store(
        _ body: Data, declaredJSON: Bool, for user: WebEngageUser, _ db: StateDB
    ) throws -> CassetteResponse {
        guard declaredJSON else {
            throw WebEngageFailure.badRequest("invalid_events", "the events must be sent as application/json")
        }
        guard let object = (try? JSONValue(parsing: body))?.objectValue,
            let events = object["events"]?.arrayValue, !events.isEmpty
        else {
            throw WebEngageFailure.badRequest(
                "invalid_events", "the body must be {\"events\":[…]} with 1 or more events")
        }
        guard events.count <= maximumBatch else {
            throw WebEngageFailure.badRequest("invalid_events", "at most \(maximumBatch) events per upload")
        }
        if let unknown = object.keys.first(where: { $0 != "cuid" && $0 != "events" }) {
            throw WebEngageFailure.badRequest("invalid_events", "`\(unknown)` is not a member of an event upload")
        }
        if let given = object["cuid"], given.stringValue == nil {
            throw WebEngageFailure.badRequest("invalid_events", "`cuid` must be a string")
        }
        let cuid = object["cuid"]?.stringValue ?? user.cuid
        var rows: [(String, String, String, String)] = []
        for (index, event) in events.enumerated() {
            guard let name = event["event_name"]?.stringValue, !name.isEmpty,
                let system = event["system_data"]?.objectValue, let data = event["event_data"]?.objectValue,
                let time = event["event_time"]?.stringValue
            else {
                throw WebEngageFailure.badRequest(
                    "invalid_events",
                    "events[\(index)] needs `event_name`, `system_data` and `event_data` objects and `event_time`")
            }
            rows.append(
                (
                    name, JSONValue.object(system).serialized([.sortedKeys]),
                    JSONValue.object(data).serialized([.sortedKeys]), time
                ))
        }
        for (name, system, data, time) in rows {
            try db.execute(
                sql: """
                    INSERT INTO webengage_events (license, luid, cuid, name, system_data, event_data, event_time)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [user.license, user.luid, cuid, name, system, data, time])
        }
        return .json(status: 200, ["status": "success", "accepted": .number(JSONNumber(rows.count))])
    }

    /// Every stored event, oldest first.
    static func all(_ db: StateDB) throws -> JSONValue {
        let rows = try StateRow.fetchAll(db.cachedStatement(sql: "SELECT * FROM webengage_events ORDER BY seq"))
        return .array(
            rows.map { row in
                let cuid: String? = row["cuid"]
                let system: String = row["system_data"]
                let data: String = row["event_data"]
                return [
                    "luid": .string(row["luid"]), "cuid": cuid.map(JSONValue.string) ?? .null,
                    "event_name": .string(row["name"]), "event_time": .string(row["event_time"]),
                    "system_data": (try? JSONValue(parsing: system)) ?? .null,
                    "event_data": (try? JSONValue(parsing: data)) ?? .null,
                ]
            })
    }
}
