public import Foundation
import JSONCore

/// The UBF event type codes of §3.2 of the Engage notes.
public enum UBFEventType: Int, Sendable, Hashable, CaseIterable, Codable {
    /// 12: the app was installed (tracked once, on the first start).
    case installed = 12
    /// 13: a session started.
    case sessionStarted = 13
    /// 14: a session ended, with its duration.
    case sessionEnded = 14
    /// 15: the README's goal abandoned (`UBF goalAbandoned:params:`).
    case goalAbandoned = 15
    /// 16: the README's goal completed (`UBF goalCompleted:params:`).
    case goalCompleted = 16
    /// 17: the README's named event (`UBF namedEvent:params:`).
    case namedEvent = 17
    /// Local and push notifications alike.
    case receivedNotification = 48
    /// 49: a notification was opened (local and push alike).
    case openedNotification = 49
}

/// One `{name, value}` of an event's `attributes`.
public struct UBFAttribute: Sendable, Hashable, Codable {
    /// The attribute's name (`Event Name`, `Campaign Name`, or an app's own).
    public var name: String
    /// The attribute's value, always a string.
    public var value: String

    /// An attribute named `name` with `value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// One Universal Behavior event, as posted to `/rest/events/submission`:
/// `{"eventTypeCode": 12, "eventTimestamp": "2015-01-28T01:39:53.123Z", "attributes": […]}`.
///
/// `eventTypeCode` is an integer and `eventTimestamp` is UTC with milliseconds, as documented (the shipped
/// iOS 1.1.0 sent a string code and no timestamp). ``id`` is the event's identity in the local store; it goes on
/// the wire as `eventId` only when ``Engage/Options/sendsEventIDs`` asks for it (no Engage document defines that
/// member), so a server that knows it can count a resent event once.
public struct UBFEvent: Sendable, Hashable {
    /// The event's identity in the local store (`eventId` on the wire only when asked for).
    public var id: String
    /// `eventTypeCode`: the event type's integer code (``UBFEventType`` for the known ones).
    public var eventTypeCode: Int
    /// The moment of the event, truncated to whole milliseconds (what the wire format carries).
    public var timestamp: Date {
        didSet { timestamp = Self.truncated(timestamp) }
    }
    /// `attributes`: the event's name/value pairs, in the order they are posted.
    public var attributes: [UBFAttribute]

    /// An event with a raw type code; `timestamp` is truncated to whole milliseconds.
    public init(id: String, eventTypeCode: Int, timestamp: Date, attributes: [UBFAttribute] = []) {
        self.id = id
        self.eventTypeCode = eventTypeCode
        self.timestamp = Self.truncated(timestamp)
        self.attributes = attributes
    }

    /// An event of a known `type`; `timestamp` is truncated to whole milliseconds.
    public init(id: String, type: UBFEventType, timestamp: Date, attributes: [UBFAttribute] = []) {
        self.init(id: id, eventTypeCode: type.rawValue, timestamp: timestamp, attributes: attributes)
    }

    /// The known type, nil for a code outside §3.2.
    public var type: UBFEventType? { UBFEventType(rawValue: eventTypeCode) }

    /// The value of the attribute `name`.
    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// Sets an attribute, replacing an existing one of the same name in place.
    public mutating func set(_ name: String, _ value: String) {
        if let index = attributes.firstIndex(where: { $0.name == name }) {
            attributes[index].value = value
        } else {
            attributes.append(UBFAttribute(name, value))
        }
    }

    /// Sets an attribute only when the event does not have it yet (the caller's value wins).
    public mutating func setIfAbsent(_ name: String, _ value: String) {
        if !attributes.contains(where: { $0.name == name }) {
            attributes.append(UBFAttribute(name, value))
        }
    }

    /// `eventTimestamp`: `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` in UTC.
    public var eventTimestamp: String { CivilTime(timestamp).ubfTimestamp }

    /// The event as one compact JSON object, keys in a fixed order; `eventId` first when `includingID`.
    public func jsonString(includingID: Bool = false) -> String {
        var capacity = 112 + id.utf8.count
        for attribute in attributes { capacity += attribute.name.utf8.count + attribute.value.utf8.count + 24 }
        var json = JSONText(capacity: capacity)
        write(to: &json, includingID: includingID)
        return json.text
    }

    /// Appends ``jsonString(includingID:)``'s text to `json` (the store reuses one buffer for a whole batch).
    func write(to json: inout JSONText, includingID: Bool = false) {
        if includingID {
            json.raw("{\"eventId\":")
            json.string(id)
            json.raw(",\"eventTypeCode\":")
        } else {
            json.raw("{\"eventTypeCode\":")
        }
        json.digits(eventTypeCode, width: 1)
        json.raw(",\"eventTimestamp\":\"")
        json.ubfTimestamp(CivilTime(timestamp))
        json.raw("\",\"attributes\":[")
        for (index, attribute) in attributes.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{\"name\":")
            json.string(attribute.name)
            json.raw(",\"value\":")
            json.string(attribute.value)
            json.raw("}")
        }
        json.raw("]}")
    }

    /// Reads an event written by ``jsonString()``. `eventTypeCode` may also be a numeric string, and the
    /// iOS 1.1.0 spelling `eventTimeStamp` is accepted.
    public init(json: String) throws {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: Data(json.utf8))
        } catch {
            throw EngageError.malformedResponse(operationID: "UBFEvent", detail: "not JSON: \(error)")
        }
        guard let code = value["eventTypeCode"]?.lenientInt else {
            throw EngageError.malformedResponse(operationID: "UBFEvent", detail: "no integer eventTypeCode")
        }
        let stamp = (value["eventTimestamp"] ?? value["eventTimeStamp"])?.lenientString
        guard let stamp, let date = Self.parseTimestamp(stamp) else {
            throw EngageError.malformedResponse(operationID: "UBFEvent", detail: "no eventTimestamp")
        }
        var attributes: [UBFAttribute] = []
        if case .array(let items) = value["attributes"] {
            for item in items {
                attributes.append(UBFAttribute(item["name"]?.lenientString ?? "", item["value"]?.lenientString ?? ""))
            }
        }
        self.init(
            id: value["eventId"]?.lenientString ?? "", eventTypeCode: code, timestamp: date, attributes: attributes)
    }

    /// Reads `2015-01-28T01:39:53.123Z` (milliseconds optional).
    public static func parseTimestamp(_ text: String) -> Date? {
        let digits = text.compactMap { $0.isASCII ? $0.wholeNumberValue : nil }
        guard text.hasSuffix("Z"), digits.count == 14 || digits.count == 17 else { return nil }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        return CivilTime(
            year: number(0..<4), month: number(4..<6), day: number(6..<8), hour: number(8..<10),
            minute: number(10..<12), second: number(12..<14), millisecond: digits.count == 17 ? number(14..<17) : 0
        ).date
    }

    private static func truncated(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(CivilTime.milliseconds(date)) / 1000)
    }
}

extension UBFEvent {
    /// `{"events":[…]}` for a batch of stored JSON objects.
    static func batchBody(_ jsonObjects: [String]) -> Data {
        var body = "{\"events\":["
        body.reserveCapacity(jsonObjects.reduce(16) { $0 + $1.utf8.count + 1 })
        for (index, json) in jsonObjects.enumerated() {
            if index > 0 { body += "," }
            body += json
        }
        body += "]}"
        return Data(body.utf8)
    }
}
