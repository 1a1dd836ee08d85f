import Foundation
import MockServer
import Testing

@Suite("The Date header of answers written on the event loop")
struct HTTPDateTests {
    @Test(
        "Seconds since 1970 format as IMF-fixdate",
        arguments: [
            (Int64(0), "Thu, 01 Jan 1970 00:00:00 GMT"),
            (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),  // RFC 9110's example
            (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
            (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
            (4_107_542_399, "Sun, 28 Feb 2100 23:59:59 GMT"),  // 2100 is not a leap year
            (4_107_542_400, "Mon, 01 Mar 2100 00:00:00 GMT"),
            (1_795_509_726, "Tue, 24 Nov 2026 08:42:06 GMT"),
        ])
    func format(seconds: Int64, expected: String) {
        #expect(HTTPDate.format(epochSeconds: seconds) == expected)
    }

    @Test("Agrees with Foundation's formatter over forty years of days")
    func agreesWithFoundation() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        for day in stride(from: Int64(-3_650), to: 11_000, by: 7) {
            let seconds = day * 86_400 + 45_296
            let expected = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            #expect(HTTPDate.format(epochSeconds: seconds) == expected)
        }
    }

    @Test(
        "Clocks out of range, infinite or not a number never trap",
        arguments: [.infinity, -.infinity, .nan, 1e300, -1e300])
    func hostileClock(_ seconds: Double) {
        let text = HTTPDate().text(secondsSince1970: seconds)
        #expect(text.hasSuffix(" GMT"))
    }

    @Test("The same second gives the cached text; the next second a new one")
    func caches() {
        let dates = HTTPDate()
        #expect(dates.text(secondsSince1970: 10.2) == "Thu, 01 Jan 1970 00:00:10 GMT")
        #expect(dates.text(secondsSince1970: 10.9) == "Thu, 01 Jan 1970 00:00:10 GMT")
        #expect(dates.text(secondsSince1970: 11) == "Thu, 01 Jan 1970 00:00:11 GMT")
    }
}
