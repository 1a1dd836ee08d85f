import ReferralHeroSDK
import Testing

@Suite("RHScreenSize")
struct RHScreenSizeTests {
    @Test(
        "each documented spelling reads as the same size and is written canonically",
        arguments: ["393*852", "393 x 852", "393x852", "393.0 x 852.0", "393X852", "393 * 852", " 393 x 852 "])
    func documentedSpellings(text: String) throws {
        let size = try #require(RHScreenSize(text))
        #expect(size == RHScreenSize(width: 393, height: 852))
        #expect(size.description == "393.0 x 852.0")
    }

    @Test("fractional points keep their fraction")
    func fractionalPoints() throws {
        #expect(try #require(RHScreenSize("402.5x874")).description == "402.5 x 874.0")
        #expect(try #require(RHScreenSize("375.25 * 812")).description == "375.25 x 812.0")
    }

    @Test("a side below 10⁻⁴ is written without an exponent and reads back (found by .ci/fuzz screensize)")
    func tinySide() throws {
        let size = try #require(RHScreenSize("0.00001x2"))
        #expect(size.description == "0.00001 x 2.0")
        #expect(RHScreenSize(size.description) == size)
        #expect(try #require(RHScreenSize("0.000012345 * 3.5")).description == "0.000012345 x 3.5")
    }

    @Test("the order is kept as given")
    func orderKept() throws {
        #expect(try #require(RHScreenSize("2400*1080")).description == "2400.0 x 1080.0")
    }

    @Test("the canonical form reads back as the same size")
    func roundTrip() throws {
        let size = RHScreenSize(width: 430, height: 932)
        #expect(RHScreenSize(size.description) == size)
    }

    @Test(
        "a spelling that is not two positive decimal numbers around x or * is refused",
        arguments: [
            "", " ", "393", "393 x", "x 852", "393 x 852 x 3", "393,852", "393 by 852", "393 - 852", "-393 x 852",
            "0 x 852", "393 x 0", "abc x def", "1e3 x 852", "393. x 852", ".5 x 852", "393..0 x 852", "3 93 x 852",
            "+393 x 852", "100000 x 852", "nan x 852", "inf x 1", "393\tx 852", "٣٩٣ x 852",
        ])
    func badSpellings(text: String) {
        #expect(RHScreenSize(text) == nil)
    }
}
