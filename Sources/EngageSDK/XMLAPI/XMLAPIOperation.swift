/// The 58 XMLAPI operation names the SDKs know (§2.3 of the Engage notes). The raw value is the element name
/// inside `<Body>`; names are case-sensitive on the server.
public enum XMLAPIOperation: String, Sendable, Hashable, CaseIterable, Codable {
    /// `SendMailing`: sends an existing mailing to one recipient.
    case sendMailing = "SendMailing"
    /// `ForwardToFriend`: forwards a mailing to friends' addresses on a recipient's behalf.
    case forwardToFriend = "ForwardToFriend"
    /// `GetContactMailingDetails`: reads the details of a mailing sent to one contact.
    case getContactMailingDetails = "GetContactMailingDetails"
    /// `PurgeData`: purges contacts of one list from another.
    case purgeData = "PurgeData"
    /// `AddRecipient`: adds a recipient to a list (or updates it when asked to).
    case addRecipient = "AddRecipient"
    /// `DoubleOptInRecipient`: confirms a double opt-in recipient.
    case doubleOptInRecipient = "DoubleOptInRecipient"
    /// `UpdateRecipient`: updates a recipient's columns.
    case updateRecipient = "UpdateRecipient"
    /// `OptOutRecipient`: opts a recipient out of a list.
    case optOutRecipient = "OptOutRecipient"
    /// `SelectRecipientData`: reads a recipient's columns.
    case selectRecipientData = "SelectRecipientData"
    /// `Login`: opens an XMLAPI session with a user name and password.
    case login = "Login"
    /// `Logout`: closes the XMLAPI session.
    case logout = "Logout"
    /// `ImportList`: imports contacts into a list from a file.
    case importList = "ImportList"
    /// `ExportList`: exports the contacts of a list to a file.
    case exportList = "ExportList"
    /// `AddListColumn`: adds a column to a list.
    case addListColumn = "AddListColumn"
    /// `GetListMetaData`: reads the columns and properties of a list.
    case getListMetaData = "GetListMetaData"
    /// `ListRecipientMailings`: lists the mailings a recipient was sent.
    case listRecipientMailings = "ListRecipientMailings"
    /// `RemoveRecipient`: removes a recipient from a list.
    case removeRecipient = "RemoveRecipient"
    /// `GetLists`: lists the lists, queries or tables visible to the user.
    case getLists = "GetLists"
    /// `CreateTable`: creates a relational table.
    case createTable = "CreateTable"
    /// `JoinTable`: joins a relational table to a list.
    case joinTable = "JoinTable"
    /// `InsertUpdateRelationalTable`: inserts or updates rows of a relational table.
    case insertUpdateRelationalTable = "InsertUpdateRelationalTable"
    /// `DeleteRelationalTableData`: deletes rows of a relational table.
    case deleteRelationalTableData = "DeleteRelationalTableData"
    /// `ImportTable`: imports rows into a relational table from a file.
    case importTable = "ImportTable"
    /// `ExportTable`: exports a relational table to a file.
    case exportTable = "ExportTable"
    /// `PurgeTable`: deletes the rows of a relational table.
    case purgeTable = "PurgeTable"
    /// `DeleteTable`: deletes a relational table.
    case deleteTable = "DeleteTable"
    /// `CreateContactList`: creates a contact list.
    case createContactList = "CreateContactList"
    /// `AddContactToContactList`: adds a contact to a contact list.
    case addContactToContactList = "AddContactToContactList"
    /// `AddContactToProgram`: adds a contact to an automated program.
    case addContactToProgram = "AddContactToProgram"
    /// `CreateQuery`: creates a query of a list.
    case createQuery = "CreateQuery"
    /// `CalculateQuery`: recalculates a query.
    case calculateQuery = "CalculateQuery"
    /// `SetColumnValue`: sets one column to a value for every contact of a list.
    case setColumnValue = "SetColumnValue"
    /// `TrackingMetricExport`: exports the tracking metrics of mailings.
    case trackingMetricExport = "TrackingMetricExport"
    /// `RawRecipientDataExport`: exports raw recipient events of mailings.
    case rawRecipientDataExport = "RawRecipientDataExport"
    /// `WebTrackingDataExport`: exports web tracking events.
    case webTrackingDataExport = "WebTrackingDataExport"
    /// `GetReportIdByDate`: finds the report ids of a mailing over a date range.
    case getReportIDByDate = "GetReportIdByDate"
    /// `GetSentMailingsForOrg`: lists the mailings the organisation sent.
    case getSentMailingsForOrg = "GetSentMailingsForOrg"
    /// `GetSentMailingsForUser`: lists the mailings the user sent.
    case getSentMailingsForUser = "GetSentMailingsForUser"
    /// `GetSentMailingsForList`: lists the mailings sent to a list.
    case getSentMailingsForList = "GetSentMailingsForList"
    /// `GetAggregateTrackingForMailing`: reads a mailing's aggregate tracking.
    case getAggregateTrackingForMailing = "GetAggregateTrackingForMailing"
    /// `GetAggregateTrackingForOrg`: reads the organisation's aggregate tracking.
    case getAggregateTrackingForOrg = "GetAggregateTrackingForOrg"
    /// `GetAggregateTrackingForUser`: reads the user's aggregate tracking.
    case getAggregateTrackingForUser = "GetAggregateTrackingForUser"
    /// `GetJobStatus`: reads the status of a background job.
    case getJobStatus = "GetJobStatus"
    /// `DeleteJob`: deletes a background job.
    case deleteJob = "DeleteJob"
    /// `GetFolderPath`: reads the folder path of an object.
    case getFolderPath = "GetFolderPath"
    /// `ScheduleMailing`: schedules a mailing.
    case scheduleMailing = "ScheduleMailing"
    /// `PreviewMailing`: renders a preview of a mailing.
    case previewMailing = "PreviewMailing"
    /// `GetMessageGroupDetails`: reads the details of a message group.
    case getMessageGroupDetails = "GetMessageGroupDetails"
    /// `AddDCRuleset`: adds a dynamic content ruleset.
    case addDCRuleset = "AddDCRuleset"
    /// `ImportDCRuleset`: imports a dynamic content ruleset.
    case importDCRuleset = "ImportDCRuleset"
    /// `ExportDCRuleset`: exports a dynamic content ruleset.
    case exportDCRuleset = "ExportDCRuleset"
    /// `ListDCRulesetsForMailing`: lists the dynamic content rulesets of a mailing.
    case listDCRulesetsForMailing = "ListDCRulesetsForMailing"
    /// `GetDCRuleset`: reads a dynamic content ruleset.
    case getDCRuleset = "GetDCRuleset"
    /// `ReplaceDCRuleset`: replaces a dynamic content ruleset.
    case replaceDCRuleset = "ReplaceDCRuleset"
    /// `ValidateDCRuleset`: validates a dynamic content ruleset.
    case validateDCRuleset = "ValidateDCRuleset"
    /// `DeleteDCRuleset`: deletes a dynamic content ruleset.
    case deleteDCRuleset = "DeleteDCRuleset"
    /// `GetMailingTemplates`: lists mailing templates.
    case getMailingTemplates = "GetMailingTemplates"
    /// `ExportMailingTemplate`: exports a mailing template.
    case exportMailingTemplate = "ExportMailingTemplate"
}

/// The XMLAPI column types (`COLUMN_TYPE` of AddListColumn).
public enum XMLAPIColumnType: Int, Sendable, Hashable, CaseIterable {
    /// Text (`COLUMN_TYPE` 0).
    case text = 0
    /// Yes/No (`COLUMN_TYPE` 1).
    case yesNo = 1
    /// Numeric (`COLUMN_TYPE` 2).
    case numeric = 2
    /// Date (`COLUMN_TYPE` 3).
    case date = 3
    /// Time (`COLUMN_TYPE` 4).
    case time = 4
    /// Country (`COLUMN_TYPE` 5).
    case country = 5
    /// Select one (`COLUMN_TYPE` 6).
    case selectOne = 6
    /// Email (`COLUMN_TYPE` 7).
    case email = 7
    /// Segmenting (`COLUMN_TYPE` 8).
    case segmenting = 8
    /// System (managed by Engage) (`COLUMN_TYPE` 9).
    case system = 9
    /// SMS opt-in (`COLUMN_TYPE` 13).
    case smsOptIn = 13
    /// SMS opt-out date (`COLUMN_TYPE` 14).
    case smsOptOutDate = 14
    /// SMS phone number (`COLUMN_TYPE` 15).
    case smsPhoneNumber = 15
    /// Phone number (`COLUMN_TYPE` 16).
    case phoneNumber = 16
    /// Timestamp (`COLUMN_TYPE` 17).
    case timestamp = 17
    /// Sync id (`COLUMN_TYPE` 19).
    case syncID = 19
    /// Multi-select (`COLUMN_TYPE` 20).
    case multiSelect = 20
}

/// The `CREATED_FROM` values of AddRecipient.
public enum XMLAPICreatedFrom: Int, Sendable, Hashable, CaseIterable {
    /// Imported from a database (`CREATED_FROM` 0).
    case importedFromDatabase = 0
    /// Added manually (`CREATED_FROM` 1).
    case addedManually = 1
    /// Opted in (`CREATED_FROM` 2).
    case optedIn = 2
    /// Created from the tracking database (`CREATED_FROM` 3).
    case createdFromTrackingDatabase = 3
}

/// Fault `errorid` values the SDK acts on (the full table is in §2.6 of the Engage notes).
public enum XMLAPIErrorID {
    /// `Invalid XML Request`.
    public static let invalidXMLRequest = 51
    /// `Recipient not found or is not a member of the list.`
    public static let recipientNotFound = 128
    /// The session (access token) has expired or is invalid.
    public static let sessionExpired = 145
}
