/// What one ``UBFManager/postEventCache()`` did.
public struct UBFPostReport: Sendable, Hashable {
    /// Events the server accepted, in order.
    public var posted: [String] = []
    /// Events whose post failed and that will be tried again.
    public var willRetry: [String] = []
    /// Events that used up `maxNumRetries` and are now FAILED_POST.
    public var failed: [String] = []
    /// Events kept NOT_POSTED without spending a retry: there was no token (authentication has not succeeded yet)
    /// or no network. Only an answer from the server counts as a failed post.
    public var deferred: [String] = []
    /// Ready events kept NOT_POSTED because no mobile user id is stored yet: Universal Behaviors reads the id that
    /// ``MobileIdentityManager/setMobileUserID(_:)`` (the README's `EngageConfig storeMobileUserId:`) or
    /// ``MobileIdentityManager/setupRecipient()`` stores, so events wait for an identity and are posted with it.
    public var awaitingIdentity = 0
    /// Requests sent.
    public var requests = 0
    /// The failure that stopped the flush, if any.
    public var error: EngageError?

    public init() {}
}

/// Posts batches to `/rest/events/submission` (§3.1 of the Engage notes): `{"events":[…]}` as JSON with the
/// bearer token; any 2xx is success.
struct UBFClient: Sendable {
    var exchange: AuthorizedExchange

    func post(_ jsonObjects: [String]) async throws {
        try await exchange.post(
            path: EngageEndpoint.eventSubmissionPath, contentType: "application/json", accept: "application/json",
            body: UBFEvent.batchBody(jsonObjects), operationID: EngageOperationID.eventSubmission
        ) { response -> AuthorizedExchange.Outcome<Void> in
            guard (200..<300).contains(response.status) else {
                throw EngageError.httpStatus(
                    operationID: EngageOperationID.eventSubmission, status: response.status, body: response.bodyText)
            }
            return .done(())
        }
    }
}
