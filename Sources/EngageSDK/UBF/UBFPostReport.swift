import Foundation
import JSONCore

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

    /// An empty report.
    public init() {}
}

/// What Engage answered to one batch.
enum UBFPostOutcome: Sendable {
    /// A 2xx with a JSON body (or none): the events are stored.
    case accepted
    /// Engage refused the batch: a 4xx with a JSON body (the simulator's `invalid_request` names the bad event).
    case rejected(EngageError)
}

/// Posts batches to `/rest/events/submission` (§3.1 of the Engage notes): `{"events":[…]}` as JSON with the
/// bearer token.
///
/// Only an answer that is Engage's counts: a 2xx whose body is JSON (or empty) accepts the batch, a 4xx whose
/// body is JSON refuses it. Anything else throws and so spends no retry: a 5xx (Engage's own, or a proxy's), a
/// 407, 408 or 429, and a reply that is not JSON, such as a captive portal's HTML page answered with 200.
struct UBFClient: Sendable {
    var exchange: AuthorizedExchange

    func post(_ jsonObjects: [String]) async throws -> UBFPostOutcome {
        let operationID = EngageOperationID.eventSubmission
        return try await exchange.post(
            path: EngageEndpoint.eventSubmissionPath, contentType: "application/json", accept: "application/json",
            body: UBFEvent.batchBody(jsonObjects), operationID: operationID
        ) { response -> AuthorizedExchange.Outcome<UBFPostOutcome> in
            let readable = Self.isJSON(response.body)
            switch response.status {
            case 200..<300:
                guard readable else {
                    throw EngageError.malformedResponse(
                        operationID: operationID, detail: "a \(response.status) whose body is not JSON")
                }
                return .done(.accepted)
            case 400..<500 where ![407, 408, 429].contains(response.status) && readable:
                return .done(
                    .rejected(
                        .httpStatus(operationID: operationID, status: response.status, body: response.bodyText)))
            default:
                throw EngageError.httpStatus(
                    operationID: operationID, status: response.status, body: response.bodyText)
            }
        }
    }

    /// Whether `body` is empty (whitespace only) or one JSON value.
    static func isJSON(_ body: Data) -> Bool {
        if body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return true }
        return (try? JSONValue(parsing: body)) != nil
    }
}
