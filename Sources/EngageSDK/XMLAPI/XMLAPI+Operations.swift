/// Typed requests for every operation of §2.4 of the Engage notes, with the shipped iOS SDK's elements.
extension XMLAPI {
    /// `SelectRecipientData` by recipient id: `LIST_ID`, `RECIPIENT_ID`.
    public static func selectRecipient(id recipientID: String, listID: String) -> XMLAPI {
        var api = XMLAPI(.selectRecipientData)
        api.add(element: "LIST_ID", listID)
        api.add(element: "RECIPIENT_ID", recipientID)
        return api
    }

    /// `SelectRecipientData` by email: `LIST_ID`, `EMAIL`, and a `COLUMN` named `EMAIL` with the same value.
    public static func selectRecipientData(email: String, listID: String) -> XMLAPI {
        var api = XMLAPI(.selectRecipientData)
        api.add(element: "LIST_ID", listID)
        api.add(element: "EMAIL", email)
        api.add(column: "EMAIL", email)
        return api
    }

    /// `SelectRecipientData` by key columns: `LIST_ID` and one `COLUMN` per entry (the identity lookup).
    public static func selectRecipientData(columns: [NameValue], listID: String) -> XMLAPI {
        var api = XMLAPI(.selectRecipientData)
        api.add(element: "LIST_ID", listID)
        api.add(columns: columns)
        return api
    }

    /// `AddRecipient` by email: `LIST_ID`, `UPDATE_IF_FOUND` true, `SYNC_FIELDS{Email}`, `COLUMN Email`.
    public static func addRecipient(email: String, listID: String) -> XMLAPI {
        var api = XMLAPI(.addRecipient)
        api.add(element: "LIST_ID", listID)
        api.add(element: "UPDATE_IF_FOUND", "true")
        api.add(column: "Email", email)
        api.add(syncField: "Email", email)
        return api
    }

    /// `AddRecipient` keyed by the mobile user id column: `LIST_ID`, `COLUMN <column>=<id>`; with
    /// `updateIfFound`, also `UPDATE_IF_FOUND` true and a matching `SYNC_FIELD`.
    public static func addRecipient(
        mobileUserIDColumn column: String, mobileUserID: String, listID: String, updateIfFound: Bool = false
    ) -> XMLAPI {
        var api = XMLAPI(.addRecipient)
        api.add(element: "LIST_ID", listID)
        if updateIfFound { api.add(element: "UPDATE_IF_FOUND", "true") }
        api.add(column: column, mobileUserID)
        if updateIfFound { api.add(syncField: column, mobileUserID) }
        return api
    }

    /// `AddRecipient` with `LIST_ID` only (the deprecated anonymous recipient).
    public static func addRecipientAnonymous(listID: String) -> XMLAPI {
        var api = XMLAPI(.addRecipient)
        api.add(element: "LIST_ID", listID)
        return api
    }

    /// `UpdateRecipient`: `LIST_ID`, `RECIPIENT_ID`, then the `COLUMN`s.
    public static func updateRecipient(id recipientID: String, listID: String, columns: [NameValue] = []) -> XMLAPI {
        var api = XMLAPI(.updateRecipient)
        api.add(element: "LIST_ID", listID)
        api.add(element: "RECIPIENT_ID", recipientID)
        api.add(columns: columns)
        return api
    }

    /// The two requests of the deprecated `updateAnonymousToPrimaryUser`: first the anonymous recipient gets
    /// `<mergeColumn>=<userID>`, then the primary user (found by `SYNC_FIELDS`) gets the same column.
    public static func updateAnonymousToPrimaryUser(
        userID: String, anonymousID: String, primaryUserColumn: String, mergeColumn: String, listID: String
    ) -> (anonymous: XMLAPI, primary: XMLAPI) {
        let anonymous = updateRecipient(id: anonymousID, listID: listID, columns: [NameValue(mergeColumn, userID)])
        var primary = XMLAPI(.updateRecipient)
        primary.add(element: "LIST_ID", listID)
        primary.add(column: mergeColumn, userID)
        primary.add(syncField: primaryUserColumn, userID)
        return (anonymous, primary)
    }

    /// `AddListColumn`: `LIST_ID`, `COLUMN_NAME`, `COLUMN_TYPE` (an integer), `DEFAULT` (empty by default).
    public static func addListColumn(
        name: String, type: XMLAPIColumnType, listID: String, defaultValue: String = ""
    ) -> XMLAPI {
        var api = XMLAPI(.addListColumn)
        api.add(element: "LIST_ID", listID)
        api.add(element: "COLUMN_NAME", name)
        api.add(element: "COLUMN_TYPE", String(type.rawValue))
        api.add(element: "DEFAULT", defaultValue)
        return api
    }

    /// `UpdateRecipient` for the last known location: `LIST_ID`, `SYNC_FIELDS{EMAIL=<mobileUserID>}`, the
    /// address column (or `UNKNOWN`) and the timestamp column.
    public static func updateUserLastKnownLocation(
        address: String?, timestamp: String, mobileUserID: String, listID: String,
        locationServices: EngageConfig.LocationServices
    ) -> XMLAPI {
        var api = XMLAPI(.updateRecipient)
        api.add(element: "LIST_ID", listID)
        api.add(column: locationServices.lastKnownLocationColumn, address ?? "UNKNOWN")
        api.add(column: locationServices.lastKnownLocationTimestampColumn, timestamp)
        api.add(syncField: "EMAIL", mobileUserID)
        return api
    }

    /// `InsertUpdateRelationalTable`: `TABLE_ID` and `ROWS` (values as CDATA).
    public static func insertUpdateRelationalTable(tableID: String, rows: [[NameValue]]) -> XMLAPI {
        var api = XMLAPI(.insertUpdateRelationalTable)
        api.add(element: "TABLE_ID", tableID)
        api.add(rows: rows)
        return api
    }

    /// `RemoveRecipient`: `LIST_ID`, `RECIPIENT_ID` when given, then key `COLUMN`s (or `EMAIL`).
    public static func removeRecipient(
        listID: String, recipientID: String? = nil, email: String? = nil, columns: [NameValue] = []
    ) -> XMLAPI {
        var api = XMLAPI(.removeRecipient)
        api.add(element: "LIST_ID", listID)
        if let recipientID { api.add(element: "RECIPIENT_ID", recipientID) }
        if let email { api.add(element: "EMAIL", email) }
        api.add(columns: columns)
        return api
    }
}
