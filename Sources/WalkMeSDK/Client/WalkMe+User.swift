import Foundation
public import JSONCore

extension WalkMe {
    /// Sets a public user attribute (a string, a number or a boolean).
    public func setUserAttributeWithKey(_ key: String, andValue value: any Sendable) throws(WalkMeError) {
        state.userAttributes[key] = try Self.attribute(key, value)
    }

    /// Sets several public user attributes; none is set when one has a value of the wrong type.
    public func setUserAttributes(_ attributes: [String: any Sendable]) throws(WalkMeError) {
        let converted = try Self.attributes(attributes)
        state.userAttributes.merge(converted) { $1 }
    }

    /// Sets a private user attribute: used for segments and reported in `privateUserAttributes`, never uploaded.
    public func setPrivateUserAttributeWithKey(_ key: String, andValue value: any Sendable) throws(WalkMeError) {
        state.privateUserAttributes[key] = try Self.attribute(key, value)
    }

    /// Sets several private user attributes; none is set when one has a value of the wrong type.
    public func setPrivateUserAttributes(_ attributes: [String: any Sendable]) throws(WalkMeError) {
        let converted = try Self.attributes(attributes)
        state.privateUserAttributes.merge(converted) { $1 }
    }

    /// Forgets every private user attribute.
    public func clearPrivateUserAttributes() {
        state.privateUserAttributes = [:]
    }

    /// Identifies the user; uploads carry the id and a `Users` event records it.
    public func setUserID(_ userId: String) {
        state.userId = userId
        if state.session != nil { record(.users, ["userId": .string(userId)]) }
    }

    /// The language campaigns are shown in (falling back to the settings' languages).
    public func setLanguage(_ language: String) {
        state.language = language
    }

    /// The screen the user is on: a `ViewTransition` event, then the campaigns of that screen are evaluated.
    public func setScreenID(_ screenId: String) async {
        state.screenId = screenId
        guard state.session != nil else { return }
        record(.viewTransition, ["screenId": .string(screenId)])
        await flushIfFull()
        await showEligibleCampaign()
    }

    /// Reports a goal (`Goal` event). The misspelled label is the documented API.
    public func sendGoal(_ goal: String, withProperites properties: [String: any Sendable]?) async throws(WalkMeError) {
        guard state.session != nil else { throw .notStarted("sendGoal") }
        record(.goal, ["name": .string(goal), "properties": .object(JSONObject(try Self.sorted(properties)))])
        await flushIfFull()
    }

    /// Reports a tracked event (`Interaction` event). The misspelled label is the documented API.
    public func sendTrackedEvent(
        _ event: String, withProperites properties: [String: any Sendable]?
    ) async throws(WalkMeError) {
        guard state.session != nil else { throw .notStarted("sendTrackedEvent") }
        record(.interaction, ["name": .string(event), "properties": .object(JSONObject(try Self.sorted(properties)))])
        await flushIfFull()
    }

    /// The public user attributes.
    public var userAttributes: [String: JSONValue] { state.userAttributes }
    /// The private user attributes.
    public var privateUserAttributes: [String: JSONValue] { state.privateUserAttributes }

    private static func sorted(_ values: [String: any Sendable]?) throws(WalkMeError) -> [(String, JSONValue)] {
        try attributes(values ?? [:]).sorted { $0.key < $1.key }
    }

    private static func attributes(_ values: [String: any Sendable]) throws(WalkMeError) -> [String: JSONValue] {
        var converted: [String: JSONValue] = [:]
        for (key, value) in values { converted[key] = try attribute(key, value) }
        return converted
    }

    /// A string, boolean, integer or finite floating-point number as JSON; anything else is refused.
    static func attribute(_ key: String, _ value: any Sendable) throws(WalkMeError) -> JSONValue {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .number(JSONNumber(number))
        case let number as Double where number.isFinite: return .number(JSONNumber(number))
        case let json as JSONValue:
            switch json {
            case .string, .bool, .number: return json
            default: throw .invalidAttributeValue(key: key, type: json.typeName)
            }
        default: throw .invalidAttributeValue(key: key, type: String(describing: type(of: value)))
        }
    }
}
