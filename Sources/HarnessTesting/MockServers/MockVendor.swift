/// A vendor the mock server simulates, named as its path prefix (`/referralhero/…`).
public struct MockVendor: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The simulator's name: `referralhero`, `engage`, …
    public var name: String

    /// The vendor whose simulator is mounted at `/<name>`.
    public init(_ name: String) {
        self.name = name
    }

    /// The vendor named by a literal: `"referralhero"`.
    public init(stringLiteral name: String) {
        self.name = name
    }

    /// The name.
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
