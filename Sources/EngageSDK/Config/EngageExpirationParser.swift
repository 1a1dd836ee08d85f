public import Foundation

/// Reads the expiration strings of campaigns and configuration (§7.1 of the Engage notes).
///
/// - Relative form: any number of `<digits><optional spaces><unit>` in any order, where the unit is read from
///   its first letter only, in any case: `d` days, `h` hours, `m` minutes, `s` seconds. So `"1 day 15m"`,
///   `"15m1d0seconds"`, `"65minutes"` and `"3seconds"` all parse; a unit that repeats keeps its last value.
/// - Absolute form, tried only when there is no relative match: `yyyy/MM/dd HH:mm:ss` in UTC.
///
/// Relative spans are added to `from` as plain seconds (UTC has no daylight saving).
public struct EngageExpirationParser: Sendable, Hashable {
    /// The parsed days of the relative form (zero when absent).
    public var days = 0
    /// The parsed hours of the relative form (zero when absent).
    public var hours = 0
    /// The parsed minutes of the relative form (zero when absent).
    public var minutes = 0
    /// The parsed seconds of the relative form (zero when absent).
    public var seconds = 0
    /// The expiry: the absolute date, or `from` plus the relative span. Nil only for a nil input.
    public var expirationDate: Date?

    /// The README's `initWithExpirationString:fromDate:`: ``init(_:from:)``.
    public init(expirationString: String?, fromDate: Date) {
        self.init(expirationString, from: fromDate)
    }

    /// Parses `text` relative to `from` (default now).
    public init(_ text: String?, from: Date = Date()) {
        guard let text else {
            expirationDate = nil
            return
        }
        var matched = false
        for (value, unit) in Self.relativeMatches(in: text) {
            matched = true
            switch unit {
            case "d": days = value
            case "h": hours = value
            case "m": minutes = value
            case "s": seconds = value
            default: break
            }
        }
        if !matched, let absolute = Self.absoluteDate(in: text) {
            expirationDate = absolute
        } else {
            expirationDate = from.addingTimeInterval(TimeInterval(secondsParsed))
        }
    }

    /// The longest span the parser gives, 10,000 years in seconds: a link that asks for more (a campaign valid for
    /// `200000000000000d`) gets this, instead of an arithmetic overflow.
    public static let maximumSeconds = 10_000 * 366 * 86_400

    /// d·86400 + h·3600 + m·60 + s, at most ``maximumSeconds`` (the absolute form does not count here).
    public var secondsParsed: Int {
        var total = 0
        for (value, scale) in [(days, 86_400), (hours, 3600), (minutes, 60), (seconds, 1)] {
            let (product, multiplied) = value.multipliedReportingOverflow(by: scale)
            let (sum, added) = total.addingReportingOverflow(product)
            guard !multiplied, !added, sum <= Self.maximumSeconds else { return Self.maximumSeconds }
            total = sum
        }
        return total
    }

    /// The expiry as Unix epoch seconds.
    public var expirationTimestamp: Int64? {
        expirationDate.map {
            Int64(exactly: $0.timeIntervalSince1970.rounded(.down)) ?? ($0.timeIntervalSince1970 < 0 ? .min : .max)
        }
    }

    /// Every `(\d+\s*[dhmsDHMS])` match, left to right, as (value, lower-cased unit letter).
    static func relativeMatches(in text: String) -> [(Int, Character)] {
        var matches: [(Int, Character)] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            guard characters[index].isASCII, characters[index].isNumber else {
                index += 1
                continue
            }
            var value = 0
            var overflow = false
            while index < characters.count, characters[index].isASCII, let digit = characters[index].wholeNumberValue {
                let (product, multiplied) = value.multipliedReportingOverflow(by: 10)
                let (sum, added) = product.addingReportingOverflow(digit)
                overflow = overflow || multiplied || added
                value = sum
                index += 1
            }
            var unitIndex = index
            while unitIndex < characters.count, characters[unitIndex] == " " || characters[unitIndex] == "\t" {
                unitIndex += 1
            }
            guard unitIndex < characters.count else { break }
            let unit = Character(characters[unitIndex].lowercased())
            if !overflow, "dhms".contains(unit) {
                matches.append((value, unit))
                index = unitIndex + 1
            }
        }
        return matches
    }

    /// The first `\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}` in `text`, read as UTC.
    static func absoluteDate(in text: String) -> Date? {
        let shape = Array("dddd/dd/dd dd:dd:dd")
        let characters = Array(text)
        guard characters.count >= shape.count else { return nil }
        for start in 0...(characters.count - shape.count) {
            var fits = true
            for (offset, expected) in shape.enumerated() {
                let character = characters[start + offset]
                let ok =
                    expected == "d"
                    ? (character.isASCII && character.isNumber)
                    : expected == " " ? character.isWhitespace : character == expected
                if !ok {
                    fits = false
                    break
                }
            }
            if fits {
                return CivilTime.parseAbsolute(Substring(String(characters[start..<(start + shape.count)])))
            }
        }
        return nil
    }
}
