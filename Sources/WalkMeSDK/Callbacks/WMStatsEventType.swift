/// The analytics event types, with the raw values of the ObjC enum (`WMStatsEventType`, 0…16). The case name,
/// capitalised (`SessionStarted`), is the event's `type` in the events upload.
public enum WMStatsEventType: Int, Sendable, Hashable, CaseIterable {
    case sessionStarted = 0
    case sessionStop
    case appTerminated
    case appEnteredFg
    case appEnteredBg
    case promoImp
    case promoClk
    case stepImp
    case stepClk
    case interaction
    case goal
    case viewTransition
    case monitoring
    case monitoringElement
    case monitoringView
    case users
    case onboardingItemCompleted

    /// The name the events upload uses, e.g. `PromoImp`.
    public var wireName: String {
        switch self {
        case .sessionStarted: "SessionStarted"
        case .sessionStop: "SessionStop"
        case .appTerminated: "AppTerminated"
        case .appEnteredFg: "AppEnteredFg"
        case .appEnteredBg: "AppEnteredBg"
        case .promoImp: "PromoImp"
        case .promoClk: "PromoClk"
        case .stepImp: "StepImp"
        case .stepClk: "StepClk"
        case .interaction: "Interaction"
        case .goal: "Goal"
        case .viewTransition: "ViewTransition"
        case .monitoring: "Monitoring"
        case .monitoringElement: "MonitoringElement"
        case .monitoringView: "MonitoringView"
        case .users: "Users"
        case .onboardingItemCompleted: "OnboardingItemCompleted"
        }
    }
}
