public import Foundation

/// The status of a stored event (§4 of the Engage notes; the numbers are the iOS SDK's).
///
/// While a batch is on its way to the server its events keep their status and are marked *in flight*
/// (``StoredEvent/isInFlight``), so a crash mid-flush loses neither the event nor whether it had expired:
/// reopening the store clears the mark and the events are sent again (at least once).
public enum EngageEventStatus: Int, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// NOT_POSTED: "ready to be sent to Engage but currently cannot due to network not being reachable or queue
    /// cache size not being met yet".
    case notPosted = 1
    /// SUCCESSFULLY_POSTED: Engage accepted it; purged after `LocalEventStore.expireLocalEventsAfterNumDays`.
    case successfullyPosted = 2
    /// FAILED_POST: "attempted to be posted to Engage for the maximum number of retries. Once in this state no
    /// further attempts to post the UBF event will be made" (Engage refused it `Networking.maxNumRetries` + 1 times).
    case failedPost = 3
    /// HOLD: "initially created but have still not had all of their data set by the augmentation service".
    case hold = 4
    /// EXPIRED: failed "to complete their augmenation before the time out is reached"; "eligible to be POSTed to
    /// Engage just like NOT_POSTED events". The README also says such events move to NOT_POSTED; the SDK uses
    /// EXPIRED, the status defined for them (see `x-sdk-choices` in `Schemas/engage/engage.openapi.yaml`).
    case expired = 5

    /// The statuses a flush picks up.
    public static let postable: [EngageEventStatus] = [.notPosted, .expired]

    /// The README's name of the status (`NOT_POSTED`, `SUCCESSFULLY_POSTED`, …).
    public var description: String {
        switch self {
        case .notPosted: "NOT_POSTED"
        case .successfullyPosted: "SUCCESSFULLY_POSTED"
        case .failedPost: "FAILED_POST"
        case .hold: "HOLD"
        case .expired: "EXPIRED"
        }
    }
}

/// One event as the local store holds it.
public struct StoredEvent: Sendable, Hashable {
    /// The store's row id (insertion order).
    public var rowID: Int64
    /// The event's identity in the store (sent as `eventId` only with ``Engage/Options/sendsEventIDs``).
    public var eventID: String
    /// `eventTypeCode`.
    public var eventTypeCode: Int
    /// The event as it is posted (one JSON object of the `events` array).
    public var json: String
    /// Where the event is in its life: waiting, posted, failed, held for augmentation or expired.
    public var status: EngageEventStatus
    /// Failed posts so far.
    public var failureCount: Int
    /// True while a post of this event is under way.
    public var isInFlight: Bool
    /// The event's own timestamp (used by the purge).
    public var eventDate: Date

    /// The event decoded from its JSON, with its stored id.
    public func event() throws -> UBFEvent {
        var event = try UBFEvent(json: json)
        event.id = eventID
        return event
    }
}
