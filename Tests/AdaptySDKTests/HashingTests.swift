import Foundation
import JSONCore
import Testing

@testable import AdaptySDK

@Suite("MD5")
struct MD5Tests {
    @Test("The RFC 1321 test vectors give their digests")
    func vectors() {
        #expect(MD5.hex("") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex("abc") == "900150983cd24fb0d6963f7d28e17f72")
        #expect(MD5.hex("message digest") == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(
            MD5.hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890")
                == "57edf4a22be3c955ac49da2e2107b67a")
    }
}

@Suite("AdaptyVariationsHash")
struct AdaptyVariationsHashTests {
    @Test("The paywall variations segment hashes compact sorted JSON with the locale lower-cased")
    func paywallVariations() {
        let text =
            #"{"builder_version":"4_4","cross_placement_eligibility":true,"locale":"en-us","segment_hash":"seg","store":"app_store"}"#
        #expect(
            AdaptyVariationsHash.canonical([
                ("store", "app_store"), ("locale", "en-us"), ("segment_hash", "seg"), ("builder_version", "4_4"),
                ("cross_placement_eligibility", true),
            ]) == text)
        #expect(
            AdaptyVariationsHash.paywallVariations(locale: "EN-US", segmentHash: "seg", crossPlacementEligible: true)
                == MD5.hex(text))
    }

    @Test("Cross-placement eligibility appears in the paywall hash only when true")
    func eligibilityOnlyWhenTrue() {
        let text = #"{"builder_version":"4_4","locale":"en","segment_hash":"seg","store":"app_store"}"#
        #expect(
            AdaptyVariationsHash.paywallVariations(locale: "en", segmentHash: "seg", crossPlacementEligible: false)
                == MD5.hex(text))
    }

    @Test("The onboarding and single-variation segments hash their documented members")
    func otherSegments() {
        #expect(
            AdaptyVariationsHash.onboardingVariations(locale: "EN", segmentHash: "s", crossPlacementEligible: false)
                == MD5.hex(#"{"cross_placement_eligibility":false,"locale":"en","segment_hash":"s"}"#))
        #expect(
            AdaptyVariationsHash.paywallVariation(locale: "fr")
                == MD5.hex(#"{"builder_version":"4_4","locale":"fr","store":"app_store"}"#))
        #expect(AdaptyVariationsHash.onboardingVariation(locale: "DE") == MD5.hex(#"{"locale":"de"}"#))
    }
}
