import Testing

@testable import MockServer
@testable import Simulators

@Suite("ReferralHeroSimulator: screen_size")
struct ReferralHeroScreenSizeTests {
    @Test(
        "Every spelling the SDKs send is written in the iOS spelling", arguments: ["393*852", "393 X 852", "393x852"])
    func spellings(text: String) {
        #expect(ReferralHeroScreenSize.canonical(text) == "393.0 x 852.0")
    }

    @Test("A side below 10⁻⁴ is written without an exponent, which reads back (found by .ci/fuzz screensize)")
    func tinySide() {
        #expect(ReferralHeroScreenSize.canonical("0.00001x2") == "0.00001 x 2.0")
        #expect(ReferralHeroScreenSize.canonical("0.00001 x 2.0") == "0.00001 x 2.0")
        #expect(ReferralHeroScreenSize.canonical("0.000012345*3.5") == "0.000012345 x 3.5")
    }
}
