import Foundation

/// What ``MobileIdentityManager/setupRecipient()`` leaves behind.
public struct SetupRecipientResult: Sendable, Hashable {
    /// The recipient the mobile user id belongs to.
    public var recipientID: String
    /// The README's `[result recipientId]`: ``recipientID``.
    public var recipientId: String { recipientID }

    /// A result for `recipientID`.
    public init(recipientID: String) {
        self.recipientID = recipientID
    }
}

/// What ``MobileIdentityManager/checkIdentity(_:)`` found: the recipient the app now is, the one merged
/// into it (nil when none was), and the app's mobile user id.
public struct CheckIdentityResult: Sendable, Hashable {
    /// The recipient the app now is (the README's "Current recipient id").
    public var recipientID: String
    /// The recipient merged into it, nil when none was.
    public var mergedRecipientID: String?
    /// The app's mobile user id.
    public var mobileUserID: String
    /// The README's `[result recipientId]`: ``recipientID``.
    public var recipientId: String { recipientID }
    /// The README's `[result mergedRecipientId]`: ``mergedRecipientID``.
    public var mergedRecipientId: String? { mergedRecipientID }
    /// The README's `[result mobileUserId]`: ``mobileUserID``.
    public var mobileUserId: String { mobileUserID }

    /// A result with these ids.
    public init(recipientID: String, mergedRecipientID: String?, mobileUserID: String) {
        self.recipientID = recipientID
        self.mergedRecipientID = mergedRecipientID
        self.mobileUserID = mobileUserID
    }
}

/// Ties the app's mobile user id to an Engage recipient and merges recipients when another id (say a
/// Facebook id) shows the user already exists (§6 of the Engage notes). Calls are serialised.
public actor MobileIdentityManager {
    let xmlAPI: XMLAPIManager
    let state: EngageStateStore
    let config: EngageConfig
    let now: @Sendable () -> Date
    /// The configured generator classes (mobile user ids, audit record keys).
    let generators: EngageGenerators
    let observer: EngageObserver

    init(
        xmlAPI: XMLAPIManager, state: EngageStateStore, config: EngageConfig, now: @escaping @Sendable () -> Date,
        generators: EngageGenerators, observer: EngageObserver
    ) {
        self.xmlAPI = xmlAPI
        self.state = state
        self.config = config
        self.now = now
        self.generators = generators
        self.observer = observer
    }

    /// The stored recipient id, `""` when none.
    public var recipientID: String { get async { await state.string(.recipientID) } }
    /// The stored mobile user id, `""` when none.
    public var mobileUserID: String { get async { await state.string(.mobileUserID) } }

    /// Sets the mobile user id by hand (instead of the generated one).
    public func setMobileUserID(_ id: String) async throws {
        try await state.set(id, for: .mobileUserID)
        await observer.emit(.mobileUserIDSet(id))
    }

    /// Makes sure the app has a recipient (§6.1): nothing to do when both ids are stored; otherwise creates
    /// the recipient with a (generated) mobile user id, or gives the existing recipient a new mobile user id.
    /// Generated ids come from the generator `Recipient.mobileUserIdGeneratorClassName` names.
    public func setupRecipient() async throws -> SetupRecipientResult {
        let recipientID = await state.string(.recipientID)
        var mobileUserID = await state.string(.mobileUserID)
        if !recipientID.isEmpty, !mobileUserID.isEmpty { return SetupRecipientResult(recipientID: recipientID) }
        let recipient = config.recipient
        if mobileUserID.isEmpty, !recipient.enableAutoAnonymousTracking {
            throw EngageError.identity(.emptyMobileUserID)
        }
        if xmlAPI.listID.isEmpty { throw EngageError.identity(.missingListID) }
        if recipient.mobileUserIDColumn.isEmpty { throw EngageError.identity(.missingMobileUserIDColumn) }

        if recipientID.isEmpty {
            if mobileUserID.isEmpty {
                mobileUserID = generators.mobileUserID()
                try await setMobileUserID(mobileUserID)
            }
            let result = try await xmlAPI.postChecked(
                .addRecipient(
                    mobileUserIDColumn: recipient.mobileUserIDColumn, mobileUserID: mobileUserID,
                    listID: xmlAPI.listID))
            guard let created = result.recipientID else { throw EngageError.identity(.emptyRecipientIDReturned) }
            try await storeRecipientID(created)
            return SetupRecipientResult(recipientID: created)
        }

        mobileUserID = generators.mobileUserID()
        try await setMobileUserID(mobileUserID)
        let result = try await xmlAPI.postChecked(
            .updateRecipient(
                id: recipientID, listID: xmlAPI.listID,
                columns: [XMLAPI.NameValue(recipient.mobileUserIDColumn, mobileUserID)]))
        return SetupRecipientResult(recipientID: result.recipientID ?? recipientID)
    }

    /// Looks the user up by other ids (§6.2) and reconciles: scenario 1, nobody has them, so they are added to
    /// the app's recipient; scenario 2, a recipient without a mobile user id has them, so it takes the app's
    /// mobile user id and the app's recipient is retired; scenario 3, a recipient with its own mobile user id
    /// has them, so the app switches to that recipient. Merges are recorded in the marketing database
    /// (`Recipient.mergeHistoryInMarketingDatabase`) and in the audit table
    /// (`AuditRecord.mergeHistoryInAuditRecordTable`).
    public func checkIdentity(_ fieldsToIDs: [String: String]) async throws -> CheckIdentityResult {
        let current = try await setupRecipient().recipientID
        let currentMobile = await state.string(.mobileUserID)
        let listID = xmlAPI.listID
        let columns = fieldsToIDs.keys.sorted().map { XMLAPI.NameValue($0, fieldsToIDs[$0] ?? "") }
        let mobileColumn = config.recipient.mobileUserIDColumn

        let lookup = try await xmlAPI.post(.selectRecipientData(columns: columns, listID: listID))
        guard lookup.isSuccess else {
            guard lookup.errorID == XMLAPIErrorID.recipientNotFound else {
                throw lookup.error(for: .selectRecipientData) ?? EngageError.identity(.emptyRecipientIDReturned)
            }
            let update = try await xmlAPI.postChecked(.updateRecipient(id: current, listID: listID, columns: columns))
            return CheckIdentityResult(
                recipientID: update.recipientID ?? current, mergedRecipientID: nil, mobileUserID: currentMobile)
        }

        let existingID = lookup.recipientID ?? ""
        let existingMobile = lookup.column(mobileColumn) ?? ""
        if existingID == current {
            if existingMobile.isEmpty {
                _ = try await xmlAPI.postChecked(
                    .updateRecipient(
                        id: current, listID: listID, columns: [XMLAPI.NameValue(mobileColumn, currentMobile)]))
            }
            return CheckIdentityResult(recipientID: current, mergedRecipientID: nil, mobileUserID: currentMobile)
        }

        let finalMobile: String
        if existingMobile.isEmpty {
            guard !currentMobile.isEmpty else { throw EngageError.identity(.missingMobileUserIDForMerge) }
            _ = try await xmlAPI.postChecked(
                .updateRecipient(
                    id: existingID, listID: listID, columns: [XMLAPI.NameValue(mobileColumn, currentMobile)]))
            _ = try await xmlAPI.postChecked(
                .updateRecipient(
                    id: current, listID: listID,
                    columns: [XMLAPI.NameValue(mobileColumn, "")] + mergeColumns(into: existingID)))
            try await storeRecipientID(existingID)
            finalMobile = currentMobile
        } else {
            _ = try await xmlAPI.postChecked(
                .updateRecipient(id: current, listID: listID, columns: mergeColumns(into: existingID)))
            try await storeRecipientID(existingID)
            try await setMobileUserID(existingMobile)
            finalMobile = existingMobile
        }
        if config.auditRecord.mergeHistoryInAuditRecordTable {
            try await writeAuditRecord(oldRecipientID: current, newRecipientID: existingID)
        }
        return CheckIdentityResult(recipientID: existingID, mergedRecipientID: current, mobileUserID: finalMobile)
    }

    /// `Merged Date` and `Merged Recipient Id` for the retired recipient, when the marketing database keeps
    /// merge history.
    private func mergeColumns(into existingID: String) -> [XMLAPI.NameValue] {
        let recipient = config.recipient
        guard recipient.mergeHistoryInMarketingDatabase else { return [] }
        return [
            XMLAPI.NameValue(recipient.mergedDateColumn, CivilTime(self.now()).gmtString),
            XMLAPI.NameValue(recipient.mergedRecipientIDColumn, existingID),
        ]
    }

    private func writeAuditRecord(oldRecipientID: String, newRecipientID: String) async throws {
        let audit = config.auditRecord
        guard !audit.auditRecordListID.isEmpty else { throw EngageError.identity(.missingAuditTableID) }
        let row = [
            XMLAPI.NameValue(audit.auditRecordPrimaryKeyColumnName, generators.auditRecordPrimaryKey()),
            XMLAPI.NameValue(audit.oldRecipientIDColumnName, oldRecipientID),
            XMLAPI.NameValue(audit.newRecipientIDColumnName, newRecipientID),
            XMLAPI.NameValue(audit.createDateColumnName, CivilTime(self.now()).gmtString),
        ]
        _ = try await xmlAPI.postChecked(.insertUpdateRelationalTable(tableID: audit.auditRecordListID, rows: [row]))
    }

    private func storeRecipientID(_ id: String) async throws {
        try await state.set(id, for: .recipientID)
        await observer.emit(.recipientIDSet(id))
    }
}
