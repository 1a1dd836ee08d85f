import Foundation
import JSONCore

/// The app's settings document (assumed shape, see the module docs): where the data file and the events endpoint
/// are, how the data file is authorised, the session timeout, app capping and the kill switch.
struct WMSettings: Sendable, Hashable {
    enum DataFileAuth: String, Sendable, Hashable {
        case none
        case token
    }

    var dataFileURL: String
    var dataFileVersion: Int
    var dataFileAuth: DataFileAuth
    var tokenURL: String
    var eventsURL: String
    var languages: [String]
    var sessionTimeout: Int
    var maxCampaignsPerSession: Int?
    var eventsBatchSize: Int
    var killSwitch: Bool
    var offlineDays: Int

    init(json: JSONValue) throws(WalkMeError) {
        let reader = WMContentReader(document: "settings", json: json)
        dataFileURL = try reader.string("dataFileUrl")
        dataFileVersion = try reader.integer("dataFileVersion", in: 0...Int(Int32.max))
        let auth = try reader.string("dataFileAuth")
        guard let parsed = DataFileAuth(rawValue: auth) else {
            throw .malformedContent(
                document: "settings", pointer: "/dataFileAuth", reason: "'\(auth)' is not none or token")
        }
        dataFileAuth = parsed
        tokenURL = try reader.string("tokenUrl")
        eventsURL = try reader.string("eventsUrl")
        languages = try reader.strings("languages")
        sessionTimeout = try reader.integer("sessionTimeout", in: 1...86_400)
        maxCampaignsPerSession = try reader.optionalInteger("maxCampaignsPerSession", in: 0...1000)
        eventsBatchSize = try reader.integer("eventsBatchSize", in: 1...1000)
        killSwitch = try reader.bool("killSwitch")
        offlineDays = try reader.integer("offlineDays", in: 0...3650)
    }
}

/// Reads members of one JSON object, throwing ``WalkMeError/malformedContent(document:pointer:reason:)`` with the
/// member's pointer.
struct WMContentReader {
    let document: String
    let pointer: String
    let object: JSONObject?

    init(document: String, json: JSONValue, pointer: String = "") {
        self.document = document
        self.pointer = pointer
        object = json.objectValue
    }

    func fail(_ key: String, _ reason: String) -> WalkMeError {
        .malformedContent(document: document, pointer: pointer + "/" + key, reason: reason)
    }

    func value(_ key: String) throws(WalkMeError) -> JSONValue {
        guard let object else {
            throw .malformedContent(document: document, pointer: pointer, reason: "expected a JSON object")
        }
        guard let value = object[key], !value.isNull else { throw fail(key, "is missing") }
        return value
    }

    func optional(_ key: String) -> JSONValue? {
        guard let value = object?[key], !value.isNull else { return nil }
        return value
    }

    func string(_ key: String) throws(WalkMeError) -> String {
        let value = try value(key)
        guard let text = value.stringValue else { throw fail(key, "expected a string, found a \(value.typeName)") }
        return text
    }

    func optionalString(_ key: String) throws(WalkMeError) -> String? {
        guard optional(key) != nil else { return nil }
        return try string(key)
    }

    func bool(_ key: String) throws(WalkMeError) -> Bool {
        let value = try value(key)
        guard let flag = value.boolValue else { throw fail(key, "expected a boolean, found a \(value.typeName)") }
        return flag
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(WalkMeError) -> Int {
        let value = try value(key)
        guard let number = value.numberValue?.integer, let integer = Int(exactly: number), range.contains(integer)
        else { throw fail(key, "expected an integer in \(range.lowerBound)...\(range.upperBound)") }
        return integer
    }

    func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(WalkMeError) -> Int? {
        guard optional(key) != nil else { return nil }
        return try integer(key, in: range)
    }

    func strings(_ key: String) throws(WalkMeError) -> [String] {
        guard let items = try value(key).arrayValue else { throw fail(key, "expected an array of strings") }
        var result: [String] = []
        for item in items {
            guard let text = item.stringValue else { throw fail(key, "expected an array of strings") }
            result.append(text)
        }
        return result
    }

    func array(_ key: String) throws(WalkMeError) -> [JSONValue] {
        guard let items = try value(key).arrayValue else { throw fail(key, "expected an array") }
        return items
    }

    func objectMembers(_ key: String) throws(WalkMeError) -> [String: JSONValue] {
        guard let value = optional(key) else { return [:] }
        guard let members = value.objectValue else { throw fail(key, "expected an object") }
        var result: [String: JSONValue] = [:]
        for (name, member) in members { result[name] = member }
        return result
    }
}
