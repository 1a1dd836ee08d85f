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
    /// Every notification so far, in order.
    public private(set) var notifications: [EngageNotification] = []
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0

    private struct Waiter {
        var matches: @Sendable (EngageNotification) -> Bool
        var continuation: CheckedContinuation<EngageNotification?, Never>
    }

    /// An empty recorder.
    public init() {}

    /// Keeps `notification` and hands it to the callers of ``first(where:)`` it matches.
    public func engage(didEmit notification: EngageNotification) {
        notifications.append(notification)
        for (id, waiter) in waiters where waiter.matches(notification) {
            waiters[id] = nil
            waiter.continuation.resume(returning: notification)
        }
    }

    /// The first notification that `matches`, waiting until one arrives (work the SDK starts by itself, such as
    /// posting when a token is obtained or the network comes back); nil if the calling task is cancelled first.
    public func first(where matches: @escaping @Sendable (EngageNotification) -> Bool) async -> EngageNotification? {
        if let found = notifications.first(where: matches) { return found }
        let id = nextWaiter
        nextWaiter += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: nil)
                } else {
                    waiters[id] = Waiter(matches: matches, continuation: continuation)
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        waiters.removeValue(forKey: id)?.continuation.resume(returning: nil)
    }
}

/// Passes notifications to the delegate, if there is one.
struct EngageObserver: Sendable {
    var delegate: (any EngageDelegate)?

    func emit(_ notification: EngageNotification) async {
        await delegate?.engage(didEmit: notification)
    }
}
