/// The 58 XMLAPI operation names the SDKs know (§2.3 of the Engage notes). The raw value is the element name
/// inside `<Body>`; names are case-sensitive on the server.
public enum XMLAPIOperation: String, Sendable, Hashable, CaseIterable, Codable {
    case sendMailing = "SendMailing"
    case forwardToFriend = "ForwardToFriend"
    case getContactMailingDetails = "GetContactMailingDetails"
    case purgeData = "PurgeData"
    case addRecipient = "AddRecipient"
    case doubleOptInRecipient = "DoubleOptInRecipient"
    case updateRecipient = "UpdateRecipient"
    case optOutRecipient = "OptOutRecipient"
    case selectRecipientData = "SelectRecipientData"
    case login = "Login"
    case logout = "Logout"
    case importList = "ImportList"
    case exportList = "ExportList"
    case addListColumn = "AddListColumn"
    case getListMetaData = "GetListMetaData"
    case listRecipientMailings = "ListRecipientMailings"
    case removeRecipient = "RemoveRecipient"
    case getLists = "GetLists"
    case createTable = "CreateTable"
    case joinTable = "JoinTable"
    case insertUpdateRelationalTable = "InsertUpdateRelationalTable"
    case deleteRelationalTableData = "DeleteRelationalTableData"
    case importTable = "ImportTable"
    case exportTable = "ExportTable"
    case purgeTable = "PurgeTable"
    case deleteTable = "DeleteTable"
    case createContactList = "CreateContactList"
    case addContactToContactList = "AddContactToContactList"
    case addContactToProgram = "AddContactToProgram"
    case createQuery = "CreateQuery"
    case calculateQuery = "CalculateQuery"
    case setColumnValue = "SetColumnValue"
    case trackingMetricExport = "TrackingMetricExport"
    case rawRecipientDataExport = "RawRecipientDataExport"
    case webTrackingDataExport = "WebTrackingDataExport"
    case getReportIDByDate = "GetReportIdByDate"
    case getSentMailingsForOrg = "GetSentMailingsForOrg"
    case getSentMailingsForUser = "GetSentMailingsForUser"
    case getSentMailingsForList = "GetSentMailingsForList"
    case getAggregateTrackingForMailing = "GetAggregateTrackingForMailing"
    case getAggregateTrackingForOrg = "GetAggregateTrackingForOrg"
    case getAggregateTrackingForUser = "GetAggregateTrackingForUser"
    case getJobStatus = "GetJobStatus"
    case deleteJob = "DeleteJob"
    case getFolderPath = "GetFolderPath"
    case scheduleMailing = "ScheduleMailing"
    case previewMailing = "PreviewMailing"
    case getMessageGroupDetails = "GetMessageGroupDetails"
    case addDCRuleset = "AddDCRuleset"
    case importDCRuleset = "ImportDCRuleset"
    case exportDCRuleset = "ExportDCRuleset"
    case listDCRulesetsForMailing = "ListDCRulesetsForMailing"
    case getDCRuleset = "GetDCRuleset"
    case replaceDCRuleset = "ReplaceDCRuleset"
    case validateDCRuleset = "ValidateDCRuleset"
    case deleteDCRuleset = "DeleteDCRuleset"
    case getMailingTemplates = "GetMailingTemplates"
    case exportMailingTemplate = "ExportMailingTemplate"
}

/// The XMLAPI column types (`COLUMN_TYPE` of AddListColumn).
public enum XMLAPIColumnType: Int, Sendable, Hashable, CaseIterable {
    case text = 0
    case yesNo = 1
    case numeric = 2
    case date = 3
    case time = 4
    case country = 5
    case selectOne = 6
    case email = 7
    case segmenting = 8
    case system = 9
    case smsOptIn = 13
    case smsOptOutDate = 14
    case smsPhoneNumber = 15
    case phoneNumber = 16
    case timestamp = 17
    case syncID = 19
    case multiSelect = 20
}

/// The `CREATED_FROM` values of AddRecipient.
public enum XMLAPICreatedFrom: Int, Sendable, Hashable, CaseIterable {
    case importedFromDatabase = 0
    case addedManually = 1
    case optedIn = 2
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
