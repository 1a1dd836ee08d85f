import Foundation
public import JSONCore

/// The Swift samples' spelling of ``WECampaignData``.
public typealias WEGCampaignData = WECampaignData

/// A campaign for one property, as the callbacks receive it: the placeholder (``targetViewId``), the campaign's
/// id and its ``content``. For Custom templates the app renders it and reports ``trackImpression(attributes:)``
/// and ``trackClick(attributes:)`` itself.
public final class WECampaignData: Sendable, CustomStringConvertible {
    /// The placeholder's name: its iOS property id (the view's tag) as a string.
    public let targetViewId: String
    /// The campaign's id; empty when the property has no campaign (default content).
    public let campaignId: String
    /// The campaign's view content, with its custom key/value pairs (the page types it `WECampaignContent`).
    public let content: WECampaignContent

    let tracking: Tracking?
    private let rendering = Locked(true)

    /// The property the campaign is on and the variation it came from: the system attributes of its events.
    struct Tracking: Sendable {
        var propertyId: String
        var variationId: String
        var track: @Sendable (_ event: String, _ system: JSONObject, _ attributes: JSONObject) -> Void
    }

    /// Campaign data for the placeholder `targetViewId`, as an app or a test builds it; the SDK's own (with event
    /// tracking) arrive in the callbacks.
    public init(targetViewId: String, campaignId: String = "", content: WECampaignContent) {
        self.targetViewId = targetViewId
        self.campaignId = campaignId
        self.content = content
        tracking = nil
    }

    init(targetViewId: String, campaignId: String, content: WECampaignContent, tracking: Tracking) {
        self.targetViewId = targetViewId
        self.campaignId = campaignId
        self.content = content
        self.tracking = tracking
    }

    /// The placeholder's tag, when ``targetViewId`` is a number (as iOS property ids are).
    public var targetViewTag: Int? { Int(targetViewId) }

    /// Asks the SDK not to render this Banner or Text campaign: the app renders it from the data instead (call
    /// it in `onCampaignPrepared`).
    public func stopRendering() {
        rendering.withLock { $0 = false }
    }

    /// Whether the SDK will render the campaign (Banner and Text, unless ``stopRendering()`` was called).
    public var shouldRender: Bool {
        rendering.withLock { $0 } && (content.layout == .banner || content.layout == .text)
    }

    /// Records that the campaign was viewed (the page's Record Viewed Impression): the app calls it once it has shown
    /// the campaign's view. `attributes` is any custom dictionary the app wants recorded with the event (merged
    /// over the campaign's custom data). Sent as `app_personalization_view` for any
    /// campaign the SDK delivered, whatever its layout and whether or not the SDK rendered it (the page limits it
    /// to neither); on data the app built itself, which belongs to no property, it records nothing.
    public func trackImpression(attributes: [String: JSONValue]?) {
        track("app_personalization_view", extra: JSONObject(), attributes: attributes)
    }

    /// Records a click on the campaign's view (the page's Record Click Impression), each time the user clicks it;
    /// `attributes` as for ``trackImpression(attributes:)``. Sent as `app_personalization_click` for any
    /// campaign the SDK delivered.
    public func trackClick(attributes: [String: JSONValue]?) {
        track("app_personalization_click", extra: JSONObject(), attributes: attributes)
    }

    func track(_ event: String, extra: JSONObject, attributes: [String: JSONValue]?) {
        guard let tracking else { return }
        tracking.track(event, systemAttributes(extra), eventAttributes(attributes))
    }

    /// `p_id`, `id` (the variation) and `experiment_id` (the campaign), plus `extra`.
    func systemAttributes(_ extra: JSONObject) -> JSONObject {
        var system = JSONObject()
        system["p_id"] = .string(tracking?.propertyId ?? targetViewId)
        system["id"] = .string(tracking?.variationId ?? "")
        system["experiment_id"] = .string(campaignId)
        for (key, value) in extra { system[key] = value }
        return system
    }

    /// The campaign's custom data with `attributes` over it.
    func eventAttributes(_ attributes: [String: JSONValue]?) -> JSONObject {
        var merged = content.customData
        for (key, value) in attributes ?? [:] { merged[key] = value }
        return JSONObject(merged.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// `{"campaignId","targetViewId","content":{…}}`.
    public var json: JSONValue {
        [
            "campaignId": .string(campaignId), "targetViewId": .string(targetViewId),
            "content": content.json,
        ]
    }

    /// The campaign as JSON (sorted keys), the form the React Native and Flutter bridges pass on.
    public func toJSONString() -> String {
        json.serialized([.sortedKeys])
    }

    /// The campaign as ``toJSONString()`` writes it.
    public var description: String { toJSONString() }
}
