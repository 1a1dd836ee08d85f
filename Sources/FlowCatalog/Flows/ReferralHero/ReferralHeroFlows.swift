/// The ReferralHero flows (the Public Methods page; protocols/vendors.md §1). Each flow is a `static let` in a
/// file of this folder, listed here.
public enum ReferralHeroFlows {
    public static var all: [Flow] { [] }
}
