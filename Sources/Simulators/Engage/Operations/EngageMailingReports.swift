import Foundation
import JSONCore

/// GetReportIdByDate, GetSentMailingsForOrg/User/List and GetAggregateTrackingForMailing/Org/User: the sendings
/// (reports) in a date range, read from one range of a `(…, scheduled_at)` index.
struct EngageMailingReports {
    let db: StateDB
    let now: Date

    init(_ context: EngageOperationContext) {
        db = context.db
        now = context.now
    }

    enum Scope { case org, user, list }

    // MARK: - GetReportIdByDate

    /// The report ids of MAILING_ID's sendings scheduled in the range (SentTS empty while still scheduled).
    /// Faults: 100 a missing element, 184 a date, 126 no such mailing.
    func reportIDs(_ request: EngageRequest) throws -> EngageResult {
        let id = try request.required("MAILING_ID")
        let range = try request.dateRange()
        guard try EngageMailing.find(db, id: id) != nil else { throw EngageFault.mailingNotFound }
        var result = EngageResult()
        for report in try reports(
            "mailing_id", id, range)
        {
            let sent = report.isSent(at: now) ? EngageMailingTime.short(report.scheduledAt) : ""
            result.raw("<Mailing><ReportId>\(report.id)</ReportId><SentTS>\(XMLText.text(sent))</SentTS></Mailing>")
        }
        return result
    }

    // MARK: - GetSentMailingsFor…

    /// The sendings scheduled in the range that pass the kind filters: every one for the organization; for a user,
    /// every one (the API user is an organization administrator, and the reference: "If the calling user is an Org
    /// Admin, all users' mailings are returned") or OPTIONALUSER's; for a list, those sent to LIST_ID (with
    /// INCLUDE_CHILDREN, to its queries and contact lists too). MAILING_COUNT_ONLY answers SentMailingsCount.
    /// Faults: 100 a missing element, 184 a date, 106 an unknown list.
    func sentMailings(_ request: EngageRequest, _ scope: Scope) throws -> EngageResult {
        let range = try request.dateRange()
        let lists = EngageMailingLists(db: db)
        var found: [EngageMailingReport]
        switch scope {
        case .org:
            found = try reports(nil, nil, range)
        case .user:
            let user = request.scalar("OPTIONALUSER").flatMap { $0.isEmpty ? nil : $0.lowercased() }
            found = try reports(user == nil ? nil : "user_email", user, range)
        case .list:
            let listID = try request.required("LIST_ID")
            guard try lists.exists(listID) else { throw EngageFault.listNotValid }
            found = try reports("list_id", listID, range)
            if request.isOn("INCLUDE_CHILDREN") {
                found += try reports("parent_list_id", listID, range)
                found.sort { ($0.scheduledAt, $0.id) < ($1.scheduledAt, $1.id) }
            }
        }
        let filter = EngageMailingKinds(request)
        found = found.filter { filter.matches($0, now: now) }
        if request.isOn("EXCLUDE_ZERO_SENT") { found = found.filter { $0.numSent > 0 } }
        var result = EngageResult()
        if request.isOn("MAILING_COUNT_ONLY") {
            result.add("SentMailingsCount", String(found.count))
            return result
        }
        let includeTags = request.isOn("INCLUDE_TAGS")
        var names: [String: String] = [:]
        for report in found {
            guard let mailing = try EngageMailing.find(db, id: report.mailingID) else { continue }
            var xml = "<Mailing><MailingId>\(XMLText.text(mailing.id))</MailingId><ReportId>\(report.id)</ReportId>"
            xml += "<ScheduledTS>\(EngageMailingTime.timestamp(report.scheduledAt))</ScheduledTS>"
            xml += "<MailingName>\(XMLText.text(mailing.name))</MailingName>"
            if let listID = report.listID {
                if names[listID] == nil { names[listID] = try lists.find(listID)?.name ?? "" }
                xml +=
                    "<ListName>\(XMLText.text(names[listID] ?? ""))</ListName><ListId>\(XMLText.text(listID))</ListId>"
            }
            if let parent = report.parentListID { xml += "<ParentListId>\(XMLText.text(parent))</ParentListId>" }
            xml += "<UserName>\(XMLText.text(mailing.userName))</UserName>"
            xml +=
                report.isSent(at: now)
                ? "<SentTS>\(EngageMailingTime.timestamp(report.scheduledAt))</SentTS>" : "<SentTS/>"
            xml += "<NumSent>\(report.numSent)</NumSent><Subject>\(XMLText.text(mailing.subject))</Subject>"
            xml += "<Visibility>\(report.visibility == 0 ? "Private" : "Shared")</Visibility>"
            if let template = mailing.templateID {
                xml += "<ParentTemplateId>\(XMLText.text(template))</ParentTemplateId>"
            }
            if includeTags {
                xml += "<Tags>" + report.tags.map { "<Tag>\(XMLText.text($0))</Tag>" }.joined() + "</Tags>"
            }
            result.raw(xml + "</Mailing>")
        }
        return result
    }

    // MARK: - GetAggregateTrackingFor…

    /// One sending's metrics. Faults: 100 a missing element, 126 no such sending of the mailing, 500 "Detailed report
    /// data for this mailing is not available at this time." while it is still scheduled.
    func trackingForMailing(_ request: EngageRequest) throws -> EngageResult {
        let mailingID = try request.required("MAILING_ID")
        let reportText = try request.required("REPORT_ID")
        guard let reportID = Int(reportText), let report = try EngageMailingReport.find(db, id: reportID),
            report.mailingID == mailingID
        else { throw EngageFault.mailingNotFound }
        guard report.isSent(at: now) else {
            throw EngageFault(
                500, "Detailed report data for this mailing is not available at this time. Please try again later.")
        }
        return try tracking([report], request)
    }

    /// The metrics of the sendings sent in the range that pass the kind filters: the organization's, or one user's
    /// (OPTIONALUSER, else the API user: the reference's "a user other than the current user who created the
    /// session"). Faults: 100 a missing element, 184 a date.
    func tracking(_ request: EngageRequest, _ scope: Scope) throws -> EngageResult {
        let range = try request.dateRange()
        let sent = range.lowerBound...min(range.upperBound, now)
        var found: [EngageMailingReport] = []
        if range.lowerBound <= now {
            if scope == .org {
                found = try reports(nil, nil, sent)
            } else {
                let user =
                    request.scalar("OPTIONALUSER").flatMap { $0.isEmpty ? nil : $0 } ?? EngageMailingDemo.apiUserEmail
                found = try reports("user_email", user.lowercased(), sent)
            }
        }
        let filter = EngageMailingKinds(request)
        return try tracking(found.filter { filter.matches($0, now: now) }, request)
    }

    /// The `Mailing` metrics of each report in the documented order (a count not stored is 0), then TopDomains,
    /// InboxMonitored and Clicks when asked.
    private func tracking(_ found: [EngageMailingReport], _ request: EngageRequest) throws -> EngageResult {
        var result = EngageResult()
        for report in found {
            let name = try EngageMailing.find(db, id: report.mailingID)?.name ?? ""
            var xml =
                "<Mailing><MailingId>\(XMLText.text(report.mailingID))</MailingId><ReportId>\(report.id)</ReportId>"
            xml += "<MailingName>\(XMLText.text(name))</MailingName>"
            xml += "<SentDateTime>\(EngageMailingTime.timestamp(report.scheduledAt))</SentDateTime>"
            xml += "<NumSent>\(report.numSent)</NumSent>"
            for metric in Self.metrics {
                xml += "<\(metric)>\(report.tracking[metric]?.numberValue?.text ?? "0")</\(metric)>"
            }
            result.raw(xml + "</Mailing>")
        }
        for (flag, wrapper, item, fields, rows) in [
            ("TOP_DOMAIN", "TopDomains", "TopDomain", Self.topDomainFields, \EngageMailingReport.topDomains),
            ("INBOX_MONITORING", "InboxMonitored", "InboxMonitoring", Self.inboxFields, \.inboxMonitoring),
            ("PER_CLICK", "Clicks", "Click", Self.clickFields, \.clicks),
        ] where request.isOn(flag) {
            var xml = "<\(wrapper)>"
            for report in found {
                for entry in report[keyPath: rows] {
                    xml +=
                        "<\(item)><MailingId>\(XMLText.text(report.mailingID))</MailingId><ReportId>\(report.id)</ReportId>"
                    for field in fields {
                        let value = entry[field]
                        let text =
                            value?.stringValue ?? value?.numberValue?.text
                            ?? (field.hasPrefix("Link") || field == "Domain" ? "" : "0")
                        xml += text.isEmpty ? "<\(field)/>" : "<\(field)>\(XMLText.text(text))</\(field)>"
                    }
                    xml += "</\(item)>"
                }
            }
            result.raw(xml + "</\(wrapper)>")
        }
        return result
    }

    /// The metrics after NumSent, in the order of the samples (IBM tutorial, the PHP connector's fixture).
    static let metrics = [
        "NumSeeds", "NumSuppressed", "NumInboxMonitored", "NumBounceHard", "NumBounceSoft", "NumUniqueOpen",
        "NumGrossOpen", "NumUniqueClick", "NumGrossClick", "NumUniqueAttach", "NumGrossAttach", "NumUniqueClickstreams",
        "NumGrossClickstreams", "NumUniqueMedia", "NumGrossMedia", "NumGrossAbuse", "NumGrossChangeAddress",
        "NumGrossMailBlock", "NumGrossMailRestriction", "NumGrossOther", "NumConversions", "NumConversionAmount",
        "NumBounceHardFwd", "NumBounceSoftFwd", "NumConversionAmountFwd", "NumAttachOpenFwd", "NumClickFwd",
        "NumUniqueForwardFwd", "NumGrossForwardFwd", "NumUniqueConversionsFwd", "NumGrossConversionsFwd",
        "NumUniqueClickstreamFwd", "NumGrossClickstreamFwd", "NumUniqueClickFwd", "NumGrossClickFwd",
        "NumUniqueAttachOpenFwd", "NumGrossAttachOpenFwd", "NumUniqueMediaFwd", "NumGrossMediaFwd", "NumUniqueOpenFwd",
        "NumGrossOpenFwd", "NumAbuseFwd", "NumChangeAddressFwd", "NumMailRestrictionFwd", "NumMailBlockFwd",
        "NumOtherFwd", "NumSuppressedFwd", "NumUnsubscribes",
    ]
    static let topDomainFields = [
        "Domain", "Sent", "Bounce", "Open", "Click", "Unsubscribe", "Conversion", "Reply_abuse", "Reply_mail_block",
        "Reply_mail_restriction",
    ]
    static let inboxFields = ["Domain", "Sent", "Inbox", "Bulk", "NotReceived"]
    static let clickFields = ["LinkName", "LinkURL", "TotalHTML", "TotalAOL", "TotalWEB", "TotalTEXT"]

    /// The reports scheduled in `range` (whose `column` is `key`, when given), oldest first: one range of the
    /// `(column, scheduled_at)` index, or of `scheduled_at`'s.
    private func reports(_ column: String?, _ key: String?, _ range: ClosedRange<Date>) throws -> [EngageMailingReport]
    {
        let bounds: StateArguments = [
            range.lowerBound.timeIntervalSince1970, range.upperBound.timeIntervalSince1970,
        ]
        let sql: String
        var arguments: StateArguments = []
        if let column, let key {
            sql = "SELECT * FROM engage_mailing_reports WHERE \(column) = ? AND scheduled_at BETWEEN ? AND ?"
            arguments = [key]
        } else {
            sql = "SELECT * FROM engage_mailing_reports WHERE scheduled_at BETWEEN ? AND ?"
        }
        arguments.append(contentsOf: bounds)
        return try StateRow.fetchAll(
            db.cachedStatement(sql: sql + " ORDER BY scheduled_at, report_id"), arguments: arguments
        )
        .map(EngageMailingReport.init(row:))
    }
}

/// The mailing-kind elements of the listing and tracking operations. With no kind element every kind is listed;
/// with some, a sending is listed when one of them names it: SENT and SCHEDULED (which includes SENDING; the
/// simulator sends at once, so SENDING alone lists nothing) a scheduled mailing by the simulator clock, AUTOMATED,
/// OPTIN_CONFIRMATION and PROFILE_CONFIRMATION an autoresponder's, CAMPAIGN_ACTIVE a message group's (the demo groups
/// that send are active; CAMPAIGN_COMPLETED, CAMPAIGN_CANCELLED and CAMPAIGN_SCRAPE_TEMPLATE list nothing, assumed).
/// PRIVATE or SHARED alone keeps that visibility; EXCLUDE_TEST_MAILINGS leaves out test sendings.
struct EngageMailingKinds {
    var kinds: Set<String> = []
    var visibility: Int?
    var excludeTests: Bool

    init(_ request: EngageRequest) {
        for kind in [
            "SENT", "SCHEDULED", "SENDING", "AUTOMATED", "OPTIN_CONFIRMATION", "PROFILE_CONFIRMATION",
            "CAMPAIGN_ACTIVE", "CAMPAIGN_COMPLETED", "CAMPAIGN_CANCELLED", "CAMPAIGN_CANCELED",
            "CAMPAIGN_SCRAPE_TEMPLATE",
        ] where request.isOn(kind) {
            kinds.insert(kind)
        }
        switch (request.isOn("PRIVATE"), request.isOn("SHARED")) {
        case (true, false): visibility = 0
        case (false, true): visibility = 1
        default: visibility = nil
        }
        excludeTests = request.isOn("EXCLUDE_TEST_MAILINGS")
    }

    func matches(_ report: EngageMailingReport, now: Date) -> Bool {
        if let visibility, report.visibility != visibility { return false }
        if excludeTests && report.isTest { return false }
        guard !kinds.isEmpty else { return true }
        switch report.type {
        case "Standard": return kinds.contains(report.isSent(at: now) ? "SENT" : "SCHEDULED")
        case "Automated": return kinds.contains("AUTOMATED")
        case "OptIn": return kinds.contains("OPTIN_CONFIRMATION")
        case "EditProfile": return kinds.contains("PROFILE_CONFIRMATION")
        case "Campaign": return kinds.contains("CAMPAIGN_ACTIVE")
        default: return false
        }
    }
}
