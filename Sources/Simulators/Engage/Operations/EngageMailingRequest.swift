import Foundation
import JSONCore
import LibXML

/// How the mailing and reporting operations read their elements.
extension EngageRequest {
    /// The trimmed, non-empty text of `name`, else fault 100 "Parameter … was not provided in API call." (the SDK's
    /// XMLAPIErrorCode 100, which names the missing element).
    func required(_ name: String) throws(EngageFault) -> String {
        guard let text = scalar(name), !text.isEmpty else { throw .notProvided(name) }
        return text
    }

    /// Whether a flag that counts by its presence (`<SENT/>`, `<SEND_HTML>true</SEND_HTML>`) is on: present and not
    /// `false`.
    func isOn(_ name: String) -> Bool {
        guard let text = scalar(name) else { return false }
        return text.lowercased() != "false"
    }

    /// A date element read with ``EngageMailingTime/parse(_:)``: nil when absent, fault 100 when `required` and
    /// absent, fault 184 when unreadable.
    func date(_ name: String, required isRequired: Bool) throws(EngageFault) -> Date? {
        guard let text = scalar(name), !text.isEmpty else {
            if isRequired { throw .notProvided(name) }
            return nil
        }
        guard let date = EngageMailingTime.parse(text) else { throw .dateError(name, text) }
        return date
    }

    /// `DATE_START` and `DATE_END`, both required; an end before the start is fault 184.
    func dateRange() throws(EngageFault) -> ClosedRange<Date> {
        guard let start = try date("DATE_START", required: true), let end = try date("DATE_END", required: true) else {
            throw .notProvided("DATE_START")
        }
        guard start <= end else {
            throw EngageFault(184, "Error in the dates: DATE_END is before DATE_START.")
        }
        return start...end
    }

    /// `<COLUMN><Name>n</Name><Value>v</Value></COLUMN>` children of `container` (`NAME`/`VALUE` accepted alike); a
    /// COLUMN without a name is fault 316.
    func keyColumns(_ container: String) throws(EngageFault) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for column in element.first(container)?.all("COLUMN") ?? [] {
            let name =
                (column.first("Name") ?? column.first("NAME"))?.text
                .trimmingWhitespace(newlines: true) ?? ""
            guard !name.isEmpty else {
                throw EngageFault(316, "Invalid XML in request: COLUMN Element found without a NAME.")
            }
            pairs.append((name: name, value: (column.first("Value") ?? column.first("VALUE"))?.text ?? ""))
        }
        return pairs
    }
}

extension EngageFault {
    /// Fault 100, XMLAPIErrorCode's "Parameter x was not provided in API call".
    static func notProvided(_ name: String) -> EngageFault {
        EngageFault(100, "Parameter \(name) was not provided in API call.")
    }

    /// Fault 184, XMLAPIErrorCode's DATE_ERROR ("numerous errors related to dates"); the text is assumed.
    static func dateError(_ name: String, _ text: String) -> EngageFault {
        EngageFault(184, "Error in the dates: \(name) '\(text)' is not a date in the format mm/dd/yyyy hh:mm:ss.")
    }

    /// Fault 126, XMLAPIErrorCode's MAILING_DOES_NOT_EXIST.
    static let mailingNotFound = EngageFault(126, "Mailing does not exist.")
    /// Fault 104, XMLAPIErrorCode's VISIBILITY_NOT_VALID.
    static let visibilityNotValid = EngageFault(104, "Visibility is not valid.")
    /// Fault 106, XMLAPIErrorCode's LIST_ID_NOT_VALID.
    static let listNotValid = EngageFault(106, "List ID is not valid.")
}

/// The date forms of the mailing and reporting operations. Engage reads and writes them in the organization's time
/// zone; the simulator's organization is on UTC (assumed).
enum EngageMailingTime {
    /// A request date: `mm/dd/yyyy hh:mm:ss` (the reference's form; the time, its seconds, a two-digit year and a
    /// trailing `AM`/`PM` as ScheduleMailing's `SCHEDULED` has are accepted), nil when it is not one.
    static func parse(_ text: String) -> Date? {
        let pattern = #/(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})\s*(?:(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?/#
        guard let match = text.trimmingWhitespace().wholeMatch(of: pattern),
            let month = Int(match.1), let day = Int(match.2), var year = Int(match.3)
        else { return nil }
        if match.3.count == 2 { year += 2000 }
        var hour = match.4.flatMap { Int($0) } ?? 0
        let minute = match.5.flatMap { Int($0) } ?? 0
        let second = match.6.flatMap { Int($0) } ?? 0
        if let meridiem = match.7?.lowercased() {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: parts), calendar.component(.day, from: date) == day else { return nil }
        return date
    }

    /// `2025-12-15 09:00:00.0`: `ScheduledTS`, `SentTS` of the sent-mailing listings, `SentDateTime` of tracking.
    static func timestamp(_ date: Date) -> String {
        let p = parts(date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d.0", p.year ?? 0, p.month ?? 0, p.day ?? 0, p.hour ?? 0,
            p.minute ?? 0, p.second ?? 0)
    }

    /// `12/15/2025 09:00:00 GMT`: `SENT_TIMESTAMP` of GetContactMailingDetails.
    static func gmt(_ date: Date) -> String {
        let p = parts(date)
        return String(
            format: "%02d/%02d/%04d %02d:%02d:%02d GMT", p.month ?? 0, p.day ?? 0, p.year ?? 0, p.hour ?? 0,
            p.minute ?? 0, p.second ?? 0)
    }

    /// `12/15/25 9:00 AM`: `SentTS` of ListRecipientMailings and GetReportIdByDate, `LAST_MODIFIED` of templates.
    static func short(_ date: Date) -> String { EngageTime.listDate(date) }

    /// Reads ``short(_:)`` back (the recipients' `created_at`); minute precision.
    static func parseShort(_ text: String) -> Date? {
        let pieces = text.split(separator: " ")
        guard pieces.count == 3 else { return nil }
        return parse("\(pieces[0]) \(pieces[1]):00 \(pieces[2])")
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return calendar
    }()

    private static func parts(_ date: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }
}
