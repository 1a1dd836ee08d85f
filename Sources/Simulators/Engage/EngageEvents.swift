import CassetteKit
import Foundation
import JSONCore

/// `/rest/events/submission` (§3): `{"events":[…]}` with a bearer token; answers `200 {}`.
///
/// Each event needs `eventTypeCode` (12–17, 48, 49; an integer or, as iOS 1.1.0 sent it, a numeric string),
/// `attributes` (`[{"name":…,"value":…}]`, string values) and may carry `eventTimestamp` (or iOS 1.1.0's
/// `eventTimeStamp`) in RFC 3339 form and `eventId`. An event whose `eventId` was stored before is not stored
/// again (at-least-once delivery). A batch is stored whole or not at all.
///
/// Errors (JSON, RFC 6749 style): 401 `invalid_token` (no, unknown or expired token), 415 `unsupported_media_type`
/// (not `application/json`), 400 `invalid_request` (not a JSON `{"events":[…]}`, or an invalid event, named by
/// its JSON pointer), 413 `request_too_large` (over ``maximumBodyBytes``), 500 `server_error` while the
/// `eventPostFailures` setting is positive, 400 `invalid_request` for a batch holding an event named by the
/// `refusedEventName` setting.
enum EngageEvents {
    static let maximumBodyBytes = 64 << 20
    static let eventTypeCodes: Set<Int64> = [12, 13, 14, 15, 16, 17, 48, 49]

    static func respond(to request: CassetteRequest, db: StateDB, now: Date) throws -> CassetteResponse {
        if let refusal = try EngageOAuth.refusal(request.headers["Authorization"], db: db, now: now) {
            return EngageOAuth.error(401, "invalid_token", "The access token is invalid: \(refusal).")
        }
        let settings = try EngageSettings.load(db)
        if settings.eventPostFailures > 0 {
            try EngageSettings.set(db, key: "eventPostFailures", value: String(settings.eventPostFailures - 1))
            return EngageOAuth.error(500, "server_error", "Injected failure: the events were not stored.")
        }
        let contentType = request.headers["Content-Type"]?.split(separator: ";").first?
            .trimmingWhitespace().lowercased()
        guard contentType == "application/json" else {
            return EngageOAuth.error(415, "unsupported_media_type", "The body must be application/json.")
        }
        let body = request.decodedBody
        guard body.count <= maximumBodyBytes else {
            return EngageOAuth.error(413, "request_too_large", "The body is larger than \(maximumBodyBytes) bytes.")
        }
        let events: [JSONValue]
        do {
            let value = try JSONValue(parsing: body)
            guard let array = value["events"]?.arrayValue else {
                return EngageOAuth.error(400, "invalid_request", "The body must be {\"events\":[…]}.")
            }
            // The contract's UBFSubmission: `events` and Android's `contactId`, nothing else.
            if let unknown = value.objectValue?.keys.first(where: { $0 != "events" && $0 != "contactId" }) {
                return EngageOAuth.error(400, "invalid_request", "/\(unknown): not a member of a UBF submission")
            }
            events = array
        } catch {
            return EngageOAuth.error(400, "invalid_request", "The body is not JSON: \(error)")
        }
        for (index, event) in events.enumerated() {
            if let problem = validate(event) {
                return EngageOAuth.error(400, "invalid_request", "/events/\(index)\(problem)")
            }
            if let refused = settings.refusedEventName,
                event["attributes"]?.arrayValue?.contains(where: {
                    ["Event Name", "Goal Name"].contains($0["name"]?.stringValue) && $0["value"]?.stringValue == refused
                }) == true
            {
                return EngageOAuth.error(
                    400, "invalid_request", "/events/\(index): refused (the refusedEventName setting)")
            }
        }
        let receivedAt = EngageTime.iso(now)
        let insert = try db.cachedStatement(
            sql: "INSERT INTO engage_events(event_id, body, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
        var duplicates = 0
        for event in events {
            let id = try event["eventId"]?.stringValue ?? "sim-event-\(EngageSchema.next(db, counter: "event"))"
            let text = String(decoding: event.data([.sortedKeys]), as: UTF8.self)
            try insert.execute(arguments: [id, text, receivedAt])
            if db.changesCount == 0 { duplicates += 1 }
        }
        if duplicates > 0 {
            try db.execute(
                sql: """
                    INSERT INTO engage_counters(name, value) VALUES ('duplicateEvent', ?)
                    ON CONFLICT(name) DO UPDATE SET value = engage_counters.value + excluded.value
                    """, arguments: [duplicates])
        }
        return .json(status: 200, .object(JSONObject()))
    }

    /// Why `event` is invalid (a JSON pointer suffix and a reason), or nil.
    static func validate(_ event: JSONValue) -> String? {
        guard event.objectValue != nil else { return ": an event must be an object" }
        let code: Int64?
        switch event["eventTypeCode"] {
        case .number(let number)?: code = number.integer
        case .string(let text)?: code = Int64(text)
        default: return "/eventTypeCode: required, an integer"
        }
        guard let code, eventTypeCodes.contains(code) else {
            return "/eventTypeCode: must be one of 12-17, 48, 49"
        }
        for key in ["eventTimestamp", "eventTimeStamp"] {
            if let value = event[key] {
                guard let text = value.stringValue, RFC3339.isDateTime(text) else {
                    return "/\(key): must be an RFC 3339 date-time"
                }
            }
        }
        if let id = event["eventId"], id.stringValue?.isEmpty ?? true {
            return "/eventId: must be a non-empty string"
        }
        if let contact = event["contactId"], contact.numberValue?.isInteger != true {
            return "/contactId: must be an integer (the recipient id)"
        }
        for key in ["encodeContactId", "channel"] where event[key] != nil && event[key]?.stringValue == nil {
            return "/\(key): must be a string"
        }
        guard let attributes = event["attributes"]?.arrayValue else { return "/attributes: required, an array" }
        for (index, attribute) in attributes.enumerated() {
            guard let name = attribute["name"]?.stringValue, !name.isEmpty else {
                return "/attributes/\(index)/name: required, a non-empty string"
            }
            guard attribute["value"]?.stringValue != nil else {
                return "/attributes/\(index)/value: required, a string"
            }
        }
        return nil
    }

    /// The stored events, in arrival order.
    static func stored(_ db: StateDB) throws -> [JSONValue] {
        try String.fetchAll(db.cachedStatement(sql: "SELECT body FROM engage_events ORDER BY sequence")).map {
            try JSONValue(parsing: $0)
        }
    }
}
