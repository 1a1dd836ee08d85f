/// What the headless presenter shows: the campaign's text in the user's language, its CTAs and, for a survey,
/// its questions. Apps draw it; tests and flows act on it through `WalkMe.tapCTA(_:)`, `submitSurvey(_:)` and
/// `dismiss()`.
public struct WMPresentedCampaign: Sendable, Hashable {
    /// The campaign's id.
    public var campaignId: String
    /// `shoutout` or `survey`.
    public var type: String
    /// The title in the current language.
    public var title: String
    /// The body in the current language.
    public var body: String
    /// The CTAs, in order.
    public var ctas: [WMCTA]
    /// A survey's questions (empty for a shout-out).
    public var questions: [WMSurveyQuestion]
}
