import Foundation

/// The event factories of §3.2, tracked: each builds the event with the current identity and campaign and
/// hands it to ``UBFManager/trackEvent(_:)``.
extension UBFManager {
    /// Installed (12).
    @discardableResult
    public func trackInstalled(params: [String: String] = [:]) async throws -> StoredEvent {
        let event = try await builder().installed(
            at: clock.now(), lastCampaign: await campaigns.lastCampaign(), params: params)
        return try await trackEvent(event)
    }

    /// Session started (13) with the current campaign.
    @discardableResult
    public func trackSessionStarted(params: [String: String] = [:]) async throws -> StoredEvent {
        let event = try await builder().sessionStarted(
            at: clock.now(), campaign: await campaigns.currentCampaign(), params: params)
        return try await trackEvent(event)
    }

    /// Session ended (14) with the current campaign and the session's foreground duration.
    @discardableResult
    public func trackSessionEnded(params: [String: String] = [:]) async throws -> StoredEvent {
        let now = clock.now()
        let event = try await builder().sessionEnded(
            at: now, campaign: await campaigns.currentCampaign(), duration: session.duration(at: now), params: params)
        return try await trackEvent(event)
    }

    /// Goal completed (16).
    @discardableResult
    public func trackGoalCompleted(
        _ goalName: String, params: [String: String] = [:], tags: [String] = []
    ) async throws -> StoredEvent {
        let event = try await builder().goalCompleted(
            goalName, at: clock.now(), campaign: await campaigns.currentCampaign(), params: params, tags: tags)
        return try await trackEvent(event)
    }

    /// Goal abandoned (15).
    @discardableResult
    public func trackGoalAbandoned(
        _ goalName: String, params: [String: String] = [:], tags: [String] = []
    ) async throws -> StoredEvent {
        let event = try await builder().goalAbandoned(
            goalName, at: clock.now(), campaign: await campaigns.currentCampaign(), params: params, tags: tags)
        return try await trackEvent(event)
    }

    /// Named event (17).
    @discardableResult
    public func trackNamedEvent(
        _ eventName: String, params: [String: String] = [:], tags: [String] = []
    ) async throws -> StoredEvent {
        let event = try await builder().namedEvent(
            eventName, at: clock.now(), campaign: await campaigns.currentCampaign(), params: params, tags: tags)
        return try await trackEvent(event)
    }

    /// Local notification received (48).
    @discardableResult
    public func trackReceivedLocalNotification(
        alertBody: String, alertAction: String, params: [String: String] = [:]
    ) async throws -> StoredEvent {
        try await campaigns.update(from: params)
        let event = try await builder().receivedLocalNotification(
            alertBody: alertBody, alertAction: alertAction, at: clock.now(),
            campaign: await campaigns.currentCampaign(), params: params)
        return try await trackEvent(event)
    }

    /// Push notification received (48). The payload is first searched for the campaign parameter.
    @discardableResult
    public func trackReceivedNotification(
        _ payload: JSONValue, params: [String: String] = [:]
    ) async throws -> StoredEvent {
        try await campaigns.update(from: payload)
        let event = try await builder().receivedPushNotification(
            payload, at: clock.now(), campaign: await campaigns.currentCampaign(), params: params)
        return try await trackEvent(event)
    }

    /// Notification opened (49). The payload is first searched for the campaign parameter.
    @discardableResult
    public func trackOpenedNotification(
        _ payload: JSONValue, params: [String: String] = [:]
    ) async throws -> StoredEvent {
        try await campaigns.update(from: payload)
        let event = try await builder().openedNotification(
            payload, at: clock.now(), campaign: await campaigns.currentCampaign(), params: params)
        return try await trackEvent(event)
    }

    /// External URL opened: the link's parameters set the campaign, then a session started (13) carries them.
    @discardableResult
    public func trackExternalURLOpened(params: [String: String]) async throws -> StoredEvent {
        try await campaigns.update(from: params)
        let event = try await builder().externalURLOpened(
            at: clock.now(), campaign: await campaigns.currentCampaign(), params: params)
        return try await trackEvent(event)
    }
}
