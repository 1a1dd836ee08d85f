// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The README: "For your convenience constants for the supported XMLAPI operations can be found in the
// XMLAPIOperation class", used as `[XMLAPI resourceNamed:XMLAPI_OPERATION_SELECT_RECIPIENT_DATA params:…]`. The
// names are the iOS SDK's `XMLAPIOperation.h`; each is the matching ``XMLAPIOperation`` case.

/// `SendMailing`: ``XMLAPIOperation/sendMailing``.
public let XMLAPI_OPERATION_SEND_MAILING = XMLAPIOperation.sendMailing

/// `ForwardToFriend`: ``XMLAPIOperation/forwardToFriend``.
public let XMLAPI_OPERATION_FORWARD_TO_FRIEND = XMLAPIOperation.forwardToFriend

/// `GetContactMailingDetails`: ``XMLAPIOperation/getContactMailingDetails``.
public let XMLAPI_OPERATION_GET_CONTACT_MAILING_DETAILS = XMLAPIOperation.getContactMailingDetails

/// `PurgeData`: ``XMLAPIOperation/purgeData``.
public let XMLAPI_OPERATION_PURGE_DATA = XMLAPIOperation.purgeData

/// `AddRecipient`: ``XMLAPIOperation/addRecipient``.
public let XMLAPI_OPERATION_ADD_RECIPIENT = XMLAPIOperation.addRecipient

/// `DoubleOptInRecipient`: ``XMLAPIOperation/doubleOptInRecipient``.
public let XMLAPI_OPERATION_DOUBLE_OPT_IN_RECIPIENT = XMLAPIOperation.doubleOptInRecipient

/// `UpdateRecipient`: ``XMLAPIOperation/updateRecipient``.
public let XMLAPI_OPERATION_UPDATE_RECIPIENT = XMLAPIOperation.updateRecipient

/// `OptOutRecipient`: ``XMLAPIOperation/optOutRecipient``.
public let XMLAPI_OPERATION_OPT_OUT_RECIPIENT = XMLAPIOperation.optOutRecipient

/// `SelectRecipientData`: ``XMLAPIOperation/selectRecipientData``.
public let XMLAPI_OPERATION_SELECT_RECIPIENT_DATA = XMLAPIOperation.selectRecipientData

/// `Login`: ``XMLAPIOperation/login``.
public let XMLAPI_OPERATION_LOGIN = XMLAPIOperation.login

/// `Logout`: ``XMLAPIOperation/logout``.
public let XMLAPI_OPERATION_LOG_OUT = XMLAPIOperation.logout

/// `ImportList`: ``XMLAPIOperation/importList``.
public let XMLAPI_OPERATION_IMPORT_LIST = XMLAPIOperation.importList

/// `ExportList`: ``XMLAPIOperation/exportList``.
public let XMLAPI_OPERATION_EXPORT_LIST = XMLAPIOperation.exportList

/// `AddListColumn`: ``XMLAPIOperation/addListColumn``.
public let XMLAPI_OPERATION_ADD_LIST_COLUMN = XMLAPIOperation.addListColumn

/// `GetListMetaData`: ``XMLAPIOperation/getListMetaData``.
public let XMLAPI_OPERATION_GET_LIST_META_DATA = XMLAPIOperation.getListMetaData

/// `ListRecipientMailings`: ``XMLAPIOperation/listRecipientMailings``.
public let XMLAPI_OPERATION_LIST_RECIPIENT_MAILINGS = XMLAPIOperation.listRecipientMailings

/// `RemoveRecipient`: ``XMLAPIOperation/removeRecipient``.
public let XMLAPI_OPERATION_REMOVE_RECIPIENT = XMLAPIOperation.removeRecipient

/// `GetLists`: ``XMLAPIOperation/getLists``.
public let XMLAPI_OPERATION_GET_LISTS = XMLAPIOperation.getLists

/// `CreateTable`: ``XMLAPIOperation/createTable``.
public let XMLAPI_OPERATION_CREATE_TABLE = XMLAPIOperation.createTable

/// `JoinTable`: ``XMLAPIOperation/joinTable``.
public let XMLAPI_OPERATION_JOIN_TABLE = XMLAPIOperation.joinTable

/// `InsertUpdateRelationalTable`: ``XMLAPIOperation/insertUpdateRelationalTable``.
public let XMLAPI_OPERATION_INSERT_UPDATE_RELATIONAL_TABLE = XMLAPIOperation.insertUpdateRelationalTable

/// `DeleteRelationalTableData`: ``XMLAPIOperation/deleteRelationalTableData``.
public let XMLAPI_OPERATION_DELETE_RELATIONAL_TABLE_DATA = XMLAPIOperation.deleteRelationalTableData

/// `ImportTable`: ``XMLAPIOperation/importTable``.
public let XMLAPI_OPERATION_IMPORT_TABLE = XMLAPIOperation.importTable

/// `ExportTable`: ``XMLAPIOperation/exportTable``.
public let XMLAPI_OPERATION_EXPORT_TABLE = XMLAPIOperation.exportTable

/// `PurgeTable`: ``XMLAPIOperation/purgeTable``.
public let XMLAPI_OPERATION_PURGE_TABLE = XMLAPIOperation.purgeTable

/// `DeleteTable`: ``XMLAPIOperation/deleteTable``.
public let XMLAPI_OPERATION_DELETE_TABLE = XMLAPIOperation.deleteTable

/// `CreateContactList`: ``XMLAPIOperation/createContactList``.
public let XMLAPI_OPERATION_CREATE_CONTACT_LIST = XMLAPIOperation.createContactList

/// `AddContactToContactList`: ``XMLAPIOperation/addContactToContactList``.
public let XMLAPI_OPERATION_ADD_CONTACT_TO_CONTACT_LIST = XMLAPIOperation.addContactToContactList

/// `AddContactToProgram`: ``XMLAPIOperation/addContactToProgram``.
public let XMLAPI_OPERATION_ADD_CONTACT_TO_PROGRAM = XMLAPIOperation.addContactToProgram

/// `CreateQuery`: ``XMLAPIOperation/createQuery``.
public let XMLAPI_OPERATION_CREATE_QUERY = XMLAPIOperation.createQuery

/// `CalculateQuery`: ``XMLAPIOperation/calculateQuery``.
public let XMLAPI_OPERATION_CALCULATE_QUERY = XMLAPIOperation.calculateQuery

/// `SetColumnValue`: ``XMLAPIOperation/setColumnValue``.
public let XMLAPI_OPERATION_SET_COLUMN_VALUE = XMLAPIOperation.setColumnValue

/// `TrackingMetricExport`: ``XMLAPIOperation/trackingMetricExport``.
public let XMLAPI_OPERATION_TRACKING_METRIC_EXPORT = XMLAPIOperation.trackingMetricExport

/// `RawRecipientDataExport`: ``XMLAPIOperation/rawRecipientDataExport``.
public let XMLAPI_OPERATION_RAW_RECIPIENT_DATA_EXPORT = XMLAPIOperation.rawRecipientDataExport

/// `WebTrackingDataExport`: ``XMLAPIOperation/webTrackingDataExport``.
public let XMLAPI_OPERATION_WEB_TRACKING_DATA_EXPORT = XMLAPIOperation.webTrackingDataExport

/// `GetReportIdByDate`: ``XMLAPIOperation/getReportIDByDate``.
public let XMLAPI_OPERATION_GET_REPORT_ID_BY_DATE = XMLAPIOperation.getReportIDByDate

/// `GetSentMailingsForOrg`: ``XMLAPIOperation/getSentMailingsForOrg``.
public let XMLAPI_OPERATION_GET_SENT_MAILINGS_FOR_ORG = XMLAPIOperation.getSentMailingsForOrg

/// `GetSentMailingsForUser`: ``XMLAPIOperation/getSentMailingsForUser``.
public let XMLAPI_OPERATION_GET_SENT_MAILINGS_FOR_USER = XMLAPIOperation.getSentMailingsForUser

/// `GetSentMailingsForList`: ``XMLAPIOperation/getSentMailingsForList``.
public let XMLAPI_OPERATION_GET_SENT_MAILINGS_FOR_LIST = XMLAPIOperation.getSentMailingsForList

/// `GetAggregateTrackingForMailing`: ``XMLAPIOperation/getAggregateTrackingForMailing``.
public let XMLAPI_OPERATION_GET_AGGREGATE_TRACKING_FOR_MAILING = XMLAPIOperation.getAggregateTrackingForMailing

/// `GetAggregateTrackingForOrg`: ``XMLAPIOperation/getAggregateTrackingForOrg``.
public let XMLAPI_OPERATION_GET_AGGREGATE_TRACKING_FOR_ORG = XMLAPIOperation.getAggregateTrackingForOrg

/// `GetAggregateTrackingForUser`: ``XMLAPIOperation/getAggregateTrackingForUser``.
public let XMLAPI_OPERATION_GET_AGGREGATE_TRACKING_FOR_USER = XMLAPIOperation.getAggregateTrackingForUser

/// `GetJobStatus`: ``XMLAPIOperation/getJobStatus``.
public let XMLAPI_OPERATION_GET_JOB_STATUS = XMLAPIOperation.getJobStatus

/// `DeleteJob`: ``XMLAPIOperation/deleteJob``.
public let XMLAPI_OPERATION_DELETE_JOB = XMLAPIOperation.deleteJob

/// `GetFolderPath`: ``XMLAPIOperation/getFolderPath``.
public let XMLAPI_OPERATION_GET_FOLDER_PATH = XMLAPIOperation.getFolderPath

/// `ScheduleMailing`: ``XMLAPIOperation/scheduleMailing``.
public let XMLAPI_OPERATION_SCHEDULE_MAILING = XMLAPIOperation.scheduleMailing

/// `PreviewMailing`: ``XMLAPIOperation/previewMailing``.
public let XMLAPI_OPERATION_PREVIEW_MAILING = XMLAPIOperation.previewMailing

/// `GetMessageGroupDetails`: ``XMLAPIOperation/getMessageGroupDetails``.
public let XMLAPI_OPERATION_GET_MESSAGE_GROUP_DETAILS = XMLAPIOperation.getMessageGroupDetails

/// `AddDCRuleset`: ``XMLAPIOperation/addDCRuleset``.
public let XMLAPI_OPERATION_ADD_DYNAMIC_CONTENT_RULE_SET = XMLAPIOperation.addDCRuleset

/// `ImportDCRuleset`: ``XMLAPIOperation/importDCRuleset``.
public let XMLAPI_OPERATION_IMPORT_DYNAMIC_CONTENT_RULE_SET = XMLAPIOperation.importDCRuleset

/// `ExportDCRuleset`: ``XMLAPIOperation/exportDCRuleset``.
public let XMLAPI_OPERATION_EXPORT_DYNAMIC_CONTENT_RULE_SET = XMLAPIOperation.exportDCRuleset

/// `ListDCRulesetsForMailing`: ``XMLAPIOperation/listDCRulesetsForMailing``.
public let XMLAPI_OPERATION_LIST_DYNAMIC_CONTENT_RULE_SETS_FOR_MAILING = XMLAPIOperation.listDCRulesetsForMailing

/// `GetDCRuleset`: ``XMLAPIOperation/getDCRuleset``.
public let XMLAPI_OPERATION_GET_DYNAMIC_CONTENT_RULE_SET = XMLAPIOperation.getDCRuleset

/// `ReplaceDCRuleset`: ``XMLAPIOperation/replaceDCRuleset``.
public let XMLAPI_OPERATION_REPLACE_DYNAMIC_CONTENT_RULE_SET = XMLAPIOperation.replaceDCRuleset

/// `ValidateDCRuleset`: ``XMLAPIOperation/validateDCRuleset``.
public let XMLAPI_OPERATION_VALIDATE_DYNAMIC_CONTENT_RULE_SET = XMLAPIOperation.validateDCRuleset

/// `DeleteDCRuleset`: ``XMLAPIOperation/deleteDCRuleset``.
public let XMLAPI_OPERATION_DELETE_DYNAMIC_CONTENT_RULE_SET = XMLAPIOperation.deleteDCRuleset

/// `GetMailingTemplates`: ``XMLAPIOperation/getMailingTemplates``.
public let XMLAPI_OPERATION_GET_MAILING_TEMPLATES = XMLAPIOperation.getMailingTemplates

/// `ExportMailingTemplate`: ``XMLAPIOperation/exportMailingTemplate``.
public let XMLAPI_OPERATION_EXPORT_MAILING_TEMPLATE = XMLAPIOperation.exportMailingTemplate
