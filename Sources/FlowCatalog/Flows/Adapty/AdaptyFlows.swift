/// The Adapty flows: placements (paywalls, onboardings, fetch policies, fallbacks), the profile, events, every
/// error of the status table, the onboarding messages of "Handle onboarding events in iOS SDK", and the
/// open-paywall journey of that document.
public enum AdaptyFlows {
    public static var all: [Flow] { placements + fallbacks + profile + errors + onboarding + journeys }

    /// Where the placement, profile and event facts come from (no public document describes the SDK's wire
    /// protocol; the protocol notes read it in the vendor's SDK source).
    static let sdkSource = "sdk-source: Adapty iOS SDK 3.17.2"
    /// The seed document of this vendor.
    static let onboardingDocument = "Adapty, Handle onboarding events in iOS SDK"
}
