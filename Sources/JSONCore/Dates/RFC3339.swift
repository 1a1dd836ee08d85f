public import Foundation

/// RFC 3339 timestamps (section 5.6), read byte by byte: the one reader the simulators, the contract check's
/// `date-time`, `date` and `time` formats and the provider check share; ``milliseconds(_:)`` writes them as
/// Foundation's `Date.ISO8601FormatStyle` does with fractional seconds.
///
/// The rules: `YYYY-MM-DD` with four-digit years (`0000`–`9999`) and days that exist in that month and year; `T`
/// or `t`; `hh:mm:ss` with hours up to 23, minutes up to 59 and a second of 60 only for a leap second (23:59:60 in
/// UTC, whatever the offset); optional fractional seconds of one or more digits; and `Z`, `z` or an offset
/// `+hh:mm`/`-hh:mm` (hours up to 23, minutes up to 59). Nothing may come before or after.
public enum RFC3339 {
    /// The instant a date-time names, or nil when `text` is not an RFC 3339 date-time. A leap second reads as the
    /// first instant of the next minute (POSIX time has no leap seconds); fractional digits past nanoseconds are
    /// ignored.
    public static func date(from text: some StringProtocol) -> Date? {
        guard let stamp = Stamp(Array(text.utf8)[...]) else { return nil }
        return stamp.date
    }

    /// Whether `text` is an RFC 3339 `date-time` (`2026-01-01T00:00:00.000Z`, `…+02:00`).
    public static func isDateTime(_ text: some StringProtocol) -> Bool {
        Stamp(Array(text.utf8)[...]) != nil
    }

    /// Whether `text` is an RFC 3339 `full-date` (`2026-01-01`).
    public static func isFullDate(_ text: some StringProtocol) -> Bool {
        Stamp.day(Array(text.utf8)[...]) != nil
    }

    /// Whether `text` is an RFC 3339 `full-time` (`23:59:60Z`, `10:00:00.5+02:00`).
    public static func isFullTime(_ text: some StringProtocol) -> Bool {
        Stamp.time(Array(text.utf8)[...]) != nil
    }
}

/// The fields of a date-time, each checked for range.
private struct Stamp {
    var year = 0
    var month = 0
    var day = 0
    var clock = TimeOfDay()

    struct TimeOfDay {
        var hour = 0
        var minute = 0
        var second = 0
        var fraction = 0
        var fractionDigits = 0
        /// East of UTC, in seconds.
        var offset = 0
    }

    init?(_ bytes: ArraySlice<UInt8>) {
        let start = bytes.startIndex
        guard bytes.count > 11, bytes[start + 10] == UInt8(ascii: "T") || bytes[start + 10] == UInt8(ascii: "t"),
            let day = Self.day(bytes[start..<(start + 10)]), let clock = Self.time(bytes[(start + 11)...])
        else { return nil }
        (year, month, self.day) = day
        self.clock = clock
    }

    static func day(_ bytes: ArraySlice<UInt8>) -> (year: Int, month: Int, day: Int)? {
        let start = bytes.startIndex
        guard bytes.count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let year = number(bytes, at: start, digits: 4), let month = number(bytes, at: start + 5, digits: 2),
            let day = number(bytes, at: start + 8, digits: 2), (1...12).contains(month), day >= 1
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1] ? (year, month, day) : nil
    }

    static func time(_ bytes: ArraySlice<UInt8>) -> TimeOfDay? {
        let start = bytes.startIndex
        guard bytes.count >= 9, bytes[start + 2] == UInt8(ascii: ":"), bytes[start + 5] == UInt8(ascii: ":"),
            let hour = number(bytes, at: start, digits: 2), let minute = number(bytes, at: start + 3, digits: 2),
            let second = number(bytes, at: start + 6, digits: 2), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var clock = TimeOfDay(hour: hour, minute: minute, second: second)
        var index = start + 8
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digits = bytes[index...].prefix { (0x30...0x39).contains($0) }
            guard !digits.isEmpty else { return nil }
            for digit in digits.prefix(9) { clock.fraction = clock.fraction * 10 + Int(digit - 0x30) }
            clock.fractionDigits = min(digits.count, 9)
            index += digits.count
        }
        guard index < bytes.endIndex else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.endIndex else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard bytes.endIndex - index == 6, bytes[index + 3] == UInt8(ascii: ":"),
                let offsetHour = number(bytes, at: index + 1, digits: 2),
                let offsetMinute = number(bytes, at: index + 4, digits: 2), offsetHour <= 23, offsetMinute <= 59
            else { return nil }
            clock.offset = (offsetHour * 3600 + offsetMinute * 60) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return nil
        }
        if second == 60 {
            // A leap second happens at 23:59:60 UTC only.
            let utc = ((hour * 3600 + minute * 60 - clock.offset) % 86_400 + 86_400) % 86_400
            guard utc == 23 * 3600 + 59 * 60 else { return nil }
        }
        return clock
    }

    /// The decimal value of `digits` ASCII digits at `start`, or nil.
    private static func number(_ bytes: ArraySlice<UInt8>, at start: Int, digits: Int) -> Int? {
        guard start >= bytes.startIndex, start + digits <= bytes.endIndex else { return nil }
        var value = 0
        for byte in bytes[start..<(start + digits)] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    var date: Date {
        let days = Int(CivilDays.days(year: Int64(year), month: Int64(month), day: Int64(day)))
        let seconds = days * 86_400 + clock.hour * 3600 + clock.minute * 60 + clock.second - clock.offset
        if clock.fractionDigits <= 3 {
            // Whole milliseconds, divided once: the same Date Foundation's ISO 8601 parsers give.
            var milliseconds = clock.fraction
            for _ in clock.fractionDigits..<3 { milliseconds *= 10 }
            return Date(timeIntervalSince1970: Double(seconds * 1000 + milliseconds) / 1000)
        }
        var nanoseconds = clock.fraction
        for _ in clock.fractionDigits..<9 { nanoseconds *= 10 }
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }
}
