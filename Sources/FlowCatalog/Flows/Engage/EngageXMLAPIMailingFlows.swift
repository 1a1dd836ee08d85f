import CassetteKit
import ContractKit
import EngageSDK
import Foundation
import JSONCore

/// XMLAPI operation flows of group C (mailings, templates, folders, reporting), issue #34: one success flow per
/// operation over the simulator's demo mailings (templates 41xx, autoresponders 42xx, sent mailings 43xx with reports
/// 73xx, dated December 2025; the flow clock is 2026-01-01), and one flow per error case the reference or the SDK's
/// XMLAPIErrorCode names.
extension EngageFlows {
    static var mailingOperationFlows: [Flow] {
        [
            sendMailingFlow, sendMailingHistoryFlow, forwardToFriendFlow, getContactMailingDetailsFlow,
            listRecipientMailingsFlow, scheduleMailingFlow, scheduleMailingLaterFlow, previewMailingFlow,
            getMailingTemplatesFlow, exportMailingTemplateFlow, getFolderPathFlow, getFolderPathOfFolderFlow,
            getMessageGroupDetailsFlow, getReportIDByDateFlow, getSentMailingsForOrgFlow, getSentMailingsForUserFlow,
            getSentMailingsForListFlow, getAggregateTrackingForMailingFlow, getAggregateTrackingForOrgFlow,
            getAggregateTrackingForUserFlow,
        ] + mailingErrorFlows
    }

    static let mailingReference = "Acoustic Campaign XML API reference"
    /// December 2025, the month of the demo sendings, as the reporting operations take a range.
    static var december: [String: Any] { ["DATE_START": "12/01/2025 00:00:00", "DATE_END": "12/31/2025 23:59:59"] }
    static let demoData = Fact.assumed("the simulator's demo mailings, reports, folders and message groups")

    // MARK: - Mailings to contacts

    static let sendMailingFlow = EngageFlows.operationFlow(
        name: "send-mailing", operation: XMLAPI_OPERATION_SEND_MAILING,
        params: { ["MailingId": 4201, "RecipientEmail": "buyer@example.com"] },
        summary: "SendMailing sends a custom-event autoresponder to a contact of its database",
        documentation: "\(mailingReference), Send an email to a contact (SendMailing)",
        simulatorSetup: [Env.addRecipient([("Email", "buyer@example.com")])], facts: [demoData])

    static let sendMailingHistoryFlow = Flow(
        vendor: "engage", name: "send-mailing-contact-history",
        documentation: "\(mailingReference), SendMailing; ListRecipientMailings; Get a contact's mailing details",
        summary: "A mailing SendMailing sends shows in the contact's ListRecipientMailings and by its SureFrom code",
        simulatorSetup: [Env.settings(), Env.addRecipient([("Email", "buyer@example.com")])],
        facts: [demoData, .assumed("the simulator's SureFrom code 1-SIM<send>-<report>-<recipient>")]
    ) { context in
        let engage = try Env.engage(context)
        let send = try await Env.post(
            engage, XMLAPI_OPERATION_SEND_MAILING, ["MailingId": 4201, "RecipientEmail": "buyer@example.com"])
        let history = try await Env.post(
            engage, XMLAPI_OPERATION_LIST_RECIPIENT_MAILINGS, ["LIST_ID": Env.listID, "RECIPIENT_ID": 100001])
        let details = try await Env.post(
            engage, XMLAPI_OPERATION_GET_CONTACT_MAILING_DETAILS,
            ["SURE_FROM_CODE": "1-SIM1-20001-100001", "ORGANIZATION_ID": "sim-org-1"])
        return ["send": send, "history": history, "details": details]
    }

    static let forwardToFriendFlow = EngageFlows.operationFlow(
        name: "forward-to-friend", operation: XMLAPI_OPERATION_FORWARD_TO_FRIEND,
        params: {
            [
                "SENDER_EMAIL": "fan@example.com", "r": 100001, "m": 4301,
                "RECIPIENTS": "friend@example.com, colleague@example.com", "MESSAGE": "Thought you'd like this",
            ]
        },
        summary: "ForwardToFriend forwards a sent mailing for one of its contacts to two addresses",
        documentation: "\(mailingReference), Forward an email to a friend (ForwardToFriend)",
        simulatorSetup: [Env.addRecipient([("Email", "fan@example.com")])], facts: [demoData])

    static let getContactMailingDetailsFlow = EngageFlows.operationFlow(
        name: "get-contact-mailing-details", operation: XMLAPI_OPERATION_GET_CONTACT_MAILING_DETAILS,
        params: { ["SURE_FROM_CODE": "1-DEMO-4301", "ORGANIZATION_ID": "sim-org-1"] },
        summary: "GetContactMailingDetails answers when, from whom and with what subject a SureFrom code was sent",
        documentation: "\(mailingReference), Get a contact's mailing details (GetContactMailingDetails)",
        simulatorSetup: [
            Env.addRecipient([("Email", "reader@example.com")]),
            Env.admin("POST", "/mailings/4301/sends", ["recipientID": 100001, "sureFromCode": "1-DEMO-4301"]),
        ], facts: [demoData])

    static let listRecipientMailingsFlow = EngageFlows.operationFlow(
        name: "list-recipient-mailings", operation: XMLAPI_OPERATION_LIST_RECIPIENT_MAILINGS,
        params: { ["LIST_ID": Env.listID, "RECIPIENT_ID": 100001] },
        summary: "ListRecipientMailings lists the mailings a contact received with its opens and clicks",
        documentation: "Silverpop engage-api-client ListRecipientMailingsCommand (ListRecipientMailings)",
        simulatorSetup: [
            Env.addRecipient([("Email", "reader@example.com")]),
            Env.admin(
                "POST", "/mailings/4301/sends",
                ["recipientID": 100001, "totals": ["TotalOpens": 2, "TotalClicks": 1]]),
        ], facts: [demoData])

    // MARK: - Scheduling and templates

    static var scheduleParams: [String: Any] {
        [
            "TEMPLATE_ID": 4102, "LIST_ID": Env.listID, "MAILING_NAME": "January Sale", "VISIBILITY": 1,
            "SEND_HTML": "", "SEND_TEXT": "", "SUBJECT": "The January sale starts now",
        ]
    }

    static let scheduleMailingFlow = Flow(
        vendor: "engage", name: "schedule-mailing",
        documentation:
            "\(mailingReference), Schedule a mailing (ScheduleMailing); Get a list of emails sent for an organization",
        summary: "ScheduleMailing sends a template now; the new MAILING_ID and its report id show in the reports",
        simulatorSetup: [Env.settings(), Env.addRecipient([("Email", "member@example.com")])],
        facts: [
            demoData,
            .assumed("a mailing scheduled without SCHEDULED is sent at once; new ids from 10001, reports from 20001"),
        ]
    ) { context in
        let engage = try Env.engage(context)
        let schedule = try await Env.post(engage, XMLAPI_OPERATION_SCHEDULE_MAILING, scheduleParams)
        let today: [String: Any] = ["DATE_START": "01/01/2026 00:00:00", "DATE_END": "01/01/2026 23:59:59"]
        let sent = try await Env.post(engage, XMLAPI_OPERATION_GET_SENT_MAILINGS_FOR_ORG, today)
        let reports = try await Env.post(
            engage, XMLAPI_OPERATION_GET_REPORT_ID_BY_DATE, today.merging(["MAILING_ID": 10001]) { $1 })
        return ["schedule": schedule, "sentMailings": sent, "reportIds": reports]
    }

    static let scheduleMailingLaterFlow = Flow(
        vendor: "engage", name: "schedule-mailing-later",
        documentation: "\(mailingReference), Schedule a mailing (SCHEDULED, PARENT_FOLDER_PATH, CREATE_PARENT_FOLDER)",
        summary:
            "A mailing scheduled for later is listed as SCHEDULED in a created folder; its report data is not yet available (500)",
        simulatorSetup: [Env.settings()],
        facts: [demoData, .assumed("a scheduled mailing is sent when the simulator clock reaches SCHEDULED")]
    ) { context in
        let engage = try Env.engage(context)
        var params = scheduleParams
        params["SCHEDULED"] = "01/02/2026 09:30:00 AM"
        params["PARENT_FOLDER_PATH"] = "2026/January"
        params["CREATE_PARENT_FOLDER"] = ""
        let schedule = try await Env.post(engage, XMLAPI_OPERATION_SCHEDULE_MAILING, params)
        let scheduled = try await Env.post(
            engage, XMLAPI_OPERATION_GET_SENT_MAILINGS_FOR_ORG,
            ["DATE_START": "01/01/2026 00:00:00", "DATE_END": "01/31/2026 23:59:59", "SCHEDULED": ""])
        let folder = try await Env.post(
            engage, XMLAPI_OPERATION_GET_FOLDER_PATH, ["OBJECT_TYPE": "Mailing", "OBJECT_ID": 10001])
        let tracking = try await Env.post(
            engage, XMLAPI_OPERATION_GET_AGGREGATE_TRACKING_FOR_MAILING, ["MAILING_ID": 10001, "REPORT_ID": 20001])
        return ["schedule": schedule, "scheduled": scheduled, "folder": folder, "tracking": tracking]
    }

    static let previewMailingFlow = EngageFlows.operationFlow(
        name: "preview-mailing", operation: XMLAPI_OPERATION_PREVIEW_MAILING,
        params: { ["MailingId": 4101, "RecipientEmail": "reader@example.com"] },
        summary: "PreviewMailing answers a template's bodies personalized for a contact, and its spam score",
        documentation: "\(mailingReference), Preview a mailing before sending (PreviewMailing)",
        simulatorSetup: [Env.addRecipient([("Email", "reader@example.com")])],
        facts: [demoData, .assumed("personalization tags are %%Column%%, filled from the contact's database")])

    static let getMailingTemplatesFlow = EngageFlows.operationFlow(
        name: "get-mailing-templates", operation: XMLAPI_OPERATION_GET_MAILING_TEMPLATES,
        params: { ["VISIBILITY": 1] },
        summary: "GetMailingTemplates lists the shared templates",
        documentation: "\(mailingReference), Get a list of mailing templates (GetMailingTemplates)", facts: [demoData])

    static let exportMailingTemplateFlow = EngageFlows.operationFlow(
        name: "export-mailing-template", operation: XMLAPI_OPERATION_EXPORT_MAILING_TEMPLATE,
        params: { ["TEMPLATE_ID": 4101, "ADD_TO_STORED_FILES": ""] },
        summary: "ExportMailingTemplate answers the FILE_PATH of the export",
        documentation: "\(mailingReference), Export a mailing template (ExportMailingTemplate)",
        facts: [demoData, .assumed("the export file name <template>_<yyyyMMddHHmmss>_template.zip")])

    static let getFolderPathFlow = EngageFlows.operationFlow(
        name: "get-folder-path", operation: XMLAPI_OPERATION_GET_FOLDER_PATH,
        params: { ["OBJECT_TYPE": "Mailing", "OBJECT_ID": 4101] },
        summary: "GetFolderPath of a template answers its folder path and the sub-type Template",
        documentation: "\(mailingReference), Get the path of a folder or object (GetFolderPath)", facts: [demoData])

    static let getFolderPathOfFolderFlow = EngageFlows.operationFlow(
        name: "get-folder-path-of-folder", operation: XMLAPI_OPERATION_GET_FOLDER_PATH,
        params: { ["OBJECT_TYPE": "Mailing", "FOLDER_ID": "3f2a1c1-18b9e7d4c21-5c1f0e9d8b7a6c5d4e3f2a1b0c9d8e7f"] },
        summary: "GetFolderPath of a mailing folder's GUID answers its path",
        documentation: "\(mailingReference), Get the path of a folder or object (GetFolderPath)", facts: [demoData])

    static let getMessageGroupDetailsFlow = EngageFlows.operationFlow(
        name: "get-message-group-details", operation: XMLAPI_OPERATION_GET_MESSAGE_GROUP_DETAILS,
        params: { ["MESSAGE_GROUP_ID": 59294] },
        summary: "GetMessageGroupDetails describes an automated message group",
        documentation: "\(mailingReference), Get details about an automated message group (GetMessageGroupDetails)",
        facts: [demoData])

    // MARK: - Reporting

    static let getReportIDByDateFlow = EngageFlows.operationFlow(
        name: "get-report-id-by-date", operation: XMLAPI_OPERATION_GET_REPORT_ID_BY_DATE,
        params: { december.merging(["MAILING_ID": 4301]) { $1 } },
        summary: "GetReportIdByDate answers the report id of a mailing's sending in December",
        documentation: "Silverpop engage-api-client GetReportIdByDateCommand (GetReportIdByDate)", facts: [demoData])

    static let getSentMailingsForOrgFlow = EngageFlows.operationFlow(
        name: "get-sent-mailings-for-org", operation: XMLAPI_OPERATION_GET_SENT_MAILINGS_FOR_ORG,
        params: { december.merging(["INCLUDE_TAGS": "", "EXCLUDE_TEST_MAILINGS": ""]) { $1 } },
        summary: "GetSentMailingsForOrg lists December's mailings with their tags, test mailings left out",
        documentation: "\(mailingReference), Get a list of emails sent for an organization (GetSentMailingsForOrg)",
        facts: [demoData])

    static let getSentMailingsForUserFlow = EngageFlows.operationFlow(
        name: "get-sent-mailings-for-user", operation: XMLAPI_OPERATION_GET_SENT_MAILINGS_FOR_USER,
        params: { december.merging(["OPTIONALUSER": "marketer@example.com"]) { $1 } },
        summary: "GetSentMailingsForUser with OPTIONALUSER lists that user's December mailings",
        documentation: "IBM tutorial Get a list of sent mailings for a user (GetSentMailingsForUser)", facts: [demoData]
    )

    static let getSentMailingsForListFlow = EngageFlows.operationFlow(
        name: "get-sent-mailings-for-list", operation: XMLAPI_OPERATION_GET_SENT_MAILINGS_FOR_LIST,
        params: { december.merging(["LIST_ID": Env.listID, "SENT": ""]) { $1 } },
        summary: "GetSentMailingsForList lists the mailings sent to the database in December",
        documentation: "\(mailingReference), Get a list of sent emails for a database (GetSentMailingsForList)",
        facts: [demoData])

    static let getAggregateTrackingForMailingFlow = EngageFlows.operationFlow(
        name: "get-aggregate-tracking-for-mailing", operation: XMLAPI_OPERATION_GET_AGGREGATE_TRACKING_FOR_MAILING,
        params: {
            ["MAILING_ID": 4301, "REPORT_ID": 7301, "TOP_DOMAIN": "", "INBOX_MONITORING": "", "PER_CLICK": ""]
        },
        summary: "GetAggregateTrackingForMailing answers a sending's metrics, top domains, inbox monitoring and clicks",
        documentation: "IBM tutorial Get aggregate tracking metrics for a mailing (GetAggregateTrackingForMailing)",
        facts: [demoData])

    static let getAggregateTrackingForOrgFlow = EngageFlows.operationFlow(
        name: "get-aggregate-tracking-for-org", operation: XMLAPI_OPERATION_GET_AGGREGATE_TRACKING_FOR_ORG,
        params: { december.merging(["SENT": ""]) { $1 } },
        summary: "GetAggregateTrackingForOrg answers the metrics of the organization's mailings sent in December",
        documentation: "\(mailingReference), Get organization aggregate tracking metrics (GetAggregateTrackingForOrg)",
        facts: [demoData])

    static let getAggregateTrackingForUserFlow = EngageFlows.operationFlow(
        name: "get-aggregate-tracking-for-user", operation: XMLAPI_OPERATION_GET_AGGREGATE_TRACKING_FOR_USER,
        params: { december },
        summary: "GetAggregateTrackingForUser answers the metrics of the calling user's December mailings",
        documentation: "\(mailingReference), Get user aggregate tracking metrics (GetAggregateTrackingForUser)",
        facts: [demoData, .assumed("the API user ContractHarness API (api.user@example.com) is the calling user")])
}
