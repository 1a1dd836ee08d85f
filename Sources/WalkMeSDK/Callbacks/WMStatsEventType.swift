/// The analytics event types, with the raw values of the ObjC enum (`WMStatsEventType`, 0…16). The case name,
/// capitalised (`SessionStarted`), is the event's `type` in the events upload.
public enum WMStatsEventType: Int, Sendable, Hashable, CaseIterable {
    /// A session started (`SessionStarted`).
    case sessionStarted = 0
    /// A session stopped (`SessionStop`).
    case sessionStop
    /// The app was terminated (`AppTerminated`).
    case appTerminated
    /// The app entered the foreground (`AppEnteredFg`).
    case appEnteredFg
    /// The app entered the background (`AppEnteredBg`).
    case appEnteredBg
    /// A campaign was shown (`PromoImp`).
    case promoImp
    /// A campaign CTA was tapped (`PromoClk`).
    case promoClk
    /// A walk-thru step was shown (`StepImp`).
    case stepImp
    /// A walk-thru step was tapped (`StepClk`).
    case stepClk
    /// An interaction (`Interaction`).
    case interaction
    /// A goal was reached (`Goal`).
    case goal
    /// The user moved to another screen (`ViewTransition`).
    case viewTransition
    /// A monitoring event (`Monitoring`).
    case monitoring
    /// A monitored element event (`MonitoringElement`).
    case monitoringElement
    /// A monitored view event (`MonitoringView`).
    case monitoringView
    /// A users event (`Users`).
    case users
    /// An onboarding item was completed (`OnboardingItemCompleted`).
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
