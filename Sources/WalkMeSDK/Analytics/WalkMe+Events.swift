import Foundation
public import JSONCore

extension WalkMe {
    /// Records an analytics event: the analytics delegate hears it (when the events filter lets it through) and it
    /// joins the upload queue, which is sent once it holds the settings' batch size.
    func record(_ type: WMStatsEventType, _ payload: [String: JSONValue]) {
        var fields = payload
        fields["type"] = .string(type.wireName)
        fields["timestamp"] = .number(JSONNumber(Int((environment.now().timeIntervalSince1970 * 1000).rounded(.down))))
        if let session = state.session { fields["sessionId"] = .string(session.id) }
        if state.eventsFilter?.contains(type) ?? true {
            analyticsDelegate?.didSendAnalyticsEvent(ofType: type, withPayload: fields)
        }
        state.queue.append(.object(JSONObject(fields.sorted { $0.key < $1.key })))
    }

    /// Uploads the queue when it holds a full batch.
    func flushIfFull() async {
        guard state.queue.count >= state.settings?.eventsBatchSize ?? 10 else { return }
        _ = try? await flushEvents()
    }

    /// Uploads the queued analytics events in one batch to the settings' events URL; returns how many were sent.
    /// Events that could not be sent stay queued for the next upload.
    @discardableResult
    public func flushEvents() async throws(WalkMeError) -> Int {
        guard let api = state.api, let settings = state.settings else { throw .notStarted("flushEvents") }
        let events = state.queue
        guard !events.isEmpty else { return 0 }
        let url = try api.resolve(settings.eventsURL, endpoint: "eventsUrl")
        var batch: [(String, JSONValue)] = [
            ("deviceId", .string(environment.device.read().deviceId)), ("events", .array(events)),
        ]
        if let userId = state.userId { batch.append(("userId", .string(userId))) }
        try await api.upload(.object(JSONObject(batch)), to: url)
        state.queue.removeFirst(min(events.count, state.queue.count))
        return events.count
    }

    /// The analytics events waiting for upload.
    public var queuedEvents: [JSONValue] { state.queue }

    /// Limits the events the analytics delegate receives to `types` (`nil` for all); uploads are not filtered.
    public func setEventsFilter(_ types: [WMStatsEventType]?) {
        state.eventsFilter = types.map(Set.init)
    }
}
