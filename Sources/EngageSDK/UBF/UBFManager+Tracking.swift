import Foundation
public import JSONCore

/// The event factories of §3.2, tracked: each builds the event with the current identity, time and campaign
/// and hands it to ``UBFManager/trackEvent(_:)``.
extension UBFManager {
    /// Installed (12), with the last campaign.
    @discardableResult
    public func trackInstalled(params: [String: String] = [:]) async throws -> StoredEvent {
        let lastCampaign = await campaigns.lastCampaign()
        return try await track { builder, now, _ in
            builder.installed(at: now, lastCampaign: lastCampaign, params: params)
        }
    }

    /// Session started (13).
    @discardableResult
    public func trackSessionStarted(params: [String: String] = [:]) async throws -> StoredEvent {
        try await track { $0.sessionStarted(at: $1, campaign: $2, params: params) }
    }

    /// Session ended (14), with the session's foreground duration.
    @discardableResult
    public func trackSessionEnded(params: [String: String] = [:]) async throws -> StoredEvent {
        let session = self.session
        return try await track { builder, now, campaign in
            builder.sessionEnded(at: now, campaign: campaign, duration: session.duration(at: now), params: params)
        }
    }

    /// Goal completed (16).
    @discardableResult
    public func trackGoalCompleted(
        _ goalName: String, params: [String: String] = [:], tags: [String] = []
    ) async throws -> StoredEvent {
        try await track { $0.goalCompleted(goalName, at: $1, campaign: $2, params: params, tags: tags) }
    }

    /// Goal abandoned (15).
    @discardableResult
    public func trackGoalAbandoned(
        _ goalName: String, params: [String: String] = [:], tags: [String] = []
    ) async throws -> StoredEvent {
        try await track { $0.goalAbandoned(goalName, at: $1, campaign: $2, params: params, tags: tags) }
    }

    /// Named event (17).
    @discardableResult
    public func trackNamedEvent(
        _ eventName: String, params: [String: String] = [:], tags: [String] = []
    ) async throws -> StoredEvent {
        try await track { $0.namedEvent(eventName, at: $1, campaign: $2, params: params, tags: tags) }
    }

    /// Local notification received (48). The parameters are first searched for the campaign; a
    /// `ParamFieldNames.ParamCallToAction` parameter is the event's call to action, before the alert action.
    @discardableResult
    public func trackReceivedLocalNotification(
        alertBody: String, alertAction: String, params: [String: String] = [:]
    ) async throws -> StoredEvent {
        try await campaigns.update(from: params)
        let params = callToAction(from: params[paramNames.callToAction], into: params)
        return try await track {
            $0.receivedLocalNotification(
                alertBody: alertBody, alertAction: alertAction, at: $1, campaign: $2, params: params)
        }
    }

    /// Push notification received (48). The payload is first searched for the campaign.
    @discardableResult
    public func trackReceivedNotification(
        _ payload: JSONValue, params: [String: String] = [:]
    ) async throws -> StoredEvent {
        try await campaigns.update(from: payload)
        let params = callToAction(from: payload[paramNames.callToAction]?.stringValue, into: params)
        return try await track { $0.receivedPushNotification(payload, at: $1, campaign: $2, params: params) }
    }

    /// Notification opened (49). The payload is first searched for the campaign.
    @discardableResult
    public func trackOpenedNotification(
        _ payload: JSONValue, params: [String: String] = [:]
    ) async throws -> StoredEvent {
        try await campaigns.update(from: payload)
        let params = callToAction(from: payload[paramNames.callToAction]?.stringValue, into: params)
        return try await track { $0.openedNotification(payload, at: $1, campaign: $2, params: params) }
    }

    /// External URL opened: the link's parameters set the campaign, then a session started (13) carries them (and
    /// a `ParamFieldNames.ParamCallToAction` parameter as the event's call to action).
    @discardableResult
    public func trackExternalURLOpened(params: [String: String]) async throws -> StoredEvent {
        try await campaigns.update(from: params)
        let params = callToAction(from: params[paramNames.callToAction], into: params)
        return try await track { $0.externalURLOpened(at: $1, campaign: $2, params: params) }
    }

    /// `params` with the `UBFFieldNames.UBFCallToActionFieldName` attribute set to `value` (the payload's
    /// `ParamFieldNames.ParamCallToAction` parameter, "External event parameter name to parse Call To Action from"),
    /// unless the caller set it.
    func callToAction(from value: String?, into params: [String: String]) -> [String: String] {
        guard let value, params[fieldNames.callToAction] == nil else { return params }
        var params = params
        params[fieldNames.callToAction] = value
        return params
    }

    /// Builds an event from the current builder, time and campaign, and tracks it.
    @discardableResult
    func track(
        _ make: (UBFEventBuilder, Date, String) -> UBFEvent
    ) async throws -> StoredEvent {
        let builder = try await builder()
        let campaign = await campaigns.currentCampaign()
        return try await trackEvent(make(builder, now(), campaign))
    }
}
