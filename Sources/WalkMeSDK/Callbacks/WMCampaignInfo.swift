public import Foundation
public import JSONCore

/// What a campaign callback reports: the campaign, the CTA the user chose, the user and the campaign's data.
public final class WMCampaignInfo: NSObject, Sendable {
    /// The CTA the user interacted with: `abbi://<cta>` for the built-in ones (`abbi://ok`, `abbi://never`), the
    /// configured value for a custom CTA. (The misspelling is the documented property name.)
    public let campaginCta: String
    /// The CTA's unique id (empty when the campaign was only shown).
    public let campaignCtaId: String
    /// The campaign's unique id.
    public let campaignId: String
    /// The user who interacted, at that moment.
    public let userData: WMUserData
    /// The campaign's data; a survey's submitted answers are under `answers`.
    public let campaignData: [String: JSONValue]

    init(
        campaginCta: String, campaignCtaId: String, campaignId: String, userData: WMUserData,
        campaignData: [String: JSONValue]
    ) {
        self.campaginCta = campaginCta
        self.campaignCtaId = campaignCtaId
        self.campaignId = campaignId
        self.userData = userData
        self.campaignData = campaignData
    }

    /// Every field as JSON, under the page's names.
    public var json: JSONValue {
        [
            "campaginCta": .string(campaginCta), "campaignCtaId": .string(campaignCtaId),
            "campaignId": .string(campaignId), "userData": userData.json,
            "campaignData": .object(JSONObject(campaignData.sorted { $0.key < $1.key })),
        ]
    }
}
