public import Foundation
public import JSONCore

/// One message the onboarding page posts to its `postEvent` handler, decoded. Keys are read in both styles the
/// documentation shows: snake_case as the page sends them (`action_id`, `screen_cid`, `total_screens`) and
/// camelCase as the documentation prints them (`actionId`, `screenClientId`, `screensTotal`).
public enum AdaptyOnboardingsMessage: Sendable, Hashable {
    /// `analytics`: an analytics event.
    case analytics(AdaptyOnboardingsAnalyticsEvent)
    /// `state_updated`: an input element changed.
    case stateUpdated(AdaptyOnboardingsStateUpdatedAction)
    /// `open_paywall`: a button that opens a paywall was tapped.
    case openPaywall(AdaptyOnboardingsOpenPaywallAction)
    /// `custom`: a button with a custom action was tapped.
    case custom(AdaptyOnboardingsCustomAction)
    /// `close`: a button with the close action was tapped.
    case close(AdaptyOnboardingsCloseAction)
    /// `onboarding_loaded`: the onboarding finished loading.
    case didFinishLoading(OnboardingsDidFinishLoadingAction)

    /// Why a message was not delivered.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The body is not a JSON object.
        case notJSON(String)
        /// `type` is missing or not one of the six known types: ignored, as the SDK does.
        case unknownType(String?)
        /// A key the type needs is missing or has the wrong JSON type.
        case missingKey(type: String, key: String)

        /// Why the message was not delivered.
        public var description: String {
            switch self {
            case .notJSON(let detail): "the onboarding message is not a JSON object: \(detail)"
            case .unknownType(let type?): "the onboarding message type '\(type)' is unknown; ignored"
            case .unknownType(nil): "the onboarding message has no `type`; ignored"
            case .missingKey(let type, let key): "the '\(type)' onboarding message lacks `\(key)`"
            }
        }
    }

    /// The six message types.
    public static let types = ["analytics", "state_updated", "open_paywall", "custom", "close", "onboarding_loaded"]

    /// Decodes a message body (a JSON object with a `type`).
    public init(body: Data) throws(Problem) {
        let value: JSONValue
        do { value = try JSONValue(parsing: body) } catch { throw .notJSON(error.description) }
        guard value.objectValue != nil else { throw .notJSON("found \(value.typeName)") }
        try self.init(type: value["type"]?.stringValue, body: value)
    }

    /// Decodes a message body of the given `type` (the documentation's examples print the body without it).
    public init(type: String?, body value: JSONValue) throws(Problem) {
        guard let type, Self.types.contains(type) else { throw .unknownType(type) }
        let reader = Reader(type: type, body: value)
        switch type {
        case "analytics":
            self = .analytics(try reader.analyticsEvent())
        case "state_updated":
            self = .stateUpdated(try reader.stateUpdated())
        case "open_paywall":
            self = .openPaywall(
                AdaptyOnboardingsOpenPaywallAction(
                    actionId: try reader.string("action_id", "actionId"), meta: try reader.meta()))
        case "custom":
            self = .custom(
                AdaptyOnboardingsCustomAction(
                    actionId: try reader.string("action_id", "actionId"), meta: try reader.meta()))
        case "close":
            self = .close(
                AdaptyOnboardingsCloseAction(
                    actionId: try reader.string("action_id", "actionId"), meta: try reader.meta()))
        default:
            self = .didFinishLoading(OnboardingsDidFinishLoadingAction(meta: try reader.meta()))
        }
    }
}

/// Reads members under either spelling.
private struct Reader {
    let type: String
    let body: JSONValue

    func member(_ names: [String], in value: JSONValue? = nil) -> JSONValue? {
        let object = value ?? body
        for name in names { if let found = object[name], !found.isNull { return found } }
        return nil
    }

    func string(_ names: String..., in value: JSONValue? = nil) throws(AdaptyOnboardingsMessage.Problem) -> String {
        guard let text = member(names, in: value)?.stringValue else { throw .missingKey(type: type, key: names[0]) }
        return text
    }

    func integer(_ names: String..., in value: JSONValue) throws(AdaptyOnboardingsMessage.Problem) -> Int {
        guard let number = member(names, in: value)?.numberValue?.integer, let int = Int(exactly: number) else {
            throw .missingKey(type: type, key: "meta.\(names[0])")
        }
        return int
    }

    func meta() throws(AdaptyOnboardingsMessage.Problem) -> AdaptyOnboardingsMetaParams {
        guard let meta = body["meta"], meta.objectValue != nil else { throw .missingKey(type: type, key: "meta") }
        guard let id = member(["onboarding_id", "onboardingId"], in: meta)?.stringValue else {
            throw .missingKey(type: type, key: "meta.onboarding_id")
        }
        guard let screen = member(["screen_cid", "screenClientId", "screen_client_id"], in: meta)?.stringValue else {
            throw .missingKey(type: type, key: "meta.screen_cid")
        }
        return AdaptyOnboardingsMetaParams(
            onboardingId: id, screenClientId: screen, screenIndex: try integer("screen_index", "screenIndex", in: meta),
            screensTotal: try integer("total_screens", "screensTotal", "screens_total", in: meta))
    }

    func analyticsEvent() throws(AdaptyOnboardingsMessage.Problem) -> AdaptyOnboardingsAnalyticsEvent {
        let name = try string("name")
        let meta = try meta()
        switch name {
        case "onboarding_started": return .onboardingStarted(meta: meta)
        case "screen_presented": return .screenPresented(meta: meta)
        case "screen_completed":
            let params = body["params"] ?? .null
            return .screenCompleted(
                meta: meta, elementId: member(["element_id", "elementId"], in: params)?.stringValue,
                reply: member(["reply"], in: params)?.stringValue)
        case "second_screen_presented": return .secondScreenPresented(meta: meta)
        case "registration_screen_presented": return .registrationScreenPresented(meta: meta)
        case "products_screen_presented": return .productsScreenPresented(meta: meta)
        case "user_email_collected": return .userEmailCollected(meta: meta)
        case "onboarding_completed": return .onboardingCompleted(meta: meta)
        default: return .unknown(meta: meta, name: name)
        }
    }

    func stateUpdated() throws(AdaptyOnboardingsMessage.Problem) -> AdaptyOnboardingsStateUpdatedAction {
        let elementId = try string("element_id", "elementId")
        let meta = try meta()
        let params = body["params"]
        guard
            let elementType = member(["element_type", "elementType"])?.stringValue
                ?? params.flatMap({ member(["type"], in: $0) })?.stringValue
        else { throw .missingKey(type: type, key: "element_type") }
        guard let value = member(["value"]) ?? params.flatMap({ member(["value"], in: $0) }) else {
            throw .missingKey(type: type, key: "value")
        }
        let decoded: AdaptyOnboardingsStateUpdatedParams
        switch elementType {
        case "select": decoded = .select(try option(value))
        case "multi_select", "multiSelect":
            guard let items = value.arrayValue else { throw .missingKey(type: type, key: "value[]") }
            var options: [AdaptyOnboardingsSelectParams] = []
            for item in items { options.append(try option(item)) }
            decoded = .multiSelect(options)
        case "input":
            let kind = try string("type", in: value)
            switch (kind, member(["value"], in: value)) {
            case ("text", .string(let text)?): decoded = .input(.text(text))
            case ("email", .string(let text)?): decoded = .input(.email(text))
            case ("number", .number(let number)?): decoded = .input(.number(number.double))
            case ("number", .string(let text)?):
                guard let number = Double(text) else { throw .missingKey(type: type, key: "value.value") }
                decoded = .input(.number(number))
            default: throw .missingKey(type: type, key: "value.value")
            }
        case "date_picker", "datePicker":
            func part(_ name: String) -> Int? { value[name]?.numberValue?.integer.flatMap { Int(exactly: $0) } }
            decoded = .datePicker(
                AdaptyOnboardingsDatePickerParams(day: part("day"), month: part("month"), year: part("year")))
        default:
            throw .missingKey(type: type, key: "element_type (\(elementType) is not a known element type)")
        }
        return AdaptyOnboardingsStateUpdatedAction(elementId: elementId, meta: meta, params: decoded)
    }

    private func option(_ value: JSONValue) throws(AdaptyOnboardingsMessage.Problem) -> AdaptyOnboardingsSelectParams {
        AdaptyOnboardingsSelectParams(
            id: try string("id", in: value), value: try string("value", in: value),
            label: try string("label", in: value))
    }
}
