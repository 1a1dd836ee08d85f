public import Foundation
import HTTPTypes
public import JSONCore
import Synchronization

/// Screen tagging and system events of the core SDK.
public struct WEAnalytics: Sendable {
    let core: WebEngage

    /// Tags the screen the user is on. In-line properties belong to screens: the personalization SDK loads the
    /// properties of this screen and forgets those of the previous one.
    public func navigatingToScreen(withName name: String) {
        let listeners = core.state.withLock { state in
            state.screen = name
            return state.screenListeners
        }
        for listener in listeners { listener(name) }
    }

    /// The screen last tagged.
    public var currentScreen: String? { core.state.withLock { $0.screen } }

    /// Queues a system event (`app_personalization_view`, …) for the next upload.
    public func trackSystemEvent(name: String, systemData: JSONObject, eventData: JSONObject) {
        core.state.withLock { state in
            let time = state.setup?.now() ?? Date()
            state.pendingEvents.append(
                WESystemEvent(name: name, systemData: systemData, eventData: eventData, time: time))
        }
    }

    /// The events queued and not uploaded yet.
    public var pendingEvents: [WESystemEvent] { core.state.withLock { $0.pendingEvents } }

    /// Uploads the queued events in one batch (`POST /users/{licenseCode}/{luid}/events`). Events stay queued
    /// when the upload fails.
    ///
    /// - Throws: ``WebEngageError/coreNotConfigured``, ``WebEngageError/transport(operation:reason:)``,
    ///   ``WebEngageError/unexpectedResponse(operation:status:reason:)``.
    public func flush() async throws(WebEngageError) {
        let (batch, setup, cuid) = core.state.withLock { state in
            defer { state.pendingEvents = [] }
            return (state.pendingEvents, state.setup, state.cuid)
        }
        guard !batch.isEmpty else { return }
        guard let setup else {
            core.state.withLock { $0.pendingEvents.insert(contentsOf: batch, at: 0) }
            throw .coreNotConfigured
        }
        var body = JSONObject()
        if let cuid { body["cuid"] = .string(cuid) }
        body["events"] = .array(batch.map(\.json))
        let client = WebEngageHTTP(setup: setup)
        do throws(WebEngageError) {
            let answer = try await client.send(
                .post, path: client.userPath("events"), json: .object(body), operation: "uploadEvents")
            guard answer.status == 200 else {
                throw WebEngageError.unexpectedResponse(
                    operation: "uploadEvents", status: answer.status, reason: answer.text.prefix(200).description)
            }
        } catch {
            core.state.withLock { $0.pendingEvents.insert(contentsOf: batch, at: 0) }
            throw error
        }
    }
}

/// A system event as uploaded: its name, the SDK's attributes (`system_data`) and the campaign's or app's
/// attributes (`event_data`).
public struct WESystemEvent: Sendable, Hashable {
    /// The event name (`app_personalization_view`, `_click`, `_failed`, `_control_group`).
    public var name: String
    /// The SDK's attributes: `p_id`, `id` (variation), `experiment_id` (campaign), and more per event.
    public var systemData: JSONObject
    /// The campaign's custom data with the app's attributes, or the failure `reason`.
    public var eventData: JSONObject
    /// When the event happened, on the core's wall time.
    public var time: Date

    /// The upload form: `{"event_name","category":"system","system_data","event_data","event_time"}`.
    var json: JSONValue {
        [
            "event_name": .string(name), "category": "system", "system_data": .object(systemData),
            "event_data": .object(eventData), "event_time": .string(Self.timestamp(time)),
        ]
    }

    /// RFC 3339 with milliseconds, UTC.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }
}
