/// Keeps the id of the app's subscriber between launches, for the methods whose path names it.
///
/// `RH` writes it after `formSubmit`, `CreatePendingReferral`, `trackReferral` and `OrganicTrackReferral`
/// succeed, and removes it after `DeleteSubscriber` succeeds.
public protocol RHSubscriberStore: Sendable {
    /// The stored id, or `nil` when none is stored.
    func subscriberID() async throws -> String?
    /// Stores `id`, replacing any stored one.
    func setSubscriberID(_ id: String) async throws
    /// Forgets the stored id; does nothing when none is stored.
    func removeSubscriberID() async throws
}

/// A store that lives as long as the value: for tests, flows and apps that keep the id themselves.
public actor RHInMemorySubscriberStore: RHSubscriberStore {
    private var id: String?

    /// A store holding `subscriberID`, or nothing.
    public init(subscriberID: String? = nil) {
        id = subscriberID
    }

    /// The stored id.
    public func subscriberID() -> String? { id }

    /// Stores `id`.
    public func setSubscriberID(_ id: String) { self.id = id }

    /// Forgets the stored id.
    public func removeSubscriberID() { id = nil }
}
