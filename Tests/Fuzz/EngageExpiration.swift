// libFuzzer target: EngageSDK's expiration strings, `EngageExpirationParser` (issue #33). Built by `.ci/fuzz` against
// EngageSDK compiled with the fuzzer's instrumentation; not part of any SwiftPM target.
//
// Properties, beyond "no crash": every text gives an expiry; a relative one is the start plus `secondsParsed`,
// which stays within 0...maximumSeconds, and its days, hours, minutes and seconds written back as `<n>d <n>h <n>m
// <n>s` read back the same; an absolute one written back as `yyyy/MM/dd HH:mm:ss` (UTC) reads back as the same date.
import Foundation

@testable import EngageSDK

private let start = Date(timeIntervalSince1970: 1_700_000_000)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngageExpiration(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let parsed = EngageExpirationParser(text, from: start)
    guard let expiry = parsed.expirationDate else { fatalError("'\(text)' gives no expiry") }
    guard (0...EngageExpirationParser.maximumSeconds).contains(parsed.secondsParsed) else {
        fatalError("'\(text)' spans \(parsed.secondsParsed) s, outside 0...maximumSeconds")
    }
    _ = parsed.expirationTimestamp
    if !EngageExpirationParser.relativeMatches(in: text).isEmpty {
        guard expiry == start.addingTimeInterval(TimeInterval(parsed.secondsParsed)) else {
            fatalError("'\(text)': the expiry is not the start plus the \(parsed.secondsParsed) s parsed")
        }
        let written = "\(parsed.days)d \(parsed.hours)h \(parsed.minutes)m \(parsed.seconds)s"
        let again = EngageExpirationParser(written, from: start)
        guard again.days == parsed.days, again.hours == parsed.hours, again.minutes == parsed.minutes,
            again.seconds == parsed.seconds, again.expirationDate == expiry
        else { fatalError("'\(text)' written back as '\(written)' reads differently") }
    } else if expiry != start {
        guard let timestamp = parsed.expirationTimestamp else { return 0 }
        let (year, month, day) = civilDate(days: timestamp.floorDivided(by: 86_400))
        guard (1...9999).contains(year) else { return 0 }
        let second = timestamp - timestamp.floorDivided(by: 86_400) * 86_400
        let written =
            "\(padded(year, 4))/\(padded(month))/\(padded(day)) "
            + "\(padded(second / 3600)):\(padded(second / 60 % 60)):\(padded(second % 60))"
        guard EngageExpirationParser(written, from: start).expirationDate == expiry else {
            fatalError("'\(text)' read as \(expiry), written back as '\(written)', reads differently")
        }
    }
    return 0
}

/// The proleptic Gregorian date `days` after 1970-01-01 (the civil calendar the parser reads, also before 1582).
private func civilDate(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = shifted.floorDivided(by: 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
}

/// `value` in decimal, with leading zeros to `width` digits.
private func padded(_ value: Int64, _ width: Int = 2) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

extension Int64 {
    /// The quotient rounded toward minus infinity.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
