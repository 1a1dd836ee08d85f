import CassetteKit
import ContractKit
import EngageSDK
import Foundation
import JSONCore

/// The error cases of group C's operations (mailings, templates, folders, reporting) that the reference or the SDK's
/// XMLAPIErrorCode names, each answered with its fault.
extension EngageFlows {
    static var mailingErrorFlows: [Flow] {
        sendMailingErrorFlows + forwardToFriendErrorFlows + scheduleMailingErrorFlows + templateErrorFlows
            + reportErrorFlows
    }

    /// An error flow of one operation; `errorID` is its fault, by XMLAPIErrorCode.
    private static func mailingError(
        _ name: String, _ operation: XMLAPIOperation, _ params: @escaping @Sendable () -> [String: Any],
        summary: String, documentation: String, setup: [CassetteRequest] = [], facts: [Fact] = []
    ) -> Flow {
        EngageFlows.operationFlow(
            name: name, operation: operation, params: params, summary: summary, documentation: documentation,
            kind: .errorCase, simulatorSetup: setup, facts: [demoData] + facts)
    }

    private static let errorCodes = "the iOS SDK's XMLAPIErrorCode"
    private static let buyer = [Env.addRecipient([("Email", "buyer@example.com")])]

    // MARK: - SendMailing

    static var sendMailingErrorFlows: [Flow] {
        [
            mailingError(
                "send-mailing-mailing-not-found", XMLAPI_OPERATION_SEND_MAILING,
                { ["MailingId": 9999, "RecipientEmail": "buyer@example.com"] },
                summary: "SendMailing of a mailing that does not exist is fault 126 Mailing does not exist.",
                documentation:
                    "\(mailingReference), SendMailing: the MailingId must be an existing autoresponder; \(errorCodes) 126",
                setup: buyer),
            mailingError(
                "send-mailing-not-custom-automated", XMLAPI_OPERATION_SEND_MAILING,
                { ["MailingId": 4203, "RecipientEmail": "buyer@example.com"] },
                summary: "SendMailing of an opt-in autoresponder is fault 160: only custom automated mailings are sent",
                documentation: "\(mailingReference), SendMailing: only custom-event autoresponders; \(errorCodes) 160",
                setup: buyer),
            mailingError(
                "send-mailing-inactive", XMLAPI_OPERATION_SEND_MAILING,
                { ["MailingId": 4202, "RecipientEmail": "buyer@example.com"] },
                summary: "SendMailing of an inactive autoresponder is fault 162 Mailing is not active.",
                documentation: "\(errorCodes) 162 MAILING_NOT_ACTIVE", setup: buyer,
                facts: [
                    .assumed("fault 162, not 806 (Autoresponder is not active), for an inactive custom autoresponder")
                ]),
            mailingError(
                "send-mailing-recipient-not-found", XMLAPI_OPERATION_SEND_MAILING,
                { ["MailingId": 4201, "RecipientEmail": "nobody@example.com"] },
                summary: "SendMailing to an address that is no contact of the database is fault 128",
                documentation:
                    "\(mailingReference), SendMailing: the contact must already exist in the mailing's database; \(errorCodes) 128",
                setup: buyer),
            mailingError(
                "send-mailing-missing-mailing-id", XMLAPI_OPERATION_SEND_MAILING,
                { ["RecipientEmail": "buyer@example.com"] },
                summary: "SendMailing without MailingId is fault 100 Parameter MailingId was not provided",
                documentation: "\(mailingReference), SendMailing: MailingId is required; \(errorCodes) 100",
                setup: buyer),
            sendMailingOptedOutFlow,
        ]
    }

    static let sendMailingOptedOutFlow = Flow(
        vendor: "engage", name: "send-mailing-recipient-opted-out",
        documentation: "Engage issue #34: OptOutRecipient makes later mailings skip the contact; \(errorCodes) 129",
        kind: .errorCase,
        summary: "SendMailing to a contact that opted out is fault 129 Recipient has opted out of the list.",
        simulatorSetup: [Env.settings(), Env.addRecipient([("Email", "buyer@example.com")])], facts: [demoData]
    ) { context in
        let engage = try Env.engage(context)
        let optOut = try await Env.post(
            engage, XMLAPI_OPERATION_OPT_OUT_RECIPIENT, ["LIST_ID": Env.listID, "EMAIL": "buyer@example.com"])
        let send = try await Env.post(
            engage, XMLAPI_OPERATION_SEND_MAILING, ["MailingId": 4201, "RecipientEmail": "buyer@example.com"])
        return ["optOut": optOut, "send": send]
    }

    // MARK: - ForwardToFriend, GetContactMailingDetails, ListRecipientMailings

    private static let fan = [Env.addRecipient([("Email", "fan@example.com")])]
    private static let forward = "\(mailingReference), ForwardToFriend: FTF_RESULT error values"

    private static func forwardParams(_ changes: [String: Any]) -> [String: Any] {
        ["SENDER_EMAIL": "fan@example.com", "r": 100001, "m": 4301, "RECIPIENTS": "friend@example.com"]
            .merging(changes) { $1 }
    }

    static var forwardToFriendErrorFlows: [Flow] {
        [
            mailingError(
                "forward-to-friend-invalid-mailing-id", XMLAPI_OPERATION_FORWARD_TO_FRIEND,
                { forwardParams(["m": "43O1"]) },
                summary: "ForwardToFriend with an m that is not a number is error 1 (mailing ID, invalid format)",
                documentation: "\(forward) (1); \(errorCodes) 1 FTF_NON_NUMERIC_MAILING_KEY", setup: fan,
                facts: [.assumed("the FTF_RESULT values answered as faults with errorid 1-6 and class SP.API")]),
            mailingError(
                "forward-to-friend-invalid-recipient-id", XMLAPI_OPERATION_FORWARD_TO_FRIEND,
                { forwardParams(["r": "fan"]) },
                summary: "ForwardToFriend with an r that is not a number is error 2 (recipient ID)",
                documentation: "\(forward) (2); \(errorCodes) 2 FTF_NON_NUMERIC_SENDER_KEY", setup: fan,
                facts: [.assumed("the FTF_RESULT values answered as faults with errorid 1-6 and class SP.API")]),
            mailingError(
                "forward-to-friend-mailing-not-found", XMLAPI_OPERATION_FORWARD_TO_FRIEND,
                { forwardParams(["m": 9999]) },
                summary: "ForwardToFriend of a mailing that was never sent is error 3 (mailing ID not found)",
                documentation: "\(forward) (3); \(errorCodes) 3 FTF_BAD_MAILING", setup: fan,
                facts: [.assumed("the FTF_RESULT values answered as faults with errorid 1-6 and class SP.API")]),
            mailingError(
                "forward-to-friend-invalid-sender-email", XMLAPI_OPERATION_FORWARD_TO_FRIEND,
                { forwardParams(["SENDER_EMAIL": "fan.example.com"]) },
                summary: "ForwardToFriend with a sender address that is no email address is error 4",
                documentation: "\(forward) (4); \(errorCodes) 4 FTF_INVALID_EMAIL_ADDRESS", setup: fan,
                facts: [.assumed("the FTF_RESULT values answered as faults with errorid 1-6 and class SP.API")]),
            mailingError(
                "forward-to-friend-invalid-encoded-sender", XMLAPI_OPERATION_FORWARD_TO_FRIEND,
                {
                    ["SENDER_EMAIL": "fan@example.com", "rs": "MQS2", "m": 4301, "RECIPIENTS": "friend@example.com"]
                },
                summary: "ForwardToFriend with an rs that is no encoded contact of the mailing is error 5",
                documentation: "\(forward) (5); \(errorCodes) 5 FTF_INVALID_ENCRYPTED_SENDER_KEY", setup: fan,
                facts: [
                    .assumed("the FTF_RESULT values answered as faults with errorid 1-6 and class SP.API"),
                    .assumed("the simulator's encoded recipient id is the base64 of the id"),
                ]),
            mailingError(
                "forward-to-friend-message-too-long", XMLAPI_OPERATION_FORWARD_TO_FRIEND,
                { forwardParams(["MESSAGE": String(repeating: "Have a look. ", count: 80)]) },
                summary: "ForwardToFriend with a MESSAGE over 1,000 characters is error 6 (comment size)",
                documentation: "\(errorCodes) 6 FTF_INVALID_COMMENT_SIZE", setup: fan,
                facts: [.assumed("the longest MESSAGE is 1,000 characters; errorid 6 with class SP.API")]),
            mailingError(
                "get-contact-mailing-details-not-confirmed", XMLAPI_OPERATION_GET_CONTACT_MAILING_DETAILS,
                { ["SURE_FROM_CODE": "1-8QhP4YIS-XYPxqdpK", "ORGANIZATION_ID": "sim-org-1"] },
                summary: "GetContactMailingDetails of a code no mailing carried is fault 330",
                documentation: "\(mailingReference), Get a contact's mailing details: the fault example (330)"),
            mailingError(
                "list-recipient-mailings-recipient-not-found", XMLAPI_OPERATION_LIST_RECIPIENT_MAILINGS,
                { ["LIST_ID": Env.listID, "RECIPIENT_ID": 424242] },
                summary: "ListRecipientMailings of a contact that is not in the list is fault 128",
                documentation: "\(errorCodes) 128 RECIPIENT_NOT_LIST_MEMBER",
                facts: [.assumed("fault 128 as the recipient operations answer an unknown contact")]),
            mailingError(
                "list-recipient-mailings-invalid-recipient-id", XMLAPI_OPERATION_LIST_RECIPIENT_MAILINGS,
                { ["LIST_ID": Env.listID, "RECIPIENT_ID": "abc"] },
                summary: "ListRecipientMailings with a RECIPIENT_ID that is not a number is fault 124",
                documentation: "\(errorCodes) 124 RECIPIENT_ID_NOT_VALID"),
        ]
    }

    // MARK: - ScheduleMailing

    /// A ScheduleMailing error flow: the success flow's elements with `changes` (a nil value leaves one out).
    private static func scheduleError(
        _ name: String, _ changes: @escaping @Sendable () -> [String: Any?], summary: String, documentation: String,
        facts: [Fact] = []
    ) -> Flow {
        mailingError(
            name, XMLAPI_OPERATION_SCHEDULE_MAILING,
            {
                var params = scheduleParams
                for (key, value) in changes() { params[key] = value }
                return params
            }, summary: summary, documentation: documentation, facts: facts)
    }

    static var scheduleMailingErrorFlows: [Flow] {
        [
            scheduleError(
                "schedule-mailing-name-exists", { ["MAILING_NAME": "December Newsletter"] },
                summary: "ScheduleMailing with the name of a sent mailing is fault 182",
                documentation: "\(errorCodes) 182 MAILING_NAME_ALREADY_EXISTS"),
            scheduleError(
                "schedule-mailing-template-not-found", { ["TEMPLATE_ID": 9999] },
                summary: "ScheduleMailing of a template that does not exist is fault 126",
                documentation: "\(mailingReference), ScheduleMailing: TEMPLATE_ID is a template; \(errorCodes) 126",
                facts: [.assumed("fault 126, Mailing does not exist, for a TEMPLATE_ID that is no template")]),
            scheduleError(
                "schedule-mailing-invalid-visibility", { ["VISIBILITY": 2] },
                summary: "ScheduleMailing with a VISIBILITY other than 0 or 1 is fault 104",
                documentation: "\(mailingReference), ScheduleMailing: VISIBILITY 0 or 1; \(errorCodes) 104"),
            scheduleError(
                "schedule-mailing-invalid-date", { ["SCHEDULED": "2026-01-02T09:30:00Z"] },
                summary: "ScheduleMailing with SCHEDULED not as MM/DD/YYYY HH:MM:SS AMPM is fault 184",
                documentation: "IBM mailing management reference, ScheduleMailing SCHEDULED format; \(errorCodes) 184",
                facts: [.assumed("the fault text of 184 (XMLAPIErrorCode: numerous errors related to dates)")]),
            scheduleError(
                "schedule-mailing-parent-folder-missing", { ["PARENT_FOLDER_PATH": "2026/January"] },
                summary:
                    "ScheduleMailing into a folder that does not exist, without CREATE_PARENT_FOLDER, is fault 103",
                documentation: "\(mailingReference), ScheduleMailing: PARENT_FOLDER_PATH and CREATE_PARENT_FOLDER",
                facts: [.assumed("fault 103, Parent directory does not exist., for a missing PARENT_FOLDER_PATH")]),
            scheduleError(
                "schedule-mailing-missing-list", { ["LIST_ID": nil] },
                summary: "ScheduleMailing without LIST_ID is fault 100 Parameter LIST_ID was not provided",
                documentation: "\(mailingReference), ScheduleMailing: LIST_ID is required; \(errorCodes) 100"),
            scheduleError(
                "schedule-mailing-list-not-found", { ["LIST_ID": 777] },
                summary: "ScheduleMailing to a list that does not exist is fault 106 List ID is not valid.",
                documentation: "\(errorCodes) 106 LIST_ID_NOT_VALID"),
        ]
    }

    // MARK: - Templates, folders, message groups

    static var templateErrorFlows: [Flow] {
        [
            mailingError(
                "preview-mailing-not-found", XMLAPI_OPERATION_PREVIEW_MAILING, { ["MailingId": 9999] },
                summary: "PreviewMailing of a mailing that does not exist is fault 126",
                documentation: "\(errorCodes) 126 MAILING_DOES_NOT_EXIST"),
            mailingError(
                "get-mailing-templates-invalid-visibility", XMLAPI_OPERATION_GET_MAILING_TEMPLATES,
                { ["VISIBILITY": 2] },
                summary: "GetMailingTemplates with a VISIBILITY other than 0 or 1 is fault 104",
                documentation: "\(errorCodes) 104 VISIBILITY_NOT_VALID"),
            mailingError(
                "export-mailing-template-not-found", XMLAPI_OPERATION_EXPORT_MAILING_TEMPLATE,
                { ["TEMPLATE_ID": 4301] },
                summary: "ExportMailingTemplate of a sent mailing (no template) is fault 126",
                documentation: "\(mailingReference), Template and mailing management: template ids and mailing ids",
                facts: [.assumed("fault 126, Mailing does not exist, for a TEMPLATE_ID that is no template")]),
            mailingError(
                "get-folder-path-folder-id-not-number", XMLAPI_OPERATION_GET_FOLDER_PATH,
                { ["OBJECT_TYPE": "Data", "FOLDER_ID": "Shared"] },
                summary: "GetFolderPath of a Data FOLDER_ID that is not a number is fault 323",
                documentation: "\(mailingReference), GetFolderPath: a Data FOLDER_ID is an integer; \(errorCodes) 323"),
            mailingError(
                "get-folder-path-folder-not-found", XMLAPI_OPERATION_GET_FOLDER_PATH,
                { ["OBJECT_TYPE": "Data", "FOLDER_ID": 999] },
                summary: "GetFolderPath of a folder that does not exist is fault 325",
                documentation: "\(errorCodes) 325 FOLDER_ID_NOT_FOUND"),
            mailingError(
                "get-message-group-details-not-found", XMLAPI_OPERATION_GET_MESSAGE_GROUP_DETAILS,
                { ["MESSAGE_GROUP_ID": 1] },
                summary: "GetMessageGroupDetails of a group that does not exist is fault 51",
                documentation: "\(mailingReference), Get details about an automated message group",
                facts: [.assumed("fault 51 Invalid XML Request for an unknown group: no fault is documented")]),
        ]
    }

    // MARK: - Reporting

    static var reportErrorFlows: [Flow] {
        [
            mailingError(
                "get-report-id-by-date-mailing-not-found", XMLAPI_OPERATION_GET_REPORT_ID_BY_DATE,
                { december.merging(["MAILING_ID": 9999]) { $1 } },
                summary: "GetReportIdByDate of a mailing that does not exist is fault 126",
                documentation: "\(errorCodes) 126 MAILING_DOES_NOT_EXIST"),
            mailingError(
                "get-report-id-by-date-invalid-date", XMLAPI_OPERATION_GET_REPORT_ID_BY_DATE,
                { ["MAILING_ID": 4301, "DATE_START": "2025-12-01", "DATE_END": "12/31/2025 23:59:59"] },
                summary: "GetReportIdByDate with a DATE_START not as mm/dd/yyyy hh:mm:ss is fault 184",
                documentation: "\(errorCodes) 184 DATE_ERROR",
                facts: [.assumed("the fault text of 184 (XMLAPIErrorCode: numerous errors related to dates)")]),
            mailingError(
                "get-sent-mailings-for-org-invalid-date", XMLAPI_OPERATION_GET_SENT_MAILINGS_FOR_ORG,
                { ["DATE_START": "12/01/2025 00:00:00", "DATE_END": "12/32/2025 23:59:59"] },
                summary: "GetSentMailingsForOrg with a DATE_END that is no date is fault 184",
                documentation:
                    "\(mailingReference), GetSentMailingsForOrg: dates as mm/dd/yyyy hh:mm:ss; \(errorCodes) 184",
                facts: [.assumed("the fault text of 184 (XMLAPIErrorCode: numerous errors related to dates)")]),
            mailingError(
                "get-sent-mailings-for-user-end-before-start", XMLAPI_OPERATION_GET_SENT_MAILINGS_FOR_USER,
                { ["DATE_START": "12/31/2025 00:00:00", "DATE_END": "12/01/2025 00:00:00"] },
                summary: "GetSentMailingsForUser with DATE_END before DATE_START is fault 184",
                documentation: "\(errorCodes) 184 DATE_ERROR",
                facts: [.assumed("a range that ends before it starts is fault 184")]),
            mailingError(
                "get-sent-mailings-for-list-not-found", XMLAPI_OPERATION_GET_SENT_MAILINGS_FOR_LIST,
                { december.merging(["LIST_ID": 777]) { $1 } },
                summary: "GetSentMailingsForList of a list that does not exist is fault 106",
                documentation: "\(errorCodes) 106 LIST_ID_NOT_VALID"),
            mailingError(
                "get-aggregate-tracking-for-mailing-not-available", XMLAPI_OPERATION_GET_AGGREGATE_TRACKING_FOR_MAILING,
                { ["MAILING_ID": 4303, "REPORT_ID": 7303] },
                summary:
                    "GetAggregateTrackingForMailing of a mailing still scheduled is fault 500: report data not available",
                documentation: "\(errorCodes) 500 MAILING_REPORT_DATA_NOT_AVAILABLE",
                facts: [.assumed("report data is not available until the mailing is sent")]),
            mailingError(
                "get-aggregate-tracking-for-mailing-report-not-found",
                XMLAPI_OPERATION_GET_AGGREGATE_TRACKING_FOR_MAILING, { ["MAILING_ID": 4301, "REPORT_ID": 7302] },
                summary: "GetAggregateTrackingForMailing with another mailing's REPORT_ID is fault 126",
                documentation: "\(errorCodes) 126 MAILING_DOES_NOT_EXIST",
                facts: [.assumed("fault 126 when REPORT_ID is no sending of MAILING_ID")]),
            mailingError(
                "get-aggregate-tracking-for-org-invalid-date", XMLAPI_OPERATION_GET_AGGREGATE_TRACKING_FOR_ORG,
                { ["DATE_START": "December 2025", "DATE_END": "12/31/2025 23:59:59"] },
                summary: "GetAggregateTrackingForOrg with a DATE_START that is no date is fault 184",
                documentation: "\(mailingReference), GetAggregateTrackingForOrg: dates as mm/dd/yyyy hh:mm:ss",
                facts: [.assumed("the fault text of 184 (XMLAPIErrorCode: numerous errors related to dates)")]),
            mailingError(
                "get-aggregate-tracking-for-user-missing-dates", XMLAPI_OPERATION_GET_AGGREGATE_TRACKING_FOR_USER,
                { ["OPTIONALUSER": "marketer@example.com"] },
                summary: "GetAggregateTrackingForUser without DATE_START is fault 100",
                documentation: "\(mailingReference), GetAggregateTrackingForUser: DATE_START and DATE_END are required"),
        ]
    }
}
