import Foundation

/// Sends XMLAPI requests (§2 of the Engage notes): the envelope goes in the form field `xml`, form-encoded,
/// with the bearer token, to `/XMLAPI`. Business faults come back as HTTP 200 with `SUCCESS` false and are
/// returned as results; a fault 145 (or HTTP 401) refreshes the token once and retries once.
public struct XMLAPIManager: Sendable {
    let exchange: AuthorizedExchange
    let state: EngageStateStore
    let config: EngageConfig
    let now: @Sendable () -> Date
    /// The recipient database (list) id given at initialisation.
    public let listID: String

    /// Posts any request and returns the parsed result, fault or not.
    public func post(_ api: XMLAPI) async throws -> XMLAPIResult {
        let body = FormEncoding.encode([("xml", api.envelopeString)])
        return try await exchange.post(
            path: EngageEndpoint.xmlAPIPath, contentType: FormEncoding.contentType, accept: "text/xml",
            body: body, operationID: EngageOperationID.xmlAPI, interpret: Self.interpret)
    }

    /// Posts a request and throws ``EngageError/fault(operation:errorID:faultString:)`` when `SUCCESS` is false.
    public func postChecked(_ api: XMLAPI) async throws -> XMLAPIResult {
        let result = try await post(api)
        if let error = result.error(for: api.operation) { throw error }
        return result
    }

    static func interpret(_ response: HTTPExchangeResponse) throws -> AuthorizedExchange.Outcome<XMLAPIResult> {
        let operationID = EngageOperationID.xmlAPI
        guard (200..<300).contains(response.status) else {
            throw EngageError.httpStatus(operationID: operationID, status: response.status, body: response.bodyText)
        }
        let type = response.contentType.lowercased()
        guard type.hasPrefix("text/xml") || type.hasPrefix("application/xml") || type.contains("+xml") else {
            throw EngageError.unexpectedContentType(operationID: operationID, contentType: response.contentType)
        }
        guard !response.body.isEmpty else {
            throw EngageError.malformedResponse(operationID: operationID, detail: "the body is empty")
        }
        let result = try XMLAPIResult(data: response.body)
        return result.isSessionLost ? .tokenRejected(fallback: result) : .done(result)
    }
}

/// The typed helpers of §2.4, on the list given at initialisation unless another is named.
extension XMLAPIManager {
    /// Posts `SelectRecipientData` for `recipientID` (``XMLAPI/selectRecipient(id:listID:)``); a fault comes back as
    /// the result.
    public func selectRecipient(id recipientID: String, listID: String? = nil) async throws -> XMLAPIResult {
        try await post(.selectRecipient(id: recipientID, listID: listID ?? self.listID))
    }

    /// Posts `SelectRecipientData` for `email` (``XMLAPI/selectRecipientData(email:listID:)``); a fault comes back as
    /// the result.
    public func selectRecipientData(email: String, listID: String? = nil) async throws -> XMLAPIResult {
        try await post(.selectRecipientData(email: email, listID: listID ?? self.listID))
    }

    /// Posts `AddRecipient` for `email`, updating the recipient when found (``XMLAPI/addRecipient(email:listID:)``); a
    /// fault comes back as the result.
    public func addRecipient(email: String, listID: String? = nil) async throws -> XMLAPIResult {
        try await post(.addRecipient(email: email, listID: listID ?? self.listID))
    }

    /// Posts `AddRecipient` with the mobile user id in `column`, without `UPDATE_IF_FOUND`; a fault comes back as
    /// the result.
    public func addRecipient(
        mobileUserIDColumn column: String, mobileUserID: String, listID: String? = nil
    ) async throws -> XMLAPIResult {
        try await post(
            .addRecipient(mobileUserIDColumn: column, mobileUserID: mobileUserID, listID: listID ?? self.listID))
    }

    /// The deprecated anonymous recipient: stores the returned RecipientId as the anonymous id.
    public func addRecipientAnonymous(listID: String? = nil) async throws -> XMLAPIResult {
        let result = try await post(.addRecipientAnonymous(listID: listID ?? self.listID))
        if result.isSuccess, let id = result.recipientID { try await state.set(id, for: .anonymousID) }
        return result
    }

    /// Posts `UpdateRecipient` setting `columns` on `recipientID`; a fault comes back as the result.
    public func updateRecipient(
        id recipientID: String, columns: [XMLAPI.NameValue], listID: String? = nil
    ) async throws -> XMLAPIResult {
        try await post(.updateRecipient(id: recipientID, listID: listID ?? self.listID, columns: columns))
    }

    /// The deprecated merge of the anonymous recipient into the primary user: the second request is sent only
    /// when the first succeeds. Returns the last result.
    public func updateAnonymousToPrimaryUser(
        userID: String, primaryUserColumn: String, mergeColumn: String, listID: String? = nil
    ) async throws -> XMLAPIResult {
        let requests = XMLAPI.updateAnonymousToPrimaryUser(
            userID: userID, anonymousID: await state.string(.anonymousID), primaryUserColumn: primaryUserColumn,
            mergeColumn: mergeColumn, listID: listID ?? self.listID)
        let first = try await post(requests.anonymous)
        guard first.isSuccess else { return first }
        return try await post(requests.primary)
    }

    /// Posts `AddListColumn` adding a column `name` of `type` with an empty default; a fault comes back as the result.
    public func addListColumn(
        name: String, type: XMLAPIColumnType, listID: String? = nil
    ) async throws -> XMLAPIResult {
        try await post(.addListColumn(name: name, type: type, listID: listID ?? self.listID))
    }

    /// Writes the last known location (`nil` address: `UNKNOWN`) and the time, formatted with
    /// `LocationServices.lastKnownLocationDateFormat`, to the recipient found by the mobile user id.
    public func updateUserLastKnownLocation(address: String?, listID: String? = nil) async throws -> XMLAPIResult {
        let services = config.locationServices
        let timestamp = CivilTime(self.now()).formatted(services.lastKnownLocationDateFormat)
        return try await post(
            .updateUserLastKnownLocation(
                address: address, timestamp: timestamp, mobileUserID: await state.string(.mobileUserID),
                listID: listID ?? self.listID, locationServices: services))
    }

    /// Posts `InsertUpdateRelationalTable` with `rows` to the relational table `tableID`; a fault (and the
    /// `FAILURES` it lists) comes back as the result.
    public func insertUpdateRelationalTable(tableID: String, rows: [[XMLAPI.NameValue]]) async throws -> XMLAPIResult {
        try await post(.insertUpdateRelationalTable(tableID: tableID, rows: rows))
    }

    /// Posts `RemoveRecipient` for the recipient named by `recipientID`, `email` or key `columns`; a fault comes back
    /// as the result.
    public func removeRecipient(
        recipientID: String? = nil, email: String? = nil, columns: [XMLAPI.NameValue] = [], listID: String? = nil
    ) async throws -> XMLAPIResult {
        try await post(
            .removeRecipient(listID: listID ?? self.listID, recipientID: recipientID, email: email, columns: columns))
    }
}
