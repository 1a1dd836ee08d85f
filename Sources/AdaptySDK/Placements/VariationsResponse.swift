import Foundation
import JSONCore

/// A decoded answer of the variations endpoints (main host, fallback host, bundled fallback file): the
/// placement, `response_created_at`, and every variation (flat or wrapped in `attributes`).
struct VariationsResponse: Sendable {
    struct Variation: Sendable {
        var id: String
        var weight: Int
        var body: JSONValue
    }

    var placement: AdaptyPlacement
    var responseCreatedAt: Int64
    var variations: [Variation]
    /// The first variation (the answer holds at least one).
    let first: Variation

    /// Decodes `{"meta":{"placement":{…},"response_created_at":…},"data":[…] | {…}}`.
    init(_ value: JSONValue, endpoint: String) throws(AdaptyError) {
        func fail(_ detail: String) -> AdaptyError { .decodingFailed(endpoint: endpoint, detail: detail) }
        guard let meta = value["meta"], let placement = meta["placement"] else {
            throw fail("`meta.placement` is missing")
        }
        guard let id = placement["developer_id"]?.stringValue,
            let audienceVersion = placement["placement_audience_version_id"]?.stringValue
        else { throw fail("`meta.placement` needs `developer_id` and `placement_audience_version_id`") }
        self.placement = AdaptyPlacement(
            id: id, audienceName: placement["audience_name"]?.stringValue ?? "",
            revision: placement["revision"]?.numberValue?.integer.map { Int($0) } ?? 0,
            abTestName: placement["ab_test_name"]?.stringValue ?? "", audienceVersionId: audienceVersion,
            isTrackingPurchases: placement["is_tracking_purchases"]?.boolValue ?? false)
        responseCreatedAt = meta["response_created_at"]?.numberValue?.integer ?? 0
        let items: [JSONValue]
        switch value["data"] {
        case .array(let array)?: items = array
        case .object?: items = [value["data"] ?? .null]
        default: throw fail("`data` is not an array of variations")
        }
        guard !items.isEmpty else { throw fail("`data` holds no variation") }
        var variations: [Variation] = []
        for (index, item) in items.enumerated() {
            let body = item["attributes"] ?? item
            guard let variationId = body["variation_id"]?.stringValue else {
                throw fail("`data[\(index)].variation_id` is missing")
            }
            let weight = body["weight"]?.numberValue?.integer.flatMap { Int(exactly: $0) } ?? 0
            variations.append(Variation(id: variationId, weight: weight, body: body))
        }
        guard let first = variations.first else { throw fail("`data` holds no variation") }
        self.variations = variations
        self.first = first
    }

    /// The variation for `profileId`: the locked one when given, else the local weighted choice.
    func variation(for profileId: String, locked: String?) -> Variation {
        if let locked, let found = variations.first(where: { $0.id == locked }) { return found }
        return AdaptyVariationChoice.choose(
            variations, placementAudienceVersionId: placement.audienceVersionId, profileId: profileId,
            weight: \.weight, id: \.id) ?? first
    }
}

/// The local variation choice: MD5 of `<placement_audience_version_id>-<profileId>`, its last 8 bytes as a
/// big-endian integer modulo 100, then the first variation, ordered by (weight, variation id), whose cumulative
/// weight exceeds that value.
public enum AdaptyVariationChoice {
    /// The value in 0..<100 a profile draws for a placement audience version.
    public static func draw(placementAudienceVersionId: String, profileId: String) -> Int {
        let digest = MD5.digest(Array("\(placementAudienceVersionId)-\(profileId)".utf8))
        var value: UInt64 = 0
        for byte in digest.suffix(8) { value = value << 8 | UInt64(byte) }
        return Int(value % 100)
    }

    /// The chosen element of `items`: the last one when the weights sum below the draw, nil when there is none.
    public static func choose<Item>(
        _ items: [Item], placementAudienceVersionId: String, profileId: String, weight: (Item) -> Int,
        id: (Item) -> String
    ) -> Item? {
        let drawn = draw(placementAudienceVersionId: placementAudienceVersionId, profileId: profileId)
        let ordered = items.sorted { (weight($0), id($0)) < (weight($1), id($1)) }
        var cumulative = 0
        for item in ordered {
            cumulative += weight(item)
            if drawn < cumulative { return item }
        }
        return ordered.last
    }
}

extension VariationsResponse.Variation {
    func paywall(placement: AdaptyPlacement, responseCreatedAt: Int64) -> AdaptyPaywall {
        AdaptyPaywall(
            placement: placement, variationId: id, instanceIdentity: "\(id)-\(body["paywall_id"]?.stringValue ?? "")",
            name: body["paywall_name"]?.stringValue ?? "", remoteConfig: Self.remoteConfig(body["remote_config"]),
            viewConfiguration: body["paywall_builder"].flatMap { $0.isNull ? nil : $0 },
            webPurchaseURL: body["web_purchase_url"]?.stringValue.flatMap(URL.init(string:)),
            products: (body["products"]?.arrayValue ?? []).compactMap(Self.product),
            responseCreatedAt: responseCreatedAt, crossPlacementVariations: crossPlacement)
    }

    func onboarding(
        placement: AdaptyPlacement, responseCreatedAt: Int64, endpoint: String
    ) throws(AdaptyError)
        -> AdaptyOnboarding
    {
        guard let builder = body["onboarding_builder"], let text = builder["config_url"]?.stringValue,
            let url = URL(string: text)
        else {
            throw .decodingFailed(endpoint: endpoint, detail: "`onboarding_builder.config_url` is missing")
        }
        return AdaptyOnboarding(
            placement: placement, variationId: id, id: body["onboarding_id"]?.stringValue ?? "",
            name: body["onboarding_name"]?.stringValue ?? "", remoteConfig: Self.remoteConfig(body["remote_config"]),
            configURL: url, locale: builder["lang"]?.stringValue ?? "en", responseCreatedAt: responseCreatedAt,
            crossPlacementVariations: crossPlacement)
    }

    private var crossPlacement: [String: String] {
        var map: [String: String] = [:]
        for (key, value) in body["cross_placement_info"]?["placement_with_variation_map"]?.objectValue ?? JSONObject() {
            if let variation = value.stringValue { map[key] = variation }
        }
        return map
    }

    private static func remoteConfig(_ value: JSONValue?) -> AdaptyRemoteConfig? {
        guard let value, let data = value["data"]?.stringValue else { return nil }
        return AdaptyRemoteConfig(locale: value["lang"]?.stringValue ?? "en", jsonString: data)
    }

    private static func product(_ value: JSONValue) -> AdaptyPaywallProduct? {
        guard let vendor = value["vendor_product_id"]?.stringValue else { return nil }
        let eligible = value["promotional_offer_eligibility"]?.boolValue ?? false
        return AdaptyPaywallProduct(
            vendorProductId: vendor, adaptyProductId: value["adapty_product_id"]?.stringValue ?? "",
            accessLevelId: value["access_level_id"]?.stringValue,
            productType: value["product_type"]?.stringValue.map(AdaptyProductType.init),
            promotionalOfferId: eligible ? value["promotional_offer_id"]?.stringValue : nil,
            winBackOfferId: value["win_back_offer_id"]?.stringValue)
    }
}
