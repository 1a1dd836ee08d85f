import Foundation
import JSONCore
import Testing

@testable import AdaptySDK

@Suite("AdaptyVariationChoice")
struct VariationChoiceTests {
    private struct Variation {
        var id: String
        var weight: Int
    }

    private func choose(_ variations: [Variation], profile: Int) -> String {
        AdaptyVariationChoice.choose(
            variations, placementAudienceVersionId: "pav-1", profileId: Self.profile(profile), weight: \.weight,
            id: \.id
        )?.id ?? "none"
    }

    private static func profile(_ number: Int) -> String {
        "00000000-0000-4000-8000-" + String(format: "%012x", number)
    }

    @Test("Fixed profile ids draw fixed values")
    func draws() {
        let draws = (1...4).map {
            AdaptyVariationChoice.draw(placementAudienceVersionId: "pav-1", profileId: Self.profile($0))
        }
        #expect(Self.profile(1) == "00000000-0000-4000-8000-000000000001")
        #expect(draws == [10, 83, 37, 13])
    }

    @Test("A 50/50 split sends two profiles to different variations")
    func evenSplit() {
        let variations = [Variation(id: "b", weight: 50), Variation(id: "a", weight: 50)]
        #expect(choose(variations, profile: 1) == "a")
        #expect(choose(variations, profile: 2) == "b")
    }

    @Test("A draw equal to a cumulative weight falls into the next variation")
    func boundary() {
        let variations = [Variation(id: "big", weight: 90), Variation(id: "small", weight: 10)]
        #expect(choose(variations, profile: 1) == "big")
        #expect(choose([Variation(id: "small", weight: 11), Variation(id: "big", weight: 89)], profile: 1) == "small")
    }

    @Test("No variation gives no choice")
    func empty() {
        #expect(choose([], profile: 1) == "none")
    }

    @Test("Variations are ordered by weight, then id, before the weights add up")
    func ordering() {
        let variations = [
            Variation(id: "z", weight: 40), Variation(id: "y", weight: 20), Variation(id: "x", weight: 40),
        ]
        // Order: y(20) x(40) z(40): cumulative 20, 60, 100.
        #expect(choose(variations, profile: 1) == "y")
        #expect(choose(variations, profile: 3) == "x")
        #expect(choose(variations, profile: 2) == "z")
    }
}
