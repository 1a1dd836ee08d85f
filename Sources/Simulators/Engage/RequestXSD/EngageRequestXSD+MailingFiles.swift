// Generated from Schemas/engage/xsd by EngageRequestXSDTests; do not edit. After changing an XSD:
//     HARNESS_REGENERATE=1 swift test --filter EngageRequestXSDTests
// swift-format-ignore-file

extension EngageRequestXSD {
    /// The request XSDs of mailings, templates and reports.
    static let mailingFiles: [String: File] = [
        "export-mailing-template.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="ExportMailingTemplate"><xs:complexType><xs:choice minOccurs="0" "#,
                #"maxOccurs="unbounded"><xs:element name="TEMPLATE_ID" type="Identifier"/><xs:element name="ADD_TO"#,
                #"_STORED_FILES" type="MailingsPresence"/></xs:choice></xs:complexType></xs:element></xs:sequence>"#,
                #"</xs:complexType></xs:element></xs:sequence></xs:complexType></xs:element>"#,
            ]),
        "forward-to-friend.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="ForwardToFriend"><xs:complexType><xs:choice minOccurs="0" maxOcc"#,
                #"urs="unbounded"><xs:element name="SENDER_EMAIL" type="xs:string"/><xs:element name="rs" type="xs"#,
                #":string"/><xs:element name="r" type="xs:string"/><xs:element name="m" type="xs:string"/><xs:elem"#,
                #"ent name="RECIPIENTS" type="xs:string"/><xs:element name="MESSAGE" type="xs:string"/></xs:choice"#,
                #"></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:co"#,
                #"mplexType></xs:element>"#,
            ]),
        "get-aggregate-tracking-for-mailing.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetAggregateTrackingForMailing"><xs:complexType><xs:choice minOc"#,
                #"curs="0" maxOccurs="unbounded"><xs:element name="MAILING_ID" type="Identifier"/><xs:element name"#,
                #"="REPORT_ID" type="Identifier"/><xs:group ref="MailingsTrackingOptions"/></xs:choice></xs:comple"#,
                #"xType></xs:element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></"#,
                #"xs:element>"#,
            ]),
        "get-aggregate-tracking-for-org.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetAggregateTrackingForOrg"><xs:complexType><xs:choice minOccurs"#,
                #"="0" maxOccurs="unbounded"><xs:element name="DATE_START" type="MailingsDate"/><xs:element name=""#,
                #"DATE_END" type="MailingsDate"/><xs:element name="OPTIONALUSER" type="xs:string"/><xs:group ref=""#,
                #"MailingsKinds"/><xs:group ref="MailingsTrackingOptions"/></xs:choice></xs:complexType></xs:eleme"#,
                #"nt></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:element>"#,
            ]),
        "get-aggregate-tracking-for-user.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetAggregateTrackingForUser"><xs:complexType><xs:choice minOccur"#,
                #"s="0" maxOccurs="unbounded"><xs:element name="DATE_START" type="MailingsDate"/><xs:element name="#,
                #""DATE_END" type="MailingsDate"/><xs:element name="OPTIONALUSER" type="xs:string"/><xs:group ref="#,
                #""MailingsKinds"/><xs:group ref="MailingsTrackingOptions"/></xs:choice></xs:complexType></xs:elem"#,
                #"ent></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:element>"#,
            ]),
        "get-contact-mailing-details.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetContactMailingDetails"><xs:complexType><xs:choice minOccurs=""#,
                #"0" maxOccurs="unbounded"><xs:element name="SURE_FROM_CODE" type="xs:string"/><xs:element name="O"#,
                #"RGANIZATION_ID" type="xs:string"/></xs:choice></xs:complexType></xs:element></xs:sequence></xs:c"#,
                #"omplexType></xs:element></xs:sequence></xs:complexType></xs:element>"#,
            ]),
        "get-folder-path.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetFolderPath"><xs:complexType><xs:choice minOccurs="0" maxOccur"#,
                #"s="unbounded"><xs:element name="OBJECT_TYPE" type="MailingsObjectType"/><xs:element name="FOLDER"#,
                #"_ID" type="xs:string"/><xs:element name="OBJECT_ID" type="Identifier"/></xs:choice></xs:complexT"#,
                #"ype></xs:element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></xs"#,
                #":element>"#,
            ]),
        "get-mailing-templates.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetMailingTemplates"><xs:complexType><xs:choice minOccurs="0" ma"#,
                #"xOccurs="unbounded"><xs:element name="VISIBILITY" type="xs:string"/><xs:element name="LAST_MODIF"#,
                #"IED_START_DATE" type="MailingsDate"/><xs:element name="LAST_MODIFIED_END_DATE" type="MailingsDat"#,
                #"e"/><xs:element name="LAST_MODIFIED_TIME_START" type="MailingsDate"/><xs:element name="LAST_MODI"#,
                #"FIED_TIME_END" type="MailingsDate"/><xs:element name="IS_CRM_ENABLED" type="MailingsPresence"/><"#,
                #"/xs:choice></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:element></xs:sequen"#,
                #"ce></xs:complexType></xs:element>"#,
            ]),
        "get-message-group-details.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetMessageGroupDetails"><xs:complexType><xs:choice minOccurs="0""#,
                #" maxOccurs="unbounded"><xs:element name="MESSAGE_GROUP_ID" type="Identifier"/></xs:choice></xs:c"#,
                #"omplexType></xs:element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexTy"#,
                #"pe></xs:element>"#,
            ]),
        "get-report-id-by-date.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetReportIdByDate"><xs:complexType><xs:choice minOccurs="0" maxO"#,
                #"ccurs="unbounded"><xs:element name="MAILING_ID" type="Identifier"/><xs:element name="DATE_START""#,
                #" type="MailingsDate"/><xs:element name="DATE_END" type="MailingsDate"/></xs:choice></xs:complexT"#,
                #"ype></xs:element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></xs"#,
                #":element>"#,
            ]),
        "get-sent-mailings-for-list.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetSentMailingsForList"><xs:complexType><xs:choice minOccurs="0""#,
                #" maxOccurs="unbounded"><xs:element name="DATE_START" type="MailingsDate"/><xs:element name="DATE"#,
                #"_END" type="MailingsDate"/><xs:element name="LIST_ID" type="Identifier"/><xs:element name="INCLU"#,
                #"DE_CHILDREN" type="MailingsPresence"/><xs:group ref="MailingsKinds"/><xs:group ref="MailingsList"#,
                #"ingOptions"/></xs:choice></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:eleme"#,
                #"nt></xs:sequence></xs:complexType></xs:element>"#,
            ]),
        "get-sent-mailings-for-org.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetSentMailingsForOrg"><xs:complexType><xs:choice minOccurs="0" "#,
                #"maxOccurs="unbounded"><xs:element name="DATE_START" type="MailingsDate"/><xs:element name="DATE_"#,
                #"END" type="MailingsDate"/><xs:group ref="MailingsKinds"/><xs:group ref="MailingsListingOptions"/"#,
                #"></xs:choice></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:element></xs:sequ"#,
                #"ence></xs:complexType></xs:element>"#,
            ]),
        "get-sent-mailings-for-user.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetSentMailingsForUser"><xs:complexType><xs:choice minOccurs="0""#,
                #" maxOccurs="unbounded"><xs:element name="DATE_START" type="MailingsDate"/><xs:element name="DATE"#,
                #"_END" type="MailingsDate"/><xs:element name="OPTIONALUSER" type="xs:string"/><xs:group ref="Mail"#,
                #"ingsKinds"/><xs:group ref="MailingsListingOptions"/></xs:choice></xs:complexType></xs:element></"#,
                #"xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:element>"#,
            ]),
        "list-recipient-mailings.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="ListRecipientMailings"><xs:complexType><xs:choice minOccurs="0" "#,
                #"maxOccurs="unbounded"><xs:element name="LIST_ID" type="Identifier"/><xs:element name="RECIPIENT_"#,
                #"ID" type="xs:string"/></xs:choice></xs:complexType></xs:element></xs:sequence></xs:complexType><"#,
                #"/xs:element></xs:sequence></xs:complexType></xs:element>"#,
            ]),
        "preview-mailing.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="PreviewMailing"><xs:complexType><xs:choice minOccurs="0" maxOccu"#,
                #"rs="unbounded"><xs:element name="MailingId" type="Identifier"/><xs:element name="RecipientEmail""#,
                #" type="xs:string"/></xs:choice></xs:complexType></xs:element></xs:sequence></xs:complexType></xs"#,
                #":element></xs:sequence></xs:complexType></xs:element>"#,
            ]),
        "schedule-mailing.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="ScheduleMailing"><xs:complexType><xs:choice minOccurs="0" maxOcc"#,
                #"urs="unbounded"><xs:element name="TEMPLATE_ID" type="Identifier"/><xs:element name="LIST_ID" typ"#,
                #"e="Identifier"/><xs:element name="MAILING_NAME" type="xs:string"/><xs:element name="VISIBILITY" "#,
                #"type="xs:string"/><xs:element name="SEND_HTML" type="MailingsPresence"/><xs:element name="SEND_A"#,
                #"OL" type="MailingsPresence"/><xs:element name="SEND_TEXT" type="MailingsPresence"/><xs:element n"#,
                #"ame="SUBJECT" type="xs:string"/><xs:element name="FROM_NAME" type="xs:string"/><xs:element name="#,
                #""FROM_ADDRESS" type="xs:string"/><xs:element name="REPLY_TO" type="xs:string"/><xs:element name="#,
                #""PARENT_FOLDER_PATH" type="xs:string"/><xs:element name="CREATE_PARENT_FOLDER" type="MailingsPre"#,
                #"sence"/><xs:element name="SCHEDULED" type="MailingsDate"/><xs:element name="SCHEDULED_IN_GMT" ty"#,
                #"pe="MailingsPresence"/><xs:element name="INBOX_MONITOR" type="MailingsPresence"/><xs:element nam"#,
                #"e="SEND_TIME_OPTIMIZATION" type="MailingsSendTimeOptimization"/><xs:element name="WA_MAILINGLEVE"#,
                #"L_CODE" type="xs:string"/><xs:element name="SUBSTITUTIONS"><xs:complexType><xs:sequence><xs:elem"#,
                #"ent name="SUBSTITUTION" minOccurs="0" maxOccurs="unbounded"><xs:complexType><xs:sequence><xs:ele"#,
                #"ment name="NAME" type="xs:string"/><xs:element name="VALUE" type="xs:string"/></xs:sequence></xs"#,
                #":complexType></xs:element></xs:sequence></xs:complexType></xs:element><xs:element name="SUPPRESS"#,
                #"ION_LISTS"><xs:complexType><xs:sequence><xs:element name="SUPPRESSION_LIST_ID" type="Identifier""#,
                #" minOccurs="0" maxOccurs="unbounded"/></xs:sequence></xs:complexType></xs:element><xs:element na"#,
                #"me="SUPPRESSION_LIST_ID" type="Identifier"/><xs:element name="CUSTOM_OPT_OUT" type="xs:string"/>"#,
                #"<xs:element name="PUBLISH_TO_SOCIALS"><xs:complexType><xs:sequence><xs:element name="SOCIAL_NETW"#,
                #"ORK" minOccurs="0" maxOccurs="unbounded"><xs:complexType><xs:sequence><xs:element name="NAME" ty"#,
                #"pe="xs:string"/><xs:element name="MESSAGE" type="xs:string" minOccurs="0"/></xs:sequence></xs:co"#,
                #"mplexType></xs:element></xs:sequence></xs:complexType></xs:element></xs:choice></xs:complexType>"#,
                #"</xs:element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:ele"#,
                #"ment>"#,
            ]),
        "send-mailing.xsd": File(
            includes: ["request-common.xsd", "mailings-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="SendMailing"><xs:complexType><xs:choice minOccurs="0" maxOccurs="#,
                #""unbounded"><xs:element name="MailingId" type="Identifier"/><xs:element name="RecipientEmail" ty"#,
                #"pe="xs:string"/><xs:element name="COLUMNS" type="MailingsKeyColumns"/><xs:element name="LOOK_UP_"#,
                #"KEYS" type="MailingsKeyColumns"/></xs:choice></xs:complexType></xs:element></xs:sequence></xs:co"#,
                #"mplexType></xs:element></xs:sequence></xs:complexType></xs:element>"#,
            ]),
    ]
}
