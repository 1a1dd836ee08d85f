import Foundation
import JSONCore
import Testing

@Suite("RFC3339")
struct RFC3339Tests {
    @Test("Date-times read to the instant they name, offsets and fractions included")
    func instants() throws {
        #expect(RFC3339.date(from: "1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(RFC3339.date(from: "2026-01-01T00:00:02.500Z") == Date(timeIntervalSince1970: 1_767_225_602.5))
        #expect(RFC3339.date(from: "2026-01-01T02:00:00+02:00") == RFC3339.date(from: "2026-01-01T00:00:00Z"))
        #expect(RFC3339.date(from: "2025-12-31T19:30:00-04:30") == RFC3339.date(from: "2026-01-01T00:00:00Z"))
        #expect(RFC3339.date(from: "2026-01-01t00:00:00z") == RFC3339.date(from: "2026-01-01T00:00:00Z"))
        #expect(RFC3339.date(from: "1969-12-31T23:59:59.9Z") == Date(timeIntervalSince1970: -0.1))
        #expect(RFC3339.date(from: "0000-03-01T00:00:00Z") == Date(timeIntervalSince1970: -62_162_035_200))
        #expect(RFC3339.date(from: "9999-12-31T23:59:59Z") == Date(timeIntervalSince1970: 253_402_300_799))
        let micro = try #require(RFC3339.date(from: "2026-01-01T00:00:00.123456789123Z"))
        #expect(abs(micro.timeIntervalSince1970 - 1_767_225_600.123456789) < 1e-6)
    }

    @Test("Dates read the same as Foundation's ISO 8601 parsers, to the bit")
    func matchesFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for text in ["2026-01-01T00:00:00.000Z", "2026-11-24T06:19:32.123Z", "2001-02-28T23:59:59.999+05:30"] {
            #expect(RFC3339.date(from: text) == formatter.date(from: text), "\(text)")
        }
    }

    @Test("A leap second is valid only at 23:59:60 UTC and reads as the next minute")
    func leapSecond() {
        #expect(RFC3339.date(from: "2016-12-31T23:59:60Z") == RFC3339.date(from: "2017-01-01T00:00:00Z"))
        #expect(RFC3339.isDateTime("2016-12-31T15:59:60-08:00"))
        #expect(!RFC3339.isDateTime("2016-12-31T23:58:60Z"))
        #expect(!RFC3339.isDateTime("2016-12-31T23:59:60+01:00"))
        #expect(RFC3339.isFullTime("23:59:60Z"))
    }

    @Test(
        "Out-of-range fields, other shapes and trailing garbage are refused",
        arguments: [
            "", "2026-01-01", "2026-01-01T", "2026-01-01T00:00Z", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z",
            "2026-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-01-00T00:00:00Z",
            "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z", "2026-01-01T00:00:61Z", "2026-01-01T00:00:00",
            "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00+24:00", "2026-01-01T00:00:00+01:60",
            "2026-01-01T00:00:00+0100",
            "2026-01-01T00:00:00+01", "2026-01-01 00:00:00Z", "2026-01-01X00:00:00Z", "12026-01-01T00:00:00Z",
            "+2026-01-01T00:00:00Z", "-0001-01-01T00:00:00Z", "2026-1-01T00:00:00Z", "2026-01-01T00:00:00ZZ",
            "2026-01-01T00:00:00Z ", " 2026-01-01T00:00:00Z", "2026-01-01T00:00:00Zjunk", "2026-01-01T00:00:00+01:00x",
            "2026-01-01T00:00:00.5.5Z", "２０２６-01-01T00:00:00Z", "2026-01-01T0a:00:00Z", "99999999999-01-01T00:00:00Z",
        ])
    func refused(text: String) {
        #expect(!RFC3339.isDateTime(text))
        #expect(RFC3339.date(from: text) == nil)
    }

    @Test("Full dates and full times are checked on their own")
    func parts() {
        #expect(RFC3339.isFullDate("2024-02-29"))
        #expect(!RFC3339.isFullDate("2023-02-29"))
        #expect(!RFC3339.isFullDate("2024-02-29T"))
        #expect(RFC3339.isFullTime("10:00:00.5+02:00"))
        #expect(!RFC3339.isFullTime("10:00:00"))
        #expect(!RFC3339.isFullTime("10:00:00."))
        #expect(!RFC3339.isFullTime(""))
    }

    @Test("A very long fraction is read without overflow")
    func longFraction() {
        let text = "2026-01-01T00:00:00." + String(repeating: "9", count: 100_000) + "Z"
        #expect(RFC3339.isDateTime(text))
        #expect(RFC3339.date(from: text).map { $0 > Date(timeIntervalSince1970: 1_767_225_600.9) } == true)
    }

    @Test("Instants are written as Foundation's ISO 8601 style with fractional seconds writes them, byte for byte")
    func writing() {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        var random = SeededGenerator(seed: 3339)
        var instants: [Double] = [
            0, 0.0004, 0.9995, 0.9999999, 1, 951_782_400, 978_307_199.9995, 978_307_200, 1_795_812_368.123456,
            253_402_300_799.999, 253_402_300_800, -0.0004, -1, -62_135_596_800, 1e300, .infinity, -.infinity, .nan,
        ]
        for _ in 0..<20_000 {
            instants.append(Double.random(in: 0..<4e9, using: &random))
            instants.append(Double(Int64.random(in: 0..<4_000_000_000_000, using: &random)) / 1000)
        }
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            #expect(RFC3339.milliseconds(date) == date.formatted(style), "\(instant)")
        }
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: 1_795_812_368.9996)) == "2026-11-27T20:46:08.999Z")
    }
}
