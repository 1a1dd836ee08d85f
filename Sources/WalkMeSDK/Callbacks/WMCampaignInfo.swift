public import Foundation
public import JSONCore

/// "The callback return object": the campaign, the CTA the user interacted with, the user and the campaign's data,
/// as the page's `WMCampaignInfo` lists them.
public final class WMCampaignInfo: NSObject, Sendable {
    /// "The campaign CTA that the app user has interacted with. For all CTAs other than the custom one, the CTA
    /// returned will be: abbi://cta, for example: abbi://ok or abbi://never"; a custom CTA reports its configured
    /// value. `abbi://later`, `abbi://close` (the campaign closed without a CTA of its own, ``WalkMe/dismiss()``) and
    /// `abbi://submit` (a survey submitted) are the project's own names for the CTAs the page does not list
    /// (assumed, `Schemas/walkme`). (The misspelling is the documented property name.)
    public let campaginCta: String
    /// "The unique ID for the Campaign CTA" (empty when the campaign was only shown).
    public let campaignCtaId: String
    /// "The unique ID assigned to the campaign".
    public let campaignId: String
    /// "An object holding information on the user who interacted with the campaign."
    public let userData: WMUserData
    /// "A placeholder object added for possible future use of additional data appended to the campaign. Survey
    /// submission data is populated here." As the page's `NSDictionary`: each key with its value as a Foundation
    /// value (`String`, a number, `Bool`, an array, a dictionary or `NSNull`), so
    /// `campaignData["campaignName"] as? String` reads the name; a survey's answers are under `answers`.
    /// ``campaignDataValues`` is the same data typed.
    public var campaignData: [AnyHashable: Any] { campaignDataValues.foundationDictionary }
    /// The campaign's data as JSON values.
    public let campaignDataValues: [String: JSONValue]

    init(
        campaginCta: String, campaignCtaId: String, campaignId: String, userData: WMUserData,
        campaignData: [String: JSONValue]
    ) {
        self.campaginCta = campaginCta
        self.campaignCtaId = campaignCtaId
        self.campaignId = campaignId
        self.userData = userData
        campaignDataValues = campaignData
    }

    /// Every field as JSON, under the page's names.
    public var json: JSONValue {
        [
            "campaginCta": .string(campaginCta), "campaignCtaId": .string(campaignCtaId),
            "campaignId": .string(campaignId), "userData": userData.json,
            "campaignData": .object(JSONObject(campaignDataValues.sorted { $0.key < $1.key })),
        ]
    }
}
