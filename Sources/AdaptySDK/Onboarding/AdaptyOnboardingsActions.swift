/// The meta information every onboarding event carries (the page's table): the onboarding, its current screen and
/// the screen's position.
public struct AdaptyOnboardingsMetaParams: Sendable, Hashable {
    /// The onboarding flow's unique id (`onboarding_id` / `onboardingId`).
    public var onboardingId: String
    /// The current screen's id (`screen_cid` / `screenClientId`).
    public var screenClientId: String
    /// The current screen's position in the flow (`screen_index` / `screenIndex`).
    public var screenIndex: Int
    /// The number of screens in the flow (`total_screens` / `screensTotal`).
    public var screensTotal: Int

    /// The meta of a message, as the page would post it.
    public init(onboardingId: String, screenClientId: String, screenIndex: Int, screensTotal: Int) {
        self.onboardingId = onboardingId
        self.screenClientId = screenClientId
        self.screenIndex = screenIndex
        self.screensTotal = screensTotal
    }

    /// Whether the screen is the onboarding's last one.
    public var isLatestScreen: Bool { screenIndex == screensTotal - 1 }
}

/// A button given a custom action in the builder was tapped (`type` `custom`), for example a login or an
/// allow-notifications button.
public struct AdaptyOnboardingsCustomAction: Sendable, Hashable {
    /// The Action ID assigned in the builder (for example `allowNotifications`).
    public var actionId: String
    /// Where the tap happened.
    public var meta: AdaptyOnboardingsMetaParams
}

/// A button with the close action was tapped (`type` `close`): the onboarding counts as closed, and the app must
/// stop showing it itself.
public struct AdaptyOnboardingsCloseAction: Sendable, Hashable {
    /// The button's action id.
    public var actionId: String
    /// Where the tap happened.
    public var meta: AdaptyOnboardingsMetaParams
}

/// A button that opens a paywall was tapped (`type` `open_paywall`). The page's advice: make ``actionId`` the
/// paywall's placement id, and dismiss the onboarding before presenting the paywall.
public struct AdaptyOnboardingsOpenPaywallAction: Sendable, Hashable {
    /// The button's action id, set by hand in the builder (ideally a paywall placement id).
    public var actionId: String
    /// Where the tap happened.
    public var meta: AdaptyOnboardingsMetaParams
}

/// The onboarding finished loading (`type` `onboarding_loaded`).
public struct OnboardingsDidFinishLoadingAction: Sendable, Hashable {
    /// The screen shown once loaded.
    public var meta: AdaptyOnboardingsMetaParams
}

/// An input element changed (`type` `state_updated`; not on the page, from the vendor SDK's source).
public struct AdaptyOnboardingsStateUpdatedAction: Sendable, Hashable {
    /// The element's id.
    public var elementId: String
    /// Where the element is.
    public var meta: AdaptyOnboardingsMetaParams
    /// The element's new state.
    public var params: AdaptyOnboardingsStateUpdatedParams
}

/// The new state of the element, by element type.
public enum AdaptyOnboardingsStateUpdatedParams: Sendable, Hashable {
    /// A single choice.
    case select(AdaptyOnboardingsSelectParams)
    /// Several choices.
    case multiSelect([AdaptyOnboardingsSelectParams])
    /// A text, e-mail or number field.
    case input(AdaptyOnboardingsInputParams)
    /// A date.
    case datePicker(AdaptyOnboardingsDatePickerParams)
}

/// One chosen option of a select or multi-select.
public struct AdaptyOnboardingsSelectParams: Sendable, Hashable {
    /// The option's id.
    public var id: String
    /// The option's value.
    public var value: String
    /// The option's label.
    public var label: String
}

/// The value of an input field, by the field's type.
public enum AdaptyOnboardingsInputParams: Sendable, Hashable {
    /// A text field's text.
    case text(String)
    /// An e-mail field's address.
    case email(String)
    /// A number field's number.
    case number(Double)
}

/// The date of a date picker; each part may be missing.
public struct AdaptyOnboardingsDatePickerParams: Sendable, Hashable {
    /// The day of the month.
    public var day: Int?
    /// The month.
    public var month: Int?
    /// The year.
    public var year: Int?
}

/// The analytics events an onboarding reports while the user goes through it (`type` `analytics`, by `name`), to
/// `onboardingController(_:onAnalyticsEvent:)`.
public enum AdaptyOnboardingsAnalyticsEvent: Sendable, Hashable {
    /// The onboarding has loaded (`onboarding_started`).
    case onboardingStarted(meta: AdaptyOnboardingsMetaParams)
    /// Any screen was shown (`screen_presented`).
    case screenPresented(meta: AdaptyOnboardingsMetaParams)
    /// A screen was completed, by any action that leaves it (`screen_completed`): `elementId` is the completed
    /// element, `reply` the user's answer, both optional.
    case screenCompleted(meta: AdaptyOnboardingsMetaParams, elementId: String?, reply: String?)
    /// The second screen was shown (`second_screen_presented`).
    case secondScreenPresented(meta: AdaptyOnboardingsMetaParams)
    /// A registration screen was shown (`registration_screen_presented`; not on the page, from the vendor SDK's
    /// source).
    case registrationScreenPresented(meta: AdaptyOnboardingsMetaParams)
    /// A products screen was shown (`products_screen_presented`; not on the page, from the vendor SDK's source).
    case productsScreenPresented(meta: AdaptyOnboardingsMetaParams)
    /// The user's e-mail was collected through an input field (`user_email_collected`).
    case userEmailCollected(meta: AdaptyOnboardingsMetaParams)
    /// The user reached the screen whose id is `final` (`onboarding_completed`); give the last screen that id if
    /// you need the event. The page's own example shows it with `screen_cid` `final_screen`, which contradicts its
    /// table. Resolved (assumed, `Schemas/adapty`): the onboarding posts the event and the SDK delivers it as
    /// posted, whatever the screen, as the vendor SDK does (it decodes the event by name only); the rule on the
    /// screen id is the onboarding's, and the simulator's onboardings follow the table: they post it on the screen
    /// `final` only.
    case onboardingCompleted(meta: AdaptyOnboardingsMetaParams)
    /// An event name the SDK does not know, with its `name` and `meta`.
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

    /// The meta every event carries.
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
