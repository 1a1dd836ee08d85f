import CassetteKit
import Foundation
import JSONCore

/// XMLAPI operations of mailings, templates, folders and reporting (group C of issue #34), answered from demo data a
/// user can seed:
///
/// | operation | answers from |
/// | --- | --- |
/// | `SendMailing` | a custom-event autoresponder sent to one contact of its database: a send `ListRecipientMailings` and `GetContactMailingDetails` then show |
/// | `ForwardToFriend` | a sent mailing forwarded by one of its contacts (errors 1–6 as the SDK's XMLAPIErrorCode lists them) |
/// | `GetContactMailingDetails` | the send that carried a SureFrom code |
/// | `ListRecipientMailings` | the contact's sends and the mailings scheduled to its database since it joined |
/// | `ScheduleMailing` | a new sent mailing made from a template, with a report id the reporting operations show |
/// | `PreviewMailing`, `GetMailingTemplates`, `ExportMailingTemplate` | the templates |
/// | `GetFolderPath` | the mailing and data folders |
/// | `GetMessageGroupDetails` | the automated message groups |
/// | `GetReportIdByDate`, `GetSentMailingsFor…`, `GetAggregateTrackingFor…` | the reports (one per sending) and their tracking counts |
///
/// A mailing is scheduled or sent by the simulator clock: it is sent once the clock reaches its scheduled time.
/// Every lookup goes through a primary key or an index; the listings read one date range of an index.
///
/// Admin routes, under `/__harness/vendors/engage` (times are ISO 8601, ids are answered when not given):
///
/// | request | what it does |
/// | --- | --- |
/// | `GET /mailings` | every template, autoresponder and sent mailing |
/// | `POST /mailings` | adds one: `{"mailingID","name","kind":"Template"/"Autoresponder"/"Sent","type","subject","fromName","fromAddress","replyTo","visibility","listID","folderID","templateID","htmlBody","textBody","aolBody","spamScore","active","crmEnabled","userName","userEmail","lastModified"}` |
/// | `GET /mailings/{id}` | one mailing with its reports and sends |
/// | `POST /mailings/{id}/reports` | adds a sending: `{"reportID","scheduledAt","listID","parentListID","numSent","test","tracking":{"NumBounceHard":1,…},"topDomains":[{…}],"inboxMonitoring":[{…}],"clicks":[{…}],"tags":[…]}` |
/// | `POST /mailings/{id}/sends` | records the mailing sent to a contact: `{"recipientID","listID","sentAt","sureFromCode","totals":{"TotalOpens":1,…}}` |
/// | `GET /mailing-folders`, `POST /mailing-folders` | folders: `{"folderID","objectType":"Mailing"/"Data","path","lists":[…]}` |
/// | `GET /message-groups`, `POST /message-groups` | automated message groups: `{"messageGroupID","name","status","listID",…}` |
enum EngageMailingOperations: EngageOperationGroup {
    static let name = "mailings"

    static let handlers: [String: EngageOperationHandler] = [
        "SendMailing": { request, context in try EngageMailingSends(context).sendMailing(request) },
        "ForwardToFriend": { request, context in try EngageMailingSends(context).forwardToFriend(request) },
        "GetContactMailingDetails": { request, context in
            try EngageMailingSends(context).contactMailingDetails(request)
        },
        "ListRecipientMailings": { request, context in try EngageMailingSends(context).recipientMailings(request) },
        "ScheduleMailing": { request, context in try EngageMailingSends(context).scheduleMailing(request) },
        "PreviewMailing": { request, context in try EngageMailingTemplates(context).preview(request) },
        "GetMailingTemplates": { request, context in try EngageMailingTemplates(context).templates(request) },
        "ExportMailingTemplate": { request, context in try EngageMailingTemplates(context).export(request) },
        "GetFolderPath": { request, context in try EngageMailingTemplates(context).folderPath(request) },
        "GetMessageGroupDetails": { request, context in try EngageMailingTemplates(context).messageGroup(request) },
        "GetReportIdByDate": { request, context in try EngageMailingReports(context).reportIDs(request) },
        "GetSentMailingsForOrg": { request, context in try EngageMailingReports(context).sentMailings(request, .org) },
        "GetSentMailingsForUser": { request, context in
            try EngageMailingReports(context).sentMailings(request, .user)
        },
        "GetSentMailingsForList": { request, context in
            try EngageMailingReports(context).sentMailings(request, .list)
        },
        "GetAggregateTrackingForMailing": { request, context in
            try EngageMailingReports(context).trackingForMailing(request)
        },
        "GetAggregateTrackingForOrg": { request, context in try EngageMailingReports(context).tracking(request, .org) },
        "GetAggregateTrackingForUser": { request, context in
            try EngageMailingReports(context).tracking(request, .user)
        },
    ]

    static let tables = [
        "engage_mailings", "engage_mailing_reports", "engage_mailing_sends", "engage_mailing_folders",
        "engage_mailing_data_folders", "engage_message_groups",
    ]

    /// `engage_mailings` holds templates, autoresponders and sent mailings (one id space, as Engage's template and
    /// mailing ids); `engage_mailing_reports` one row per sending (a report id); `engage_mailing_sends` one row per
    /// mailing sent to one contact (its SureFrom code).
    static func migrate(_ db: StateDB) throws {
        try db.execute(
            sql: """
                CREATE TABLE engage_mailings(
                    mailing_id TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, mailing_type TEXT NOT NULL,
                    active INTEGER NOT NULL DEFAULT 1, subject TEXT NOT NULL DEFAULT '',
                    from_name TEXT NOT NULL DEFAULT '', from_address TEXT NOT NULL DEFAULT '',
                    reply_to TEXT NOT NULL DEFAULT '', visibility INTEGER NOT NULL DEFAULT 1,
                    user_name TEXT NOT NULL, user_email TEXT NOT NULL, user_id TEXT NOT NULL,
                    folder_id TEXT, list_id TEXT, template_id TEXT,
                    html_body TEXT NOT NULL DEFAULT '', aol_body TEXT NOT NULL DEFAULT '',
                    text_body TEXT NOT NULL DEFAULT '', spam_score TEXT NOT NULL DEFAULT '0',
                    crm_enabled INTEGER NOT NULL DEFAULT 0, last_modified REAL NOT NULL);
                CREATE INDEX engage_mailings_by_kind ON engage_mailings(kind, last_modified);
                CREATE INDEX engage_mailings_by_name ON engage_mailings(name COLLATE NOCASE);
                CREATE TABLE engage_mailing_reports(
                    report_id INTEGER PRIMARY KEY, mailing_id TEXT NOT NULL, mailing_type TEXT NOT NULL,
                    list_id TEXT, parent_list_id TEXT, user_email TEXT NOT NULL, visibility INTEGER NOT NULL,
                    scheduled_at REAL NOT NULL, is_test INTEGER NOT NULL DEFAULT 0,
                    num_sent INTEGER NOT NULL DEFAULT 0, tracking TEXT NOT NULL DEFAULT '{}',
                    top_domains TEXT NOT NULL DEFAULT '[]', inbox_monitoring TEXT NOT NULL DEFAULT '[]',
                    clicks TEXT NOT NULL DEFAULT '[]', tags TEXT NOT NULL DEFAULT '[]');
                CREATE INDEX engage_mailing_reports_by_time ON engage_mailing_reports(scheduled_at);
                CREATE INDEX engage_mailing_reports_by_mailing ON engage_mailing_reports(mailing_id, scheduled_at);
                CREATE INDEX engage_mailing_reports_by_list ON engage_mailing_reports(list_id, scheduled_at);
                CREATE INDEX engage_mailing_reports_by_parent ON engage_mailing_reports(parent_list_id, scheduled_at);
                CREATE INDEX engage_mailing_reports_by_user ON engage_mailing_reports(user_email, scheduled_at);
                CREATE TABLE engage_mailing_sends(
                    send_id INTEGER PRIMARY KEY, mailing_id TEXT NOT NULL, report_id INTEGER NOT NULL,
                    list_id TEXT NOT NULL, recipient_id INTEGER NOT NULL, sent_at REAL NOT NULL,
                    sure_from_code TEXT NOT NULL UNIQUE, totals TEXT NOT NULL DEFAULT '{}');
                CREATE INDEX engage_mailing_sends_by_recipient ON engage_mailing_sends(list_id, recipient_id, sent_at);
                CREATE TABLE engage_mailing_folders(
                    folder_id TEXT PRIMARY KEY, object_type TEXT NOT NULL, path TEXT NOT NULL);
                CREATE UNIQUE INDEX engage_mailing_folders_by_path ON engage_mailing_folders(object_type, path);
                CREATE TABLE engage_mailing_data_folders(list_id TEXT PRIMARY KEY, folder_id TEXT NOT NULL);
                CREATE TABLE engage_message_groups(
                    message_group_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, name TEXT NOT NULL,
                    status TEXT NOT NULL, notes TEXT NOT NULL DEFAULT '', list_id TEXT NOT NULL,
                    event_trigger TEXT NOT NULL, tracking_level TEXT NOT NULL,
                    custom_event_date_column TEXT NOT NULL DEFAULT '', calendar_date TEXT NOT NULL DEFAULT '',
                    send_previous TEXT NOT NULL DEFAULT '', activation_date TEXT NOT NULL DEFAULT '',
                    completion_date TEXT NOT NULL DEFAULT '');
                """)
    }

    static func seed(_ db: StateDB) throws { try EngageMailingDemo.seed(db) }

    static func admin(
        _ method: String, _ route: [String], body: JSONValue, db: StateDB, now: Date
    ) throws -> CassetteResponse? {
        try EngageMailingAdmin.respond(method, route, body: body, db: db, now: now)
    }
}
