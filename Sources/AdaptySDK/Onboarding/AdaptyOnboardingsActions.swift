/// Where a message came from: the onboarding, its current screen and the screen's position.
public struct AdaptyOnboardingsMetaParams: Sendable, Hashable {
    public var onboardingId: String
    public var screenClientId: String
    public var screenIndex: Int
    public var screensTotal: Int

    public init(onboardingId: String, screenClientId: String, screenIndex: Int, screensTotal: Int) {
        self.onboardingId = onboardingId
        self.screenClientId = screenClientId
        self.screenIndex = screenIndex
        self.screensTotal = screensTotal
    }

    /// Whether the screen is the onboarding's last one.
    public var isLatestScreen: Bool { screenIndex == screensTotal - 1 }
}

/// A button with a custom action id was tapped (`type` `custom`).
public struct AdaptyOnboardingsCustomAction: Sendable, Hashable {
    public var actionId: String
    public var meta: AdaptyOnboardingsMetaParams
}

/// A button with the close action was tapped (`type` `close`).
public struct AdaptyOnboardingsCloseAction: Sendable, Hashable {
    public var actionId: String
    public var meta: AdaptyOnboardingsMetaParams
}

/// A button that opens a paywall was tapped (`type` `open_paywall`); make ``actionId`` a paywall placement id.
public struct AdaptyOnboardingsOpenPaywallAction: Sendable, Hashable {
    public var actionId: String
    public var meta: AdaptyOnboardingsMetaParams
}

/// The onboarding page finished loading (`type` `onboarding_loaded`).
public struct OnboardingsDidFinishLoadingAction: Sendable, Hashable {
    public var meta: AdaptyOnboardingsMetaParams
}

/// An input element changed (`type` `state_updated`).
public struct AdaptyOnboardingsStateUpdatedAction: Sendable, Hashable {
    public var elementId: String
    public var meta: AdaptyOnboardingsMetaParams
    public var params: AdaptyOnboardingsStateUpdatedParams
}

/// The new state of the element, by element type.
public enum AdaptyOnboardingsStateUpdatedParams: Sendable, Hashable {
    case select(AdaptyOnboardingsSelectParams)
    case multiSelect([AdaptyOnboardingsSelectParams])
    case input(AdaptyOnboardingsInputParams)
    case datePicker(AdaptyOnboardingsDatePickerParams)
}

/// One chosen option of a select or multi-select.
public struct AdaptyOnboardingsSelectParams: Sendable, Hashable {
    public var id: String
    public var value: String
    public var label: String
}

/// The value of an input field, by the field's type.
public enum AdaptyOnboardingsInputParams: Sendable, Hashable {
    case text(String)
    case email(String)
    case number(Double)
}

/// The date of a date picker; each part may be missing.
public struct AdaptyOnboardingsDatePickerParams: Sendable, Hashable {
    public var day: Int?
    public var month: Int?
    public var year: Int?
}

/// The analytics events an onboarding reports (`type` `analytics`, by `name`).
public enum AdaptyOnboardingsAnalyticsEvent: Sendable, Hashable {
    case onboardingStarted(meta: AdaptyOnboardingsMetaParams)
    case screenPresented(meta: AdaptyOnboardingsMetaParams)
    case screenCompleted(meta: AdaptyOnboardingsMetaParams, elementId: String?, reply: String?)
    case secondScreenPresented(meta: AdaptyOnboardingsMetaParams)
    case registrationScreenPresented(meta: AdaptyOnboardingsMetaParams)
    case productsScreenPresented(meta: AdaptyOnboardingsMetaParams)
    case userEmailCollected(meta: AdaptyOnboardingsMetaParams)
    case onboardingCompleted(meta: AdaptyOnboardingsMetaParams)
    case unknown(meta: AdaptyOnboardingsMetaParams, name: String)

    /// The wire name of the event.
    public var name: String {
        switch self {
        case .onboardingStarted: "onboarding_started"
        case .screenPresented: "screen_presented"
        case .screenCompleted: "screen_completed"
        case .secondScreenPresented: "second_screen_presented"
        case .registrationScreenPresented: "registration_screen_presented"
        case .productsScreenPresented: "products_screen_presented"
        case .userEmailCollected: "user_email_collected"
        case .onboardingCompleted: "onboarding_completed"
        case .unknown(_, let name): name
        }
    }

    public var meta: AdaptyOnboardingsMetaParams {
        switch self {
        case .onboardingStarted(let meta), .screenPresented(let meta), .secondScreenPresented(let meta),
            .registrationScreenPresented(let meta), .productsScreenPresented(let meta),
            .userEmailCollected(let meta), .onboardingCompleted(let meta):
            meta
        case .screenCompleted(let meta, _, _), .unknown(let meta, _): meta
        }
    }
}
