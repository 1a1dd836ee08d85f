public import Foundation

/// What the SDK reports as it works: the Swift form of the shipped SDKs' delegate callbacks and
/// notifications (`PrimaryUserIdSetEvent`, connect success and failure, post outcomes).
public enum EngageNotification: Sendable, Hashable {
    /// A new access token arrived.
    case tokenRefreshed(expiresAt: Date)
    /// `/oauth/token` failed (the call may be retried after a backoff).
    case tokenRequestFailed(EngageError)
    /// An event was written to the local store with this status.
    case eventStored(eventID: String, status: EngageEventStatus)
    /// Augmentation finished: `notPosted` when every plugin ran in time, `expired` when it timed out.
    case eventAugmented(eventID: String, status: EngageEventStatus)
    /// A batch reached `/rest/events/submission` and was accepted.
    case eventsPosted(eventIDs: [String])
    /// A batch failed; events that used up their retries are now FAILED_POST.
    case eventsPostFailed(eventIDs: [String], error: EngageError)
    /// The mobile user id was set (the shipped `PrimaryUserIdSetEvent`).
    case mobileUserIDSet(String)
    /// The recipient id was set.
    case recipientIDSet(String)
    /// A deep link or notification set the current campaign.
    case currentCampaignChanged(name: String, expiresAt: Date)
    /// A session started.
    case sessionStarted(at: Date)
    /// A session ended after `duration` seconds in the foreground.
    case sessionEnded(duration: Int)
}

/// Receives ``EngageNotification``s. Calls arrive in order from each SDK component.
public protocol EngageDelegate: Sendable {
    func engage(didEmit notification: EngageNotification) async
}

/// A delegate that keeps every notification, for tests and flows that assert on them.
public actor EngageNotificationRecorder: EngageDelegate {
    public private(set) var notifications: [EngageNotification] = []

    public init() {}

    public func engage(didEmit notification: EngageNotification) {
        notifications.append(notification)
    }
}

/// Passes notifications to the delegate, if there is one.
struct EngageObserver: Sendable {
    var delegate: (any EngageDelegate)?

    func emit(_ notification: EngageNotification) async {
        await delegate?.engage(didEmit: notification)
    }
}
