/// What the headless presenter shows: the campaign's text in the user's language, its CTAs and, for a survey,
/// its questions. Apps draw it; tests and flows act on it through `WalkMe.tapCTA(_:)`, `submitSurvey(_:)` and
/// `dismiss()`.
public struct WMPresentedCampaign: Sendable, Hashable {
    public var campaignId: String
    /// `shoutout` or `survey`.
    public var type: String
    public var title: String
    public var body: String
    public var ctas: [WMCTA]
    public var questions: [WMSurveyQuestion]
}
