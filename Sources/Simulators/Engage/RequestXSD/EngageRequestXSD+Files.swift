// Generated from Schemas/engage/xsd by EngageRequestXSDTests; do not edit. After changing an XSD:
//     HARNESS_REGENERATE=1 swift test --filter EngageRequestXSDTests
// swift-format-ignore-file

extension EngageRequestXSD {
    /// The request XSD of each operation.
    static let operations: [String: String] = [
        "AddContactToContactList": "add-contact-to-contact-list.xsd",
        "AddContactToProgram": "add-contact-to-program.xsd",
        "AddDCRuleset": "add-dc-ruleset.xsd",
        "AddListColumn": "add-list-column.xsd",
        "AddRecipient": "add-recipient.xsd",
        "CalculateQuery": "calculate-query.xsd",
        "CreateContactList": "create-contact-list.xsd",
        "CreateQuery": "create-query.xsd",
        "CreateTable": "create-table.xsd",
        "DeleteDCRuleset": "delete-dc-ruleset.xsd",
        "DeleteJob": "delete-job.xsd",
        "DeleteRelationalTableData": "delete-relational-table-data.xsd",
        "DeleteTable": "delete-table.xsd",
        "DoubleOptInRecipient": "double-opt-in-recipient.xsd",
        "ExportDCRuleset": "export-dc-ruleset.xsd",
        "ExportList": "export-list.xsd",
        "ExportMailingTemplate": "export-mailing-template.xsd",
        "ExportTable": "export-table.xsd",
        "ForwardToFriend": "forward-to-friend.xsd",
        "GetAggregateTrackingForMailing": "get-aggregate-tracking-for-mailing.xsd",
        "GetAggregateTrackingForOrg": "get-aggregate-tracking-for-org.xsd",
        "GetAggregateTrackingForUser": "get-aggregate-tracking-for-user.xsd",
        "GetContactMailingDetails": "get-contact-mailing-details.xsd",
        "GetDCRuleset": "get-dc-ruleset.xsd",
        "GetFolderPath": "get-folder-path.xsd",
        "GetJobStatus": "get-job-status.xsd",
        "GetListMetaData": "get-list-metadata.xsd",
        "GetLists": "get-lists.xsd",
        "GetMailingTemplates": "get-mailing-templates.xsd",
        "GetMessageGroupDetails": "get-message-group-details.xsd",
        "GetReportIdByDate": "get-report-id-by-date.xsd",
        "GetSentMailingsForList": "get-sent-mailings-for-list.xsd",
        "GetSentMailingsForOrg": "get-sent-mailings-for-org.xsd",
        "GetSentMailingsForUser": "get-sent-mailings-for-user.xsd",
        "ImportDCRuleset": "import-dc-ruleset.xsd",
        "ImportList": "import-list.xsd",
        "ImportTable": "import-table.xsd",
        "InsertUpdateRelationalTable": "insert-update-relational-table.xsd",
        "JoinTable": "join-table.xsd",
        "ListDCRulesetsForMailing": "list-dc-rulesets-for-mailing.xsd",
        "ListRecipientMailings": "list-recipient-mailings.xsd",
        "Login": "login.xsd",
        "Logout": "logout.xsd",
        "OptOutRecipient": "opt-out-recipient.xsd",
        "PreviewMailing": "preview-mailing.xsd",
        "PurgeData": "purge-data.xsd",
        "PurgeTable": "purge-table.xsd",
        "RawRecipientDataExport": "raw-recipient-data-export.xsd",
        "RemoveRecipient": "remove-recipient.xsd",
        "ReplaceDCRuleset": "replace-dc-ruleset.xsd",
        "ScheduleMailing": "schedule-mailing.xsd",
        "SelectRecipientData": "select-recipient-data.xsd",
        "SendMailing": "send-mailing.xsd",
        "SetColumnValue": "set-column-value.xsd",
        "TrackingMetricExport": "tracking-metric-export.xsd",
        "UpdateRecipient": "update-recipient.xsd",
        "ValidateDCRuleset": "validate-dc-ruleset.xsd",
        "WebTrackingDataExport": "web-tracking-data-export.xsd",
    ]

    /// Each request XSD and each file they include, annotations and comments left out.
    static let files: [String: File] = sharedFiles
        .merging(contactFiles) { first, _ in first }
        .merging(jobFiles) { first, _ in first }
        .merging(mailingFiles) { first, _ in first }
        .merging(rulesetFiles) { first, _ in first }
}
