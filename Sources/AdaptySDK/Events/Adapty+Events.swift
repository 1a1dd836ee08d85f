import Foundation
import HTTPTypes
public import JSONCore
import Synchronization

extension Adapty {
    /// Logs that `paywall` was shown (`paywall_showed`); sent with the next ``flushEvents()``.
    public func logShowPaywall(_ paywall: AdaptyPaywall) throws(AdaptyError) {
        try enqueueEvent(
            "paywall_showed",
            params: [
                ("variation_id", .string(paywall.variationId)),
                ("placement_audience_version_id", .string(paywall.placement.audienceVersionId)),
            ])
    }

    /// The events waiting to be sent, in order.
    public var pendingEvents: [JSONValue] { state.withLock { $0.events } }

    /// Sends the waiting events as one batch (`POST /sdk/events/`); they are dropped once the backend took them.
    /// Returns how many were sent.
    @discardableResult
    public func flushEvents() async throws(AdaptyError) -> Int {
        let events = state.withLock { $0.events }
        guard !events.isEmpty else { return 0 }
        let body: JSONValue = [
            "data": ["type": "sdk_background_event", "attributes": ["events": .array(events)]]
        ]
        _ = try await backend.send(
            AdaptyBackend.Request(method: .post, path: "/sdk/events/", body: body, endpoint: "send events"))
        state.withLock { $0.events.removeFirst(min(events.count, $0.events.count)) }
        return events.count
    }

    /// Packs an event (`event_name`, `event_id`, `profile_id`, `session_id`, `created_at`, `counter`, `platform`,
    /// `device_id`, then its params) and queues it; refused when analytics are disabled.
    func enqueueEvent(_ name: String, params: [(String, JSONValue)]) throws(AdaptyError) {
        if state.withLock({ $0.analyticsDisabled }) { throw .analyticsDisabled }
        let profileId = self.profileId
        let eventId = makeUUID().uuidString.lowercased()
        let createdAt = AdaptyDateCoding.string(from: now())
        state.withLock { state in
            let members: [(String, JSONValue)] = [
                ("event_name", .string(name)), ("event_id", .string(eventId)), ("profile_id", .string(profileId)),
                ("session_id", .string(backend.sessionId)), ("created_at", .string(createdAt)),
                ("counter", .number(JSONNumber(state.eventCounter))),
                ("platform", .string(configuration.device.platform)),
                ("device_id", .string(configuration.device.deviceId)),
            ]
            state.eventCounter += 1
            state.events.append(.object(JSONObject(members + params)))
        }
    }
}
