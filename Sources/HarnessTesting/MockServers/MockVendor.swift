/// A vendor the mock server simulates, named as its path prefix (`/referralhero/…`).
public struct MockVendor: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The simulator's name: `referralhero`, `engage`, …
    public var name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.name = name
    }

    public var description: String { name }

    /// Silverpop Engage (OAuth, XMLAPI, UBF events).
    public static let engage = MockVendor("engage")
    /// ReferralHero (subscribers, referrals, leaderboard).
    public static let referralHero = MockVendor("referralhero")
    /// Adapty (paywalls, onboardings, profiles).
    public static let adapty = MockVendor("adapty")
    /// WebEngage personalization.
    public static let webEngage = MockVendor("webengage")
    /// WalkMe campaigns.
    public static let walkMe = MockVendor("walkme")
}
