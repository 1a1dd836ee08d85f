/// Calendar dates (proleptic Gregorian, UTC) to and from days since 1970-01-01: Howard Hinnant's
/// `days_from_civil` and `civil_from_days`, the package's one copy, for every date written or read without
/// Foundation's formatters (RFC 3339, HTTP `Date`, the Engage SDK's timestamps).
package enum CivilDays {
    /// Days from 1970-01-01 to `year`-`month`-`day` (negative before); the fields are not range-checked.
    package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (before, when negative): month 1...12, day 1...31.
    package static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `units` since 1970-01-01T00:00Z as whole days and the units into the last one (never negative): `units`
    /// divided by `unitsPerDay`, rounded down.
    package static func days(_ units: Int64, unitsPerDay: Int64) -> (days: Int64, remainder: Int64) {
        let remainder = units % unitsPerDay
        return remainder < 0 ? (units / unitsPerDay - 1, remainder + unitsPerDay) : (units / unitsPerDay, remainder)
    }

    /// The day of the week of the day `days` after 1970-01-01: 0 for Sunday through 6 for Saturday.
    package static func weekday(days: Int64) -> Int {
        let remainder = (days + 4) % 7  // 1970-01-01 was a Thursday.
        return Int(remainder < 0 ? remainder + 7 : remainder)
    }
}
