import CassetteKit
import Foundation
import JSONCore

/// Profiles, created (`POST`), fetched (`GET`) and updated (`PATCH`) at `/sdk/analytics/profiles/{id}/`. The
/// profile's `timestamp` moves and its `x-response-hash` changes only when a request changes it; its
/// `segment_hash` follows the attributes audiences segment on (custom attributes, gender, birthday).
enum AdaptySimulatorProfiles {
    /// Profile parameters the backend keeps.
    static let parameterKeys: Set<String> = [
        "customer_user_id", "first_name", "last_name", "gender", "birthday", "email", "phone_number",
        "custom_attributes", "analytics_disabled", "store_country", "ip_v4_address", "att_status",
        "store_account_token", "installation_meta",
    ]

    static func answer(
        method: String, profileId: String, body: Data, now: Date, _ db: StateDB
    ) throws
        -> CassetteResponse
    {
        // The SDK always names a profile (a UUID it made); an empty id is no profile (assumed answers: 404 to a
        // read, 400 to a write, as the contract declares them).
        if profileId.isEmpty, method == "POST" || method == "PATCH" {
            throw AdaptySimulatorFailure.invalid("the profile id in the path must not be empty")
        }
        switch method {
        case "GET":
            guard let row = try stored(profileId, db) else { throw AdaptySimulatorFailure.profileNotFound }
            return response(row)
        case "POST", "PATCH":
            let attributes = try parse(body, profileId: profileId)
            let existing = try stored(profileId, db)
            if method == "PATCH", existing == nil { throw AdaptySimulatorFailure.profileNotFound }
            var merged = existing?.attributes ?? JSONObject()
            var meta = existing?.installationMeta ?? .object(JSONObject())
            var customer = existing?.customerUserId
            for (key, value) in attributes {
                switch key {
                case "installation_meta": meta = value
                case "customer_user_id": customer = value.stringValue
                case "store_account_token": continue
                default: merged[key] = value
                }
            }
            let changed =
                existing == nil || existing?.attributes != merged || existing?.customerUserId != customer
                || existing?.installationMeta != meta
            let timestamp =
                changed ? Int64((now.timeIntervalSince1970 * 1000).rounded(.down)) : existing?.timestamp ?? 0
            let row = Stored(
                profileId: profileId, customerUserId: customer, attributes: merged, installationMeta: meta,
                timestamp: timestamp)
            try db.execute(
                sql: """
                    INSERT INTO adapty_profiles (profile_id, customer_user_id, attributes, installation_meta, timestamp)
                    VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(profile_id) DO UPDATE SET customer_user_id = excluded.customer_user_id,
                        attributes = excluded.attributes, installation_meta = excluded.installation_meta,
                        timestamp = excluded.timestamp
                    """,
                arguments: [
                    profileId, customer, JSONValue.object(merged).serialized(.sortedKeys),
                    meta.serialized(.sortedKeys), timestamp,
                ])
            return response(row)
        default:
            throw AdaptySimulatorFailure.methodNotAllowed
        }
    }

    /// The request body's `data.attributes`, after checking the JSON:API envelope.
    private static func parse(_ body: Data, profileId: String) throws -> JSONObject {
        guard let value = try? JSONValue(parsing: body) else {
            throw AdaptySimulatorFailure.invalid("the body is not JSON")
        }
        guard let data = value["data"], let envelope = data.objectValue else {
            throw AdaptySimulatorFailure.invalid("`data` is required")
        }
        if let unknown = value.objectValue?.keys.first(where: { $0 != "data" }) {
            throw AdaptySimulatorFailure.invalid("`\(unknown)` is not a member of a profile request")
        }
        if let unknown = envelope.keys.first(where: { !["type", "id", "attributes"].contains($0) }) {
            throw AdaptySimulatorFailure.invalid("`data.\(unknown)` is not a member of a profile request")
        }
        guard data["type"]?.stringValue == "adapty_analytics_profile" else {
            throw AdaptySimulatorFailure.invalid("`data.type` must be adapty_analytics_profile")
        }
        // `data.id` repeats the profile id; the path names the profile (assumed: what Adapty does with a
        // different id is not documented), so any string is accepted and the path's id is kept.
        guard data["id"]?.stringValue != nil else {
            throw AdaptySimulatorFailure.invalid("`data.id` must be a string")
        }
        guard let attributes = data["attributes"]?.objectValue else {
            throw AdaptySimulatorFailure.invalid("`data.attributes` must be an object")
        }
        for key in attributes.keys where !parameterKeys.contains(key) {
            throw AdaptySimulatorFailure.invalid("`data.attributes.\(key)` is not a profile attribute")
        }
        return attributes
    }

    /// Grants (or replaces) an access level, as a purchase would; the profile is created when missing, so a flow
    /// can grant before the app creates its profile.
    static func grant(profileId: String, level id: String, _ level: JSONValue, _ db: StateDB) throws -> Stored {
        var row =
            try stored(profileId, db)
            ?? Stored(
                profileId: profileId, customerUserId: nil, attributes: JSONObject(),
                installationMeta: .object(JSONObject()), timestamp: 0)
        var levels = row.attributes["paid_access_levels"]?.objectValue ?? JSONObject()
        var entry = level.objectValue ?? JSONObject()
        entry["id"] = .string(id)
        levels[id] = .object(entry)
        row.attributes["paid_access_levels"] = .object(levels)
        try db.execute(
            sql: """
                INSERT INTO adapty_profiles (profile_id, customer_user_id, attributes, installation_meta, timestamp)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(profile_id) DO UPDATE SET attributes = excluded.attributes
                """,
            arguments: [
                profileId, row.customerUserId, JSONValue.object(row.attributes).serialized(.sortedKeys),
                row.installationMeta.serialized(.sortedKeys), row.timestamp,
            ])
        return row
    }

    struct Stored: Equatable {
        var profileId: String
        var customerUserId: String?
        var attributes: JSONObject
        var installationMeta: JSONValue
        var timestamp: Int64
    }

    static func stored(_ profileId: String, _ db: StateDB) throws -> Stored? {
        guard
            let row = try StateRow.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM adapty_profiles WHERE profile_id = ?"), arguments: [profileId])
        else { return nil }
        return Stored(
            profileId: row["profile_id"], customerUserId: row["customer_user_id"],
            attributes: (try? JSONValue(parsing: row["attributes"] as String))?.objectValue ?? JSONObject(),
            installationMeta: (try? JSONValue(parsing: row["installation_meta"] as String)) ?? .object(JSONObject()),
            timestamp: row["timestamp"])
    }

    static func response(_ row: Stored) -> CassetteResponse {
        let segment: JSONValue = [
            "custom_attributes": row.attributes["custom_attributes"] ?? .object(JSONObject()),
            "gender": row.attributes["gender"] ?? .null, "birthday": row.attributes["birthday"] ?? .null,
        ]
        let profile: JSONValue = [
            "profile_id": .string(row.profileId),
            "customer_user_id": row.customerUserId.map(JSONValue.string) ?? .null,
            "segment_hash": .string(AdaptySimulatorHash.of(segment.serialized(.sortedKeys))),
            "is_test_user": false,
            "timestamp": .number(JSONNumber(text: String(row.timestamp))),
            "custom_attributes": row.attributes["custom_attributes"] ?? .object(JSONObject()),
            "paid_access_levels": row.attributes["paid_access_levels"] ?? .object(JSONObject()),
            "subscriptions": .object(JSONObject()),
            "non_subscriptions": .object(JSONObject()),
        ]
        let body: JSONValue = [
            "data": ["type": "adapty_analytics_profile", "id": .string(row.profileId), "attributes": profile]
        ]
        return .json(
            status: 200, body, headers: ["x-response-hash": AdaptySimulatorHash.of(body.serialized(.sortedKeys))])
    }
}

/// The events endpoint: checks each packed event and stores it for the admin API.
enum AdaptySimulatorEvents {
    static let requiredKeys = [
        "event_name", "event_id", "profile_id", "session_id", "created_at", "counter", "platform", "device_id",
    ]

    static func receive(_ body: Data, _ db: StateDB) throws -> CassetteResponse {
        guard let value = try? JSONValue(parsing: body) else {
            throw AdaptySimulatorFailure.invalid("the body is not JSON")
        }
        guard value["data"]?["type"]?.stringValue == "sdk_background_event",
            let events = value["data"]?["attributes"]?["events"]?.arrayValue
        else {
            throw AdaptySimulatorFailure.invalid(
                "expected {\"data\":{\"type\":\"sdk_background_event\",\"attributes\":{\"events\":[…]}}}")
        }
        for (index, event) in events.enumerated() {
            for key in requiredKeys where event[key] == nil {
                throw AdaptySimulatorFailure.invalid("`events[\(index)].\(key)` is required")
            }
            guard let profile = event["profile_id"]?.stringValue, !profile.isEmpty else {
                throw AdaptySimulatorFailure.invalid("`events[\(index)].profile_id` must be a profile id, not empty")
            }
        }
        for event in events {
            try db.execute(
                sql: "INSERT INTO adapty_events (profile_id, event_name, body) VALUES (?, ?, ?)",
                arguments: [
                    event["profile_id"]?.stringValue ?? "", event["event_name"]?.stringValue ?? "",
                    event.serialized(.sortedKeys),
                ])
        }
        return .json(status: 200, .object(JSONObject()))
    }

    static func all(_ db: StateDB) throws -> [JSONValue] {
        try String.fetchAll(db.cachedStatement(sql: "SELECT body FROM adapty_events ORDER BY seq")).compactMap {
            try? JSONValue(parsing: $0)
        }
    }
}
