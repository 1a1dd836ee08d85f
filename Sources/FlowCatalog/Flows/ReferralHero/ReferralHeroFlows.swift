/// The ReferralHero flows (the Public Methods page; protocols/vendors.md §1): each method's happy path, the goal
/// settings, every documented error, each `screen_size` spelling and the full journey.
public enum ReferralHeroFlows {
    public static var all: [Flow] { methods + goals + mobileMatching + errors + wire + screenSizes + journeys }
}
