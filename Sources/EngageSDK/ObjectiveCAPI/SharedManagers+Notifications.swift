public import Foundation
import JSONCore

/// A local notification as ``UBFManager/Shared/handleLocalNotificationReceivedEvents(_:withParams:)`` reads it:
/// the parts of iOS's `UILocalNotification` the SDK uses (an app on iOS copies them from its notification).
public struct EngageLocalNotification: Sendable, Hashable {
    /// The notification's text (the event's Displayed Message).
    public var alertBody: String
    /// The notification's action (the event's Call To Action).
    public var alertAction: String
    /// The notification's `userInfo`, searched for the current campaign like a push payload.
    public var userInfo: [String: String]

    /// A local notification with these parts.
    public init(alertBody: String = "", alertAction: String = "", userInfo: [String: String] = [:]) {
        self.alertBody = alertBody
        self.alertAction = alertAction
        self.userInfo = userInfo
    }
}

extension UBFManager.Shared {
    /// `[[UBFManager sharedInstance] handleLocalNotificationReceivedEvents:withParams:]`, from the app delegate's
    /// `didReceiveLocalNotification`: tracks a notification received event (48); the notification's `userInfo` and
    /// `params` are searched for the current campaign (the README's "utility method invoked SDK user invokes when their
    /// application receives a local notificaiton").
    public func handleLocalNotificationReceivedEvents(
        _ notification: EngageLocalNotification, withParams params: [String: String]?
    ) {
        let params = notification.userInfo.merging(params ?? [:]) { $1 }
        EngageShared.enqueue { engage in
            _ = try? await engage?.ubf.trackReceivedLocalNotification(
                alertBody: notification.alertBody, alertAction: notification.alertAction, params: params)
        }
    }

    /// `[[UBFManager sharedInstance] handlePushNotificationReceivedEvents:]`, from `didReceiveRemoteNotification`:
    /// tracks a notification received event (48) and searches the payload "for EngageSDK parameter values like
    /// Current Campaign".
    public func handlePushNotificationReceivedEvents(_ pushNotification: [AnyHashable: Any]) {
        let payload = JSONValue.engagePayload(pushNotification)
        EngageShared.enqueue { engage in _ = try? await engage?.ubf.trackReceivedNotification(payload) }
    }

    /// `[[UBFManager sharedInstance] handleNotificationOpenedEvents:]`, when the app was launched from a push or
    /// local notification: tracks a notification opened event (49) and searches it for the current campaign. A nil
    /// notification (the README's sample passes nil when the launch options hold none) tracks nothing.
    public func handleNotificationOpenedEvents(_ notification: [AnyHashable: Any]?) {
        guard let notification else { return }
        let payload = JSONValue.engagePayload(notification)
        EngageShared.enqueue { engage in _ = try? await engage?.ubf.trackOpenedNotification(payload) }
    }

    /// `[[UBFManager sharedInstance] handleExternalURLOpenedEvents:]`, from `application:openURL:…`: reads the
    /// link's parameters, sets the current campaign from them (`CurrentCampaign`, `CampaignExpiresAt`,
    /// `CampaignValidFor`) and tracks a session started event carrying them. Returns the tracked event's uid (the
    /// README's `ubfEventUid`), `x-engage-event://<event id>`: the id is the one ``EngageEventStore`` stores.
    @discardableResult
    public func handleExternalURLOpenedEvents(_ url: URL) -> URL? {
        let eventID = UUID().uuidString.lowercased()
        let params = EngageDeepLinkHandler.parameters(of: url)
        EngageShared.enqueue { engage in
            _ = try? await engage?.ubf.trackExternalURLOpened(params: params, eventID: eventID)
        }
        return URL(string: "x-engage-event://\(eventID)")
    }
}

extension UBFManager {
    /// External URL opened with a chosen event id (``UBFManager/Shared/handleExternalURLOpenedEvents(_:)``).
    func trackExternalURLOpened(params: [String: String], eventID: String) async throws -> StoredEvent {
        try await campaigns.update(from: params)
        let params = callToAction(from: params[paramNames.callToAction], into: params)
        return try await track { builder, now, campaign in
            var event = builder.externalURLOpened(at: now, campaign: campaign, params: params)
            event.id = eventID
            return event
        }
    }
}

extension JSONValue {
    /// An Objective-C style dictionary (a push payload's `userInfo`) as JSON: strings, numbers, booleans, arrays
    /// and dictionaries keep their shape; anything else becomes its description.
    static func engagePayload(_ dictionary: [AnyHashable: Any]) -> JSONValue {
        .object(
            JSONObject(
                dictionary.map { key, value in (String(describing: key.base), engagePayloadValue(value)) }
                    .sorted { $0.0 < $1.0 }))
    }

    private static func engagePayloadValue(_ value: Any) -> JSONValue {
        switch value {
        case let text as String: .string(text)
        case let flag as Bool: .bool(flag)
        case let number as Int: .number(JSONNumber(number))
        case let number as Double: .number(JSONNumber(number))
        case let array as [Any]: .array(array.map(engagePayloadValue))
        case let dictionary as [AnyHashable: Any]: engagePayload(dictionary)
        case is NSNull: .null
        default: .string(String(describing: value))
        }
    }
}
