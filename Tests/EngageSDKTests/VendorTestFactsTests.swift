import EngageSDK
import Foundation
import Testing

/// Input → expected output facts from the public Engage iOS SDK's own unit tests
/// (`Silverpop/mobile-connector-sdk-ios`, `EngageSDKTests/EngageExpirationParserTests.m`), carried over as our own
/// tests where they test the README's surface (`EngageExpirationParserTests.m`, `XMLAPITest.m`). They agree with
/// the README's EngageExpirationParser table and XMLAPI Resources.
@Suite("Engage iOS SDK test facts")
struct VendorTestFactsTests {
    /// The iOS tests' start: 2014-01-01 00:00:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_388_534_400)

    @Test(
        "Relative expiration strings in the iOS tests' spellings give their dates from 2014-01-01 00:00:00 UTC",
        arguments: [
            ("1 day 7 hours 23 minutes 15 seconds", 86_400 + 7 * 3_600 + 23 * 60 + 15),
            ("1day7hours23minutes15seconds", 86_400 + 7 * 3_600 + 23 * 60 + 15),
            ("1day", 86_400),
            ("9h", 9 * 3_600),
            ("1d 7h 23m 15s", 86_400 + 7 * 3_600 + 23 * 60 + 15),
        ])
    func relative(text: String, seconds: Int) {
        let parser = EngageExpirationParser(expirationString: text, fromDate: Self.start)
        #expect(parser.expirationDate == Self.start.addingTimeInterval(TimeInterval(seconds)))
    }

    @Test("An absolute expiration string is a UTC date; nil gives no date; garbage gives the start date")
    func absoluteNilAndGarbage() {
        #expect(
            EngageExpirationParser(expirationString: "2014/12/25 11:12:13", fromDate: Self.start).expirationDate
                == Date(timeIntervalSince1970: 1_419_505_933))
        #expect(EngageExpirationParser(expirationString: nil, fromDate: Self.start).expirationDate == nil)
        #expect(
            EngageExpirationParser(expirationString: "21341qaskljdf;lawjer;aldsv;lajsdf", fromDate: Self.start)
                .expirationDate == Self.start)
    }

    @Test("ROWS added through addParams, then TABLE_ID, give the iOS tests' InsertUpdateRelationalTable envelope")
    func relationalRows() {
        var insertRowXml = XMLAPI.resourceNamed(XMLAPI_OPERATION_INSERT_UPDATE_RELATIONAL_TABLE)
        let rows: [[XMLAPI.NameValue]] = [
            [.init("id", "1"), .init("active", "true"), .init("date created", "01/01/2015")],
            [.init("id", "2"), .init("active", "false"), .init("date created", "01/02/2015")],
        ]
        insertRowXml.addParams(["ROWS": rows])
        insertRowXml.addParams(["TABLE_ID": "00000"])
        #expect(
            insertRowXml.envelopeString
                == "<Envelope><Body><InsertUpdateRelationalTable><ROWS><ROW><COLUMN name=\"id\"><![CDATA[1]]></COLUMN>"
                + "<COLUMN name=\"active\"><![CDATA[true]]></COLUMN><COLUMN name=\"date created\"><![CDATA[01/01/2015]]>"
                + "</COLUMN></ROW><ROW><COLUMN name=\"id\"><![CDATA[2]]></COLUMN><COLUMN name=\"active\"><![CDATA[false]]>"
                + "</COLUMN><COLUMN name=\"date created\"><![CDATA[01/02/2015]]></COLUMN></ROW></ROWS>"
                + "<TABLE_ID>00000</TABLE_ID></InsertUpdateRelationalTable></Body></Envelope>")
    }
}
