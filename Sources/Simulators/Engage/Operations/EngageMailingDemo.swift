import Foundation
import JSONCore

/// The mailings, folders and message groups a fresh simulator starts with, dated before the flow epoch
/// (2026-01-01T00:00:00Z) so that the reporting operations have a December to list, with one mailing still scheduled
/// after it. Ids are fixed (templates 41xx, autoresponders 42xx, sent mailings 43xx, reports 73xx); the operations
/// and the admin API number new ones from 10001 (mailings) and 20001 (reports).
enum EngageMailingDemo {
    /// The user the API calls are made as (an organization administrator, assumed): it schedules the mailings of
    /// ScheduleMailing and is the "current user" of GetAggregateTrackingForUser.
    static let apiUserName = "ContractHarness API"
    static let apiUserEmail = "api.user@example.com"
    static let apiUserID = "sim-user-1"
    /// A second user, who sent some of the demo mailings.
    static let marketerName = "Demo Marketer"
    static let marketerEmail = "marketer@example.com"
    static let marketerID = "sim-user-2"

    static let newslettersFolder = "3f2a1c0-18b9e7d4c20-5c1f0e9d8b7a6c5d4e3f2a1b0c9d8e7f"
    static let promotionsFolder = "3f2a1c1-18b9e7d4c21-5c1f0e9d8b7a6c5d4e3f2a1b0c9d8e7f"
    static let autorespondersFolder = "3f2a1c2-18b9e7d4c22-5c1f0e9d8b7a6c5d4e3f2a1b0c9d8e7f"
    static let draftsFolder = "3f2a1c3-18b9e7d4c23-5c1f0e9d8b7a6c5d4e3f2a1b0c9d8e7f"
    /// A data folder a user can file lists in (admin `POST /mailing-folders` with `lists`).
    static let mobileDataFolder = "7001"
    /// The data roots the list operations file lists in (`EngageContactOperations`' shared and private root folder
    /// ids): the demo database and audit table, made without a folder, sit in the shared root.
    static let sharedDataRoot = "1000"
    static let privateDataRoot = "1001"

    static func date(_ iso: String) -> Date { RFC3339.date(from: iso) ?? Date(timeIntervalSince1970: 0) }

    static func seed(_ db: StateDB) throws {
        let list = EngageSchema.defaultListID
        for (id, type, path) in [
            (newslettersFolder, "Mailing", "Shared/Newsletters"),
            (promotionsFolder, "Mailing", "Shared/Promotions/January"),
            (autorespondersFolder, "Mailing", "Shared/Autoresponders"),
            (draftsFolder, "Mailing", "Private/Drafts"),
            (sharedDataRoot, "Data", "Shared"), (privateDataRoot, "Data", "Private"),
            (mobileDataFolder, "Data", "Shared/Mobile App"),
        ] {
            try db.execute(
                sql: "INSERT INTO engage_mailing_folders(folder_id, object_type, path) VALUES (?, ?, ?)",
                arguments: [id, type, path])
        }
        for mailing in mailings(list: list) { try mailing.insert(db) }
        for report in try reports(db) { try report.insert(db) }
        try db.execute(
            sql: """
                INSERT INTO engage_message_groups(
                    message_group_id, user_id, name, status, notes, list_id, event_trigger, tracking_level,
                    custom_event_date_column, calendar_date, send_previous, activation_date, completion_date)
                VALUES ('59294', ?, 'Welcome Campaign', 'Active', 'Mailings are sent when a subscription begins.', ?,
                        'CustomEventDate', 'Unique', 'Subscription Date', '', 'false', '11/03/2025', '12/31/2026'),
                       ('59295', ?, 'Spring Drip', 'Draft', '', ?, 'CalendarDate', 'Aggregate', '', '03/20/2026',
                        '', '', '')
                """, arguments: [marketerID, list, apiUserID, list])
    }

    private static func mailings(list: String) -> [EngageMailing] {
        func template(
            _ id: String, _ name: String, subject: String, visibility: Int, folder: String, modified: String,
            crm: Bool = false, user: (String, String, String) = (marketerName, marketerEmail, marketerID)
        ) -> EngageMailing {
            var mailing = EngageMailing(
                id: id, name: name, kind: .template, type: "Standard", lastModified: date(modified))
            mailing.subject = subject
            mailing.fromName = "Mobile Team"
            mailing.fromAddress = "news@example.com"
            mailing.replyTo = "reply@example.com"
            mailing.visibility = visibility
            mailing.folderID = folder
            mailing.listID = list
            mailing.crmEnabled = crm
            (mailing.userName, mailing.userEmail, mailing.userID) = user
            mailing.htmlBody = "<html><body><p>Hello %%Email%%,</p><p>\(subject).</p></body></html>"
            mailing.textBody = "Hello %%Email%%, \(subject)."
            mailing.spamScore = "0.4"
            return mailing
        }
        let welcome = template(
            "4101", "Welcome Newsletter", subject: "Welcome to the app", visibility: 1, folder: newslettersFolder,
            modified: "2025-11-03T14:20:00Z")
        let promotion = template(
            "4102", "January Promotion", subject: "Our January offers", visibility: 1, folder: promotionsFolder,
            modified: "2025-12-10T17:45:00Z", crm: true)
        let draft = template(
            "4103", "Draft Announcement", subject: "Something new is coming", visibility: 0, folder: draftsFolder,
            modified: "2025-12-01T08:00:00Z", user: (apiUserName, apiUserEmail, apiUserID))

        func autoresponder(_ id: String, _ name: String, type: String, active: Bool, subject: String) -> EngageMailing {
            var mailing = template(
                id, name, subject: subject, visibility: 1, folder: autorespondersFolder,
                modified: "2025-10-01T09:00:00Z")
            mailing.kind = .autoresponder
            mailing.type = type
            mailing.active = active
            return mailing
        }
        func sent(
            _ id: String, _ name: String, from source: EngageMailing, visibility: Int, user: (String, String, String)
        ) -> EngageMailing {
            var mailing = source
            mailing.id = id
            mailing.name = name
            mailing.kind = .sent
            mailing.templateID = source.id
            mailing.visibility = visibility
            (mailing.userName, mailing.userEmail, mailing.userID) = user
            return mailing
        }
        let marketer = (marketerName, marketerEmail, marketerID)
        let api = (apiUserName, apiUserEmail, apiUserID)
        return [
            welcome, promotion, draft,
            autoresponder(
                "4201", "Order Confirmation", type: "Automated", active: true, subject: "Your order is confirmed"),
            autoresponder("4202", "Legacy Welcome", type: "Automated", active: false, subject: "Welcome back"),
            autoresponder("4203", "Opt-in Confirmation", type: "OptIn", active: true, subject: "Please confirm"),
            sent("4301", "December Newsletter", from: welcome, visibility: 1, user: marketer),
            sent("4302", "Holiday Promotion", from: promotion, visibility: 0, user: api),
            sent("4303", "New Year Sale", from: promotion, visibility: 1, user: api),
            sent("4304", "Holiday Promotion Test", from: promotion, visibility: 0, user: api),
        ]
    }

    private static func reports(_ db: StateDB) throws -> [EngageMailingReport] {
        func report(
            _ mailingID: String, _ id: Int, _ iso: String, sent: Int, test: Bool = false,
            tracking: [(String, Int)] = []
        ) throws -> EngageMailingReport {
            guard let mailing = try EngageMailing.find(db, id: mailingID) else { throw EngageFault.mailingNotFound }
            var report = EngageMailingReport(mailing: mailing, id: id, scheduledAt: date(iso))
            report.numSent = sent
            report.isTest = test
            report.tracking = JSONObject(tracking.map { ($0.0, .number(JSONNumber($0.1))) })
            return report
        }
        var newsletter = try report(
            "4301", 7301, "2025-12-15T09:00:00Z", sent: 1200,
            tracking: [
                ("NumSeeds", 2), ("NumSuppressed", 12), ("NumInboxMonitored", 3), ("NumBounceHard", 8),
                ("NumBounceSoft", 21), ("NumUniqueOpen", 540), ("NumGrossOpen", 910), ("NumUniqueClick", 130),
                ("NumGrossClick", 205), ("NumGrossAbuse", 1), ("NumConversions", 14), ("NumUnsubscribes", 6),
            ])
        newsletter.tags = ["newsletter", "december"]
        newsletter.topDomains = [
            ["Domain": "gmail.com", "Sent": 700, "Bounce": 11, "Open": 330, "Click": 80, "Unsubscribe": 4],
            ["Domain": "yahoo.com", "Sent": 300, "Bounce": 9, "Open": 120, "Click": 30, "Unsubscribe": 1],
        ]
        newsletter.inboxMonitoring = [["Domain": "gmail.com", "Sent": 3, "Inbox": 2, "Bulk": 1, "NotReceived": 0]]
        newsletter.clicks = [
            ["LinkName": "Read more", "LinkURL": "https://example.com/news", "TotalHTML": 150, "TotalTEXT": 10],
            ["LinkName": "App Store", "LinkURL": "https://example.com/app", "TotalHTML": 45],
        ]
        let promotion = try report(
            "4302", 7302, "2025-12-20T15:30:00Z", sent: 800,
            tracking: [("NumUniqueOpen", 310), ("NumGrossOpen", 402), ("NumUniqueClick", 77), ("NumGrossClick", 98)])
        let scheduled = try report("4303", 7303, "2026-01-05T09:00:00Z", sent: 0)
        let confirmation = try report(
            "4201", 7304, "2025-12-18T10:15:00Z", sent: 35, tracking: [("NumUniqueOpen", 30), ("NumGrossOpen", 41)])
        let test = try report("4304", 7305, "2025-12-19T12:00:00Z", sent: 5, test: true)
        return [newsletter, promotion, scheduled, confirmation, test]
    }
}
