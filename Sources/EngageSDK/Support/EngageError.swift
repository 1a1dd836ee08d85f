public import Foundation

/// Everything that can go wrong in EngageSDK. Each case carries what a reader needs to act on it; none
/// carries a secret (credentials and tokens never appear in a message).
public enum EngageError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The transport threw before an HTTP response arrived (no network, connection reset, cancelled).
    case transport(operationID: String, cause: String)
    /// The server answered with a status the operation does not accept.
    case httpStatus(operationID: String, status: Int, body: String)
    /// The server answered with a content type the operation cannot read.
    case unexpectedContentType(operationID: String, contentType: String)
    /// The response body could not be read as the operation expects.
    case malformedResponse(operationID: String, detail: String)
    /// `/oauth/token` refused the refresh-token grant (`error` and `error_description` of RFC 6749).
    case tokenRequestFailed(status: Int, error: String?, description: String?)
    /// The server still answered 401 (or XMLAPI fault 145) after one token refresh and one retry.
    case unauthorized(operationID: String)
    /// An XMLAPI call came back with `SUCCESS` false.
    case fault(operation: XMLAPIOperation, errorID: Int?, faultString: String)
    /// A precondition of a ``MobileIdentityManager`` sequence does not hold; no request was sent.
    case identity(IdentityFailure)
    /// The local event store (SQLite) failed.
    case store(operation: String, cause: String)
    /// The local event store could not write because its disk is full (`SQLITE_FULL`): the change was rolled back,
    /// every event stored before is kept, and the store takes the next write once space is back.
    case storeFull(operation: String, file: String)
    /// A configuration file could not be read, or a value has the wrong type.
    case configuration(source: String, detail: String)
    /// An argument is unusable (an empty host, a list id that is not set).
    case invalidArgument(name: String, detail: String)
    /// The location provider has no location to give (no permission, no location service); the event goes on
    /// without `Latitude`, `Longitude`, `Location Address` and `Location Name`.
    case locationUnavailable(reason: String)

    /// The preconditions of `setupRecipient` and `checkIdentity` (§6 of the Engage notes), with the
    /// shipped SDKs' own wording.
    public enum IdentityFailure: Sendable, Hashable {
        /// `setupRecipient` found no mobile user id and `enableAutoAnonymousTracking` is off.
        case emptyMobileUserID
        /// `setupRecipient` needs the list id, which is not configured.
        case missingListID
        /// `setupRecipient` needs `Recipient.mobileUserIdColumn`, which is not configured.
        case missingMobileUserIDColumn
        /// Engage answered without a recipient id (AddRecipient, or the SelectRecipientData lookup of `checkIdentity`).
        case emptyRecipientIDReturned
        /// `checkIdentity` has to update the existing recipient but no mobile user id is known.
        case missingMobileUserIDForMerge
        /// Merge history goes to the audit record table but `AuditRecord.auditRecordListId` is not set.
        case missingAuditTableID

        /// The shipped SDKs' wording of this failure.
        public var message: String {
            switch self {
            case .emptyMobileUserID:
                "Cannot create user with empty mobileUserId.  mobileUserId must be set manually or "
                    + "enableAutoAnonymousTracking must be set to true"
            case .missingListID: "ListId must be configured before recipient can be auto configured."
            case .missingMobileUserIDColumn:
                "mobileUserIdColumn must be configured before recipient can be auto configured."
            case .emptyRecipientIDReturned: "Empty recipientId returned from Silverpop"
            case .missingMobileUserIDForMerge: "Cannot find mobileUserId to update the existing recipient"
            case .missingAuditTableID: "Cannot update audit record without audit table id"
            }
        }
    }

    /// A one-line account of the error for logs and users: the operation, the status or cause, and no secret.
    public var description: String {
        switch self {
        case .transport(let operationID, let cause):
            return "\(operationID): the request did not reach the server (\(cause)); check the host and network"
        case .httpStatus(let operationID, let status, let body):
            let excerpt = body.count > 200 ? String(body.prefix(200)) + "…" : body
            return "\(operationID): HTTP \(status): \(excerpt)"
        case .unexpectedContentType(let operationID, let contentType):
            return "\(operationID): unexpected content type '\(contentType)'"
        case .malformedResponse(let operationID, let detail):
            return "\(operationID): unreadable response: \(detail)"
        case .tokenRequestFailed(let status, let error, let description):
            let reason = [error, description].compactMap { $0 }.joined(separator: ": ")
            return "token request refused (HTTP \(status)) \(reason.isEmpty ? "without a reason" : reason); "
                + "check the client id, client secret and refresh token"
        case .unauthorized(let operationID):
            return "\(operationID): still unauthorized after refreshing the access token once"
        case .fault(let operation, let errorID, let faultString):
            let id = errorID.map { " errorid \($0)" } ?? ""
            return "XMLAPI \(operation.rawValue) fault\(id): \(faultString)"
        case .identity(let failure):
            return failure.message
        case .store(let operation, let cause):
            return "event store: \(operation) failed: \(cause)"
        case .storeFull(let operation, let file):
            return "event store: \(operation) cannot write \(file): no space left on device (SQLITE_FULL); "
                + "nothing was changed and the events stored before are kept: free space and try again"
        case .configuration(let source, let detail):
            return "configuration \(source): \(detail)"
        case .invalidArgument(let name, let detail):
            return "\(name): \(detail)"
        case .locationUnavailable(let reason):
            return "no location for events: \(reason); events are posted without location attributes"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension EngageError {
    /// Whether the server answered the request itself (a status, a body it could not read): a failed post that
    /// counts against `maxNumRetries`. No network, no token (the token request failed) and a token the server keeps
    /// rejecting are not: the events wait for authentication or the network instead.
    var isAnswerToThePost: Bool {
        switch self {
        case .transport, .tokenRequestFailed, .unauthorized: false
        default: true
        }
    }

    /// Wraps any error as an ``EngageError``, keeping one that already is.
    static func wrapping(_ error: any Error, operationID: String) -> EngageError {
        if let engage = error as? EngageError { return engage }
        return .transport(operationID: operationID, cause: String(describing: error))
    }

    /// Wraps a database error.
    static func store(_ operation: String, _ error: any Error) -> EngageError {
        if let engage = error as? EngageError { return engage }
        return .store(operation: operation, cause: String(describing: error))
    }
}
