public import Foundation
public import JSONCore

/// Makes UBF events (§3 of the Engage notes): the README's 9 core attributes, then the caller's parameters, then
/// the attributes the SDK adds for the event type, each only when the caller did not supply it.
public struct UBFEventBuilder: Sendable {
    /// The device attributes every event carries.
    public var device: DeviceInfo
    /// The identity attributes every event carries.
    public var identity: UBFIdentity
    /// The attribute names of `UBFFieldNames` the builder adds (`Event Name`, `Campaign Name`, …).
    public var fieldNames: EngageConfig.UBFFieldNames
    /// Makes the ids of new events.
    public var identifiers: IdentifierGenerator

    /// A builder; event ids are UUIDs unless `identifiers` says otherwise.
    public init(
        device: DeviceInfo, identity: UBFIdentity, fieldNames: EngageConfig.UBFFieldNames,
        identifiers: IdentifierGenerator = .uuid
    ) {
        self.device = device
        self.identity = identity
        self.fieldNames = fieldNames
        self.identifiers = identifiers
    }

    /// The core template: the README's list of 9 (Device Version, OS Name, OS Version, App Name, App Version, Device
    /// Id, Mobile User Id / Primary User Id, Anonymous Id, Recipient Id), in that order. "Mobile User Id / Primary User
    /// Id" is one attribute, the mobile user id sent as `Primary User Id` (two names for one id, as
    /// `EngageConfig.primaryUserId()` returns the mobile user id), so there are 9, not 10 (`x-sdk-choices` in
    /// `Schemas/engage/engage.openapi.yaml`). The README lists no device name, so none is sent.
    public var coreAttributes: [UBFAttribute] {
        [
            UBFAttribute("Device Version", device.deviceVersion),
            UBFAttribute("OS Name", device.osName),
            UBFAttribute("OS Version", device.osVersion),
            UBFAttribute("App Name", device.appName),
            UBFAttribute("App Version", device.appVersion),
            UBFAttribute("Device Id", identity.deviceID),
            UBFAttribute("Primary User Id", identity.mobileUserID),
            UBFAttribute("Anonymous Id", identity.anonymousID),
            UBFAttribute("Recipient Id", identity.recipientID),
        ]
    }

    /// Any event: core attributes, then `params` sorted by name, then `tags` joined with `,` under the tags
    /// field, then `added` where the caller did not set them.
    public func event(
        _ type: UBFEventType, at date: Date, params: [String: String] = [:], tags: [String] = [],
        added: [UBFAttribute] = []
    ) -> UBFEvent {
        var event = UBFEvent(id: identifiers.nextEventID(), type: type, timestamp: date, attributes: coreAttributes)
        for name in params.keys.sorted() {
            event.set(name, params[name] ?? "")
        }
        if !tags.isEmpty { event.set(fieldNames.tags, tags.joined(separator: ",")) }
        for attribute in added {
            event.setIfAbsent(attribute.name, attribute.value)
        }
        return event
    }

    /// Installed (12), with `Last Campaign` (the last campaign even if it has expired).
    public func installed(at date: Date, lastCampaign: String, params: [String: String] = [:]) -> UBFEvent {
        event(.installed, at: date, params: params, added: [UBFAttribute(fieldNames.lastCampaign, lastCampaign)])
    }

    /// Session started (13), with `Campaign Name`.
    public func sessionStarted(at date: Date, campaign: String, params: [String: String] = [:]) -> UBFEvent {
        event(.sessionStarted, at: date, params: params, added: [UBFAttribute(fieldNames.currentCampaign, campaign)])
    }

    /// Session ended (14), with `Campaign Name` and, when known, `Session Duration` in whole seconds.
    public func sessionEnded(
        at date: Date, campaign: String, duration: Int?, params: [String: String] = [:]
    ) -> UBFEvent {
        var added = [UBFAttribute(fieldNames.currentCampaign, campaign)]
        if let duration { added.append(UBFAttribute(fieldNames.sessionDuration, String(duration))) }
        return event(.sessionEnded, at: date, params: params, added: added)
    }

    /// Goal abandoned (15), with `Goal Name` and `Campaign Name`.
    public func goalAbandoned(
        _ goalName: String, at date: Date, campaign: String, params: [String: String] = [:], tags: [String] = []
    ) -> UBFEvent {
        named(.goalAbandoned, fieldNames.goalName, goalName, date, campaign, params, tags)
    }

    /// Goal completed (16), with `Goal Name` and `Campaign Name`.
    public func goalCompleted(
        _ goalName: String, at date: Date, campaign: String, params: [String: String] = [:], tags: [String] = []
    ) -> UBFEvent {
        named(.goalCompleted, fieldNames.goalName, goalName, date, campaign, params, tags)
    }

    /// Named event (17), with `Event Name` and `Campaign Name`.
    public func namedEvent(
        _ eventName: String, at date: Date, campaign: String, params: [String: String] = [:], tags: [String] = []
    ) -> UBFEvent {
        named(.namedEvent, fieldNames.eventName, eventName, date, campaign, params, tags)
    }

    /// An event that names something (a goal, an event) and carries the campaign.
    private func named(
        _ type: UBFEventType, _ field: String, _ name: String, _ date: Date, _ campaign: String,
        _ params: [String: String], _ tags: [String]
    ) -> UBFEvent {
        event(
            type, at: date, params: params, tags: tags,
            added: [UBFAttribute(field, name), UBFAttribute(fieldNames.currentCampaign, campaign)])
    }

    /// Local notification received (48): `Campaign Name`, `Call To Action` = alert action, `Displayed Message`
    /// = alert body.
    public func receivedLocalNotification(
        alertBody: String, alertAction: String, at date: Date, campaign: String, params: [String: String] = [:]
    ) -> UBFEvent {
        event(
            .receivedNotification, at: date, params: params,
            added: [
                UBFAttribute(fieldNames.currentCampaign, campaign), UBFAttribute(fieldNames.callToAction, alertAction),
                UBFAttribute(fieldNames.displayedMessage, alertBody),
            ])
    }

    /// Push notification received (48): `Displayed Message` from `aps.alert` (a string) or `aps.alert.body`,
    /// and `Campaign Name`.
    public func receivedPushNotification(
        _ payload: JSONValue, at date: Date, campaign: String, params: [String: String] = [:]
    ) -> UBFEvent {
        notification(.receivedNotification, payload, at: date, campaign: campaign, params: params)
    }

    /// Notification opened (49): as ``receivedPushNotification(_:at:campaign:params:)``.
    public func openedNotification(
        _ payload: JSONValue, at date: Date, campaign: String, params: [String: String] = [:]
    ) -> UBFEvent {
        notification(.openedNotification, payload, at: date, campaign: campaign, params: params)
    }

    /// External URL (deep link) opened: a session started (13) carrying the link's parameters, as the iOS SDK
    /// sends it (there is no code of its own).
    public func externalURLOpened(at date: Date, campaign: String, params: [String: String]) -> UBFEvent {
        sessionStarted(at: date, campaign: campaign, params: params)
    }

    private func notification(
        _ type: UBFEventType, _ payload: JSONValue, at date: Date, campaign: String, params: [String: String]
    ) -> UBFEvent {
        event(
            type, at: date, params: params,
            added: [
                UBFAttribute(fieldNames.displayedMessage, Self.displayedMessage(payload)),
                UBFAttribute(fieldNames.currentCampaign, campaign),
            ])
    }

    /// `aps.alert` when it is a string, else `aps.alert.body`, else `""`.
    public static func displayedMessage(_ payload: JSONValue) -> String {
        let alert = payload["aps"]?["alert"]
        if case .string(let text) = alert { return text }
        return alert?["body"]?.lenientString ?? ""
    }
}
