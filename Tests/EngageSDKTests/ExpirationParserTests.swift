import EngageSDK
import Foundation
import Testing

@Suite("EngageExpirationParser")
struct ExpirationParserTests {
    /// 6/10/2014 00:00:00 UTC, the README's starting point.
    static let start = Date(timeIntervalSince1970: 1_402_358_400)

    @Test(
        "The README examples give the README's dates",
        arguments: [
            ("1 day 15m", 86_400 + 900),
            ("15m1d0seconds", 86_400 + 900),
            ("65minutes", 3900),
            ("3seconds", 3),
        ])
    func readmeExamples(text: String, seconds: Int) {
        let parser = EngageExpirationParser(text, from: Self.start)
        #expect(parser.secondsParsed == seconds)
        #expect(parser.expirationDate == Self.start.addingTimeInterval(TimeInterval(seconds)))
        #expect(parser.expirationTimestamp == 1_402_358_400 + Int64(seconds))
    }

    @Test(
        "Units are read from their first letter, in any case and order, with or without spaces",
        arguments: [
            "1 day 7 hours 23 minutes 15 seconds", "1day7hours23minutes15seconds", "1d 7h 23m 15s",
            "15 S 23 M 7 H 1 D", "1 DAYS 7 hrs 23 mins 15 secs",
        ])
    func unitsAndOrder(text: String) {
        let parser = EngageExpirationParser(text, from: Self.start)
        #expect(parser.days == 1)
        #expect(parser.hours == 7)
        #expect(parser.minutes == 23)
        #expect(parser.seconds == 15)
        #expect(parser.secondsParsed == 86_400 + 7 * 3600 + 23 * 60 + 15)
    }

    @Test("A unit that repeats keeps its last value")
    func repeatedUnit() {
        #expect(EngageExpirationParser("5m 10m", from: Self.start).secondsParsed == 600)
        #expect(EngageExpirationParser("67 mins 47s", from: Self.start).secondsParsed == 67 * 60 + 47)
    }

    @Test("The absolute form is read as UTC when there is no relative span")
    func absoluteForm() throws {
        let parser = EngageExpirationParser("2014/12/25 11:12:13", from: Self.start)
        #expect(parser.secondsParsed == 0)
        #expect(parser.expirationTimestamp == 1_419_505_933)
        let embedded = EngageExpirationParser("until 2014/08/01 07:23:00 please", from: Self.start)
        #expect(embedded.expirationTimestamp == 1_406_877_780)
    }

    @Test(
        "Spans beyond 10,000 years are capped instead of overflowing",
        arguments: ["200000000000000d", "9223372036854775807s", "106751991167300d 23h", "1d 99999999999999999m"])
    func hostileSpans(text: String) throws {
        let parser = EngageExpirationParser(text, from: Self.start)
        #expect(parser.secondsParsed == EngageExpirationParser.maximumSeconds)
        let date = try #require(parser.expirationDate)
        #expect(date == Self.start.addingTimeInterval(TimeInterval(EngageExpirationParser.maximumSeconds)))
        #expect(try #require(parser.expirationTimestamp) > 1_402_358_400)
    }

    @Test("Unparseable text gives the start date and zero seconds; nil gives no date")
    func unparseable() {
        let parser = EngageExpirationParser("whenever", from: Self.start)
        #expect(parser.expirationDate == Self.start)
        #expect(parser.secondsParsed == 0)
        #expect(EngageExpirationParser(nil, from: Self.start).expirationDate == nil)
    }
}
