import Foundation
import JSONCore

/// A UTC calendar date and time, computed arithmetically (no `DateFormatter`, no time zone database), so the
/// timestamps EngageSDK writes are fast and the same on every machine.
struct CivilTime: Hashable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    var millisecond: Int

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// The largest distance from 1970 in milliseconds that dates are written with: the end of the year 9999.
    static let maximumMilliseconds: Int64 = 253_402_300_799_999

    /// `date` as whole milliseconds since 1970, truncated, and clamped to the years 0000–9999 so that a date from
    /// input (a campaign valid for millions of years) never overflows.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000 + 0.001).rounded(.down)
        guard !value.isNaN else { return 0 }
        let limit = Double(maximumMilliseconds)
        return Int64(min(max(value, -limit), limit))
    }

    /// The UTC fields of `date`, truncated to whole milliseconds (see ``milliseconds(_:)`` for the range).
    init(_ date: Date) {
        let totalMilliseconds = Self.milliseconds(date)
        let (days, rest) = CivilDays.days(totalMilliseconds, unitsPerDay: 86_400_000)
        let (year, month, day) = CivilDays.date(days: days)
        self.init(
            year: Int(year),
            month: Int(month),
            day: Int(day),
            hour: Int(rest / 3_600_000),
            minute: Int(rest / 60_000 % 60),
            second: Int(rest / 1000 % 60),
            millisecond: Int(rest % 1000)
        )
    }

    /// The instant these UTC fields name, or nil when a field is out of range.
    var date: Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second)
        else { return nil }
        let days = CivilDays.days(year: Int64(year), month: Int64(month), day: Int64(day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Date(timeIntervalSince1970: Double(seconds * 1000 + Int64(millisecond)) / 1000)
    }

    /// `2015-01-28T01:39:53.123Z`: the UBF `eventTimestamp` (`yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`, UTC).
    var ubfTimestamp: String {
        var json = JSONText(capacity: 24)
        json.ubfTimestamp(self)
        return json.text
    }

    /// `01/28/2015 01:36:50 GMT`: the iOS SDK's `nowGmtString` (`MM/dd/yyyy HH:mm:ss zzz`).
    var gmtString: String {
        "\(pad(month))/\(pad(day))/\(pad(year, 4)) \(pad(hour)):\(pad(minute)):\(pad(second)) GMT"
    }

    /// Formats with a small subset of date-format patterns: `yyyy`, `MM`, `dd`, `HH`, `mm`, `ss`, and quoted
    /// literals (`'-'`), as `LocationServices.lastKnownLocationDateFormat` uses them.
    func formatted(_ pattern: String) -> String {
        var output = ""
        var characters = Substring(pattern)
        while let first = characters.first {
            if first == "'" {
                let rest = characters.dropFirst()
                let end = rest.firstIndex(of: "'") ?? rest.endIndex
                output += rest[..<end]
                characters = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
                continue
            }
            let run = characters.prefix { $0 == first }
            characters = characters.dropFirst(run.count)
            switch (first, run.count) {
            case ("y", 4): output += pad(year, 4)
            case ("y", 2): output += pad(year % 100)
            case ("M", 2): output += pad(month)
            case ("d", 2): output += pad(day)
            case ("H", 2): output += pad(hour)
            case ("m", 2): output += pad(minute)
            case ("s", 2): output += pad(second)
            default: output += run
            }
        }
        return output
    }

    /// Reads `2014/12/25 11:12:13` (`yyyy/MM/dd HH:mm:ss`) as UTC.
    static func parseAbsolute(_ text: Substring) -> Date? {
        let digits = text.compactMap { $0.wholeNumberValue }
        guard digits.count == 14 else { return nil }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        return CivilTime(
            year: number(0..<4), month: number(4..<6), day: number(6..<8),
            hour: number(8..<10), minute: number(10..<12), second: number(12..<14)
        ).date
    }
}

private func pad(_ value: Int, _ width: Int = 2) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}

extension JSONText {
    /// Appends `2015-01-28T01:39:53.123Z` (no quotes).
    mutating func ubfTimestamp(_ time: CivilTime) {
        // Written out field by field: this runs for every stored and posted event, and a table of fields
        // would be allocated on each call.
        field(time.year, width: 4, then: "-")
        field(time.month, width: 2, then: "-")
        field(time.day, width: 2, then: "T")
        field(time.hour, width: 2, then: ":")
        field(time.minute, width: 2, then: ":")
        field(time.second, width: 2, then: ".")
        field(time.millisecond, width: 3, then: "Z")
    }

    private mutating func field(_ value: Int, width: Int, then separator: StaticString) {
        digits(value, width: width)
        raw(separator)
    }
}
