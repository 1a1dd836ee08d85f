public import Foundation

extension RFC3339 {
    /// `date` as `2026-01-01T00:00:00.000Z`: UTC, milliseconds rounded down, the text
    /// `Date.ISO8601FormatStyle(includingFractionalSeconds: true)` writes, written without a formatter (a journal
    /// entry's `startedDateTime` on every request, `perf`).
    ///
    /// Instants from 1970 to the end of 9999 are written here; Foundation writes the others (before the Gregorian
    /// calendar's start it writes Julian dates, which this writer does not).
    public static func milliseconds(_ date: Date) -> String {
        // Foundation rounds the fraction of the instant's seconds since 2001-01-01 down, so this does too: the same
        // fraction of seconds since 1970 differs in its last bits.
        let reference = date.timeIntervalSinceReferenceDate
        let whole = reference.rounded(.down)
        guard whole >= -secondsFrom1970To2001, whole < secondsFrom1970To10000 - secondsFrom1970To2001 else {
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
        let milliseconds = min(Int64(((reference - whole) * 1000).rounded(.down)), 999)
        let (days, second) = CivilDays.days(Int64(whole + secondsFrom1970To2001), unitsPerDay: 86_400)
        let (year, month, day) = CivilDays.date(days: days)
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var end = 0
            func put(_ value: Int64, digits: Int) {
                var rest = value
                for offset in stride(from: digits - 1, through: 0, by: -1) {
                    buffer[end + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                end += digits
            }
            func put(_ byte: Unicode.Scalar) {
                buffer[end] = UInt8(ascii: byte)
                end += 1
            }
            put(year, digits: 4)
            put("-")
            put(month, digits: 2)
            put("-")
            put(day, digits: 2)
            put("T")
            put(second / 3600, digits: 2)
            put(":")
            put(second / 60 % 60, digits: 2)
            put(":")
            put(second % 60, digits: 2)
            put(".")
            put(milliseconds, digits: 3)
            put("Z")
            return end
        }
    }

    private static let secondsFrom1970To2001: Double = 978_307_200
    private static let secondsFrom1970To10000: Double = 253_402_300_800
}
