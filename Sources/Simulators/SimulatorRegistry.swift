/// The simulators `harness serve` mounts. A vendor's simulator is added here when its folder
/// `Simulators/<Vendor>/` lands; the list is fixed at compile time, so there is no global mutable state.
public enum SimulatorRegistry {
    /// The five built-in simulators: Engage, ReferralHero, Adapty, WebEngage, WalkMe.
    public static let all: [any Simulator] = [
        EngageSimulator(), ReferralHeroSimulator(), AdaptySimulator(), WebEngageSimulator(), WalkMeSimulator(),
    ]
}
