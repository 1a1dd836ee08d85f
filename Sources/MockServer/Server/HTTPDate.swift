import Foundation
import JSONCore

/// The `Date` header of responses the server writes itself (RFC 9110 §5.6.7, IMF-fixdate), formatted once a
/// second like Hummingbird's own.
package final class HTTPDate: Sendable {
    package init() {}

    private let cached = Locked<(second: Int64, text: String)>((Int64.min, ""))

    /// The header value for `date`, from the cache when the second has not changed.
    func text(for date: Date) -> String { text(secondsSince1970: date.timeIntervalSince1970) }

    /// The header value for a time in seconds since 1970, from the cache when the second has not changed.
    package func text(secondsSince1970 time: Double) -> String {
        let second = Self.second(of: time)
        return cached.withLock { cached in
            if cached.second != second { cached = (second, Self.format(epochSeconds: second)) }
            return cached.text
        }
    }

    /// The whole second a time in seconds since 1970 falls in: the unit the header changes by. Out-of-range
    /// clocks (never a real one) are clamped rather than trapping in the conversion.
    static func second(of time: Double) -> Int64 {
        let seconds = time.rounded(.down)
        return seconds.isFinite ? Int64(max(-1e15, min(1e15, seconds))) : 0
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for seconds since 1970 (proleptic Gregorian calendar, UTC).
    package static func format(epochSeconds: Int64) -> String {
        let (days, secondOfDay) = CivilDays.days(epochSeconds, unitsPerDay: 86_400)
        let (year, month, day) = CivilDays.date(days: days)
        let time = [secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60].map { pad($0) }
        return
            "\(weekdays[CivilDays.weekday(days: days)]), \(pad(day)) \(months[Int(month) - 1]) \(pad(year, width: 4)) "
            + time.joined(separator: ":") + " GMT"
    }

    private static func pad(_ value: Int64, width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
