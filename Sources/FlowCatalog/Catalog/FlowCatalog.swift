/// Every documented flow and error case, by vendor. A vendor's flows live in `Flows/<Vendor>/` and are added
/// here; the list is fixed at compile time.
public enum FlowCatalog {
    /// All flows, in a stable order (vendor, then the order each vendor lists them in).
    public static var all: [Flow] {
        EngageFlows.all + ReferralHeroFlows.all + AdaptyFlows.all + WebEngageFlows.all + WalkMeFlows.all
    }

    /// The flow with this id (`vendor/name`), if any.
    public static func flow(id: String) -> Flow? {
        all.first { $0.id == id }
    }

    /// The flows of one vendor.
    public static func flows(vendor: String) -> [Flow] {
        all.filter { $0.vendor == vendor }
    }
}
