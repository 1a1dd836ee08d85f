import Foundation
import JSONCore
import LibXML

/// The elements each data-job request may hold, as its request XSD declares them
/// (`Schemas/engage/xsd/<operation>.xsd`; a test holds the two equal): a child element the XSD does not declare (or a
/// tag in another case, the tags being case-sensitive), markup inside a value, or a switch (`MOVE_TO_FTP`, `OPENS`, …)
/// holding anything but nothing, true or false is fault 51 Invalid XML Request, before the operation reads its values.
struct EngageJobShape: Sendable {
    /// The elements holding a value (the operation checks the value).
    var values: Set<String>
    /// The switches: empty, `true` or `false` in any case.
    var switches: Set<String>
    /// The children of the structured elements, by path (`EXPORT_COLUMNS`, `COLUMNS/COLUMN`).
    var nested: [String: Set<String>]

    func check(_ operation: XML.Element) throws(EngageFault) {
        for child in operation.elements {
            let name = child.name
            if switches.contains(name) {
                let text = child.text.trimmingWhitespace(newlines: true).lowercased()
                guard child.elements.isEmpty, ["", "true", "false"].contains(text) else {
                    throw .invalidXML("<\(name)> is a switch: empty, true or false")
                }
            } else if values.contains(name) {
                try check(child, path: name)
            } else {
                throw .invalidXML("<\(name)> is not an element of <\(operation.name)>")
            }
        }
    }

    private func check(_ element: XML.Element, path: String) throws(EngageFault) {
        guard let allowed = nested[path] else {
            guard element.elements.isEmpty else { throw .invalidXML("<\(element.name)> holds a value, not elements") }
            return
        }
        for child in element.elements {
            guard allowed.contains(child.name) else {
                throw .invalidXML("<\(child.name)> is not an element of <\(element.name)>")
            }
            try check(child, path: path + "/" + child.name)
        }
    }

    static let all: [String: EngageJobShape] = [
        "PurgeData": EngageJobShape(
            values: ["SOURCE_ID", "TARGET_ID"],
            switches: [],
            nested: [:]),
        "ImportList": EngageJobShape(
            values: ["EMAIL", "FILE_ENCODING", "MAP_FILE", "SOURCE_FILE"],
            switches: [],
            nested: [:]),
        "ImportTable": EngageJobShape(
            values: ["EMAIL", "FILE_ENCODING", "MAP_FILE", "SOURCE_FILE"],
            switches: [],
            nested: [:]),
        "ExportList": EngageJobShape(
            values: [
                "DATE_END", "DATE_START", "EMAIL", "EXPORT_COLUMNS", "EXPORT_FORMAT", "EXPORT_TYPE", "FILE_ENCODING",
                "LIST_DATE_FORMAT", "LIST_ID",
            ],
            switches: [
                "ADD_TO_STORED_FILES", "INCLUDE_LEAD_SOURCE", "INCLUDE_LIST_ID_IN_FILE", "INCLUDE_RECIPIENT_ID",
                "USE_CREATED_DATE",
            ],
            nested: ["EXPORT_COLUMNS": ["COLUMN"]]),
        "ExportTable": EngageJobShape(
            values: [
                "DATE_END", "DATE_START", "EMAIL", "EXPORT_FORMAT", "FILE_ENCODING", "TABLE_ID", "TABLE_NAME",
                "TABLE_VISIBILITY",
            ],
            switches: ["ADD_TO_STORED_FILES"],
            nested: [:]),
        "PurgeTable": EngageJobShape(
            values: ["DELETE_BEFORE", "EMAIL", "TABLE_ID", "TABLE_NAME", "TABLE_VISIBILITY"],
            switches: [],
            nested: [:]),
        "CalculateQuery": EngageJobShape(
            values: ["EMAIL", "QUERY_ID"],
            switches: [],
            nested: [:]),
        "TrackingMetricExport": EngageJobShape(
            values: [
                "EMAIL", "EXPORT_FORMAT", "LIST_ID", "MAILING_ID", "MAIL_TRACK_INTERVAL", "REPORT_ID", "SEND_DATE_END",
                "SEND_DATE_START",
            ],
            switches: [
                "AGGREGATE_ATTACHMENTS", "AGGREGATE_CLICKS", "AGGREGATE_CLICKSTREAMS", "AGGREGATE_CONVERSIONS",
                "AGGREGATE_MEDIA", "AGGREGATE_SUMMARY", "AGGREGATE_SUPPRESSIONS", "ALL_AGGREGATE_METRICS",
                "ALL_METRICS_FORWARDS", "EXCLUDE_IM_FROM_METRICS", "MOVE_TO_FTP", "TOP_DOMAINS",
            ],
            nested: [:]),
        "RawRecipientDataExport": EngageJobShape(
            values: [
                "CAMPAIGN_ID", "COLUMNS", "EMAIL", "EVENT_DATE_END", "EVENT_DATE_START", "EXPORT_FILE_NAME",
                "EXPORT_FORMAT", "FILE_ENCODING", "LIST_ID", "MAILING", "MAILING_ID", "REPORT_ID", "SEND_DATE_END",
                "SEND_DATE_START",
            ],
            switches: [
                "ALL_EVENT_TYPES", "ALL_NON_EXPORTED", "ATTACHMENTS", "AUTOMATED", "CAMPAIGN_ACTIVE",
                "CAMPAIGN_CANCELLED", "CAMPAIGN_COMPLETED", "CAMPAIGN_SCRAPE_TEMPLATE", "CLICKS", "CLICKSTREAMS",
                "CODED_TYPE_FIELDS", "CONVERSIONS", "EXCLUDE_DELETED", "FORWARDS", "FORWARDS_ONLY", "HARD_BOUNCES",
                "INCLUDE_CHILDREN", "INCLUDE_FORWARDS", "INCLUDE_INBOX_MONITORING", "INCLUDE_SEEDS",
                "INCLUDE_TEST_MAILINGS", "MAILING_RESTRICTIONS", "MAIL_BLOCKS", "MOVE_TO_FTP", "OPENS", "OPTINS",
                "OPTIN_CONFIRMATION", "OPTOUTS", "PRIVATE", "PROFILE_CONFIRMATION", "REPLY_ABUSE", "REPLY_COA",
                "REPLY_OTHER", "RETURN_CRM_CAMPAIGN_ID", "RETURN_FROM_ADDRESS", "RETURN_FROM_NAME",
                "RETURN_MAILING_NAME", "RETURN_PROGRAM_ID", "RETURN_SUBJECT", "SENDING", "SENT", "SENT_MAILINGS",
                "SHARED", "SMS_ERROR", "SMS_OPTOUT", "SMS_REJECT", "SOFT_BOUNCES", "SUPPRESSED",
            ],
            nested: [
                "COLUMNS": ["COLUMN"], "COLUMNS/COLUMN": ["NAME", "VALUE"], "MAILING": ["MAILING_ID", "REPORT_ID"],
            ]),
        "WebTrackingDataExport": EngageJobShape(
            values: [
                "COLUMNS", "DATABASE_ID", "DOMAINS", "EMAIL", "EVENT_DATE_END", "EVENT_DATE_START", "EXPORT_FILE_NAME",
                "EXPORT_FORMAT", "FILE_ENCODING", "SITES",
            ],
            switches: [
                "ALL_EVENT_TYPES", "INCLUDE_CLICK_EVENTS", "INCLUDE_CUSTOM_EVENTS", "INCLUDE_DOWNLOAD_EVENTS",
                "INCLUDE_FORM_SUBMIT_EVENTS", "INCLUDE_MEDIA_EVENTS", "INCLUDE_PAGE_VIEW_EVENTS",
                "INCLUDE_SHARE_TO_SOCIAL_EVENTS", "INCLUDE_SITE_VISIT_EVENTS", "MOVE_TO_FTP",
            ],
            nested: [
                "COLUMNS": ["COLUMN"], "COLUMNS/COLUMN": ["NAME", "VALUE"], "DOMAINS": ["DOMAIN_ID"],
                "SITES": ["SITE_ID"],
            ]),
        "GetJobStatus": EngageJobShape(
            values: ["JOB_ID"],
            switches: [],
            nested: [:]),
        "DeleteJob": EngageJobShape(
            values: ["JOB_ID"],
            switches: [],
            nested: [:]),
    ]
}
