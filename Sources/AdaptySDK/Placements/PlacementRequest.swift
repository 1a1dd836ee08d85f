import Foundation
import HTTPTypes
import JSONCore

/// Paywall or onboarding: the two kinds of placement content and how their requests differ.
enum PlacementKind: String, Sendable {
    case paywall
    case onboarding

    /// The paywall builder version sent in headers, the `{md5}` segment and the fallback path.
    static let builderVersion = "4_4"
    static let builderConfigFormatVersion = "4.4.0"
    static let onboardingUIVersion = "2.0.0"
}

/// The `{md5}` path segment: hex MD5 of a compact JSON object with sorted keys and the locale lower-cased.
public enum AdaptyVariationsHash {
    /// For the all-variations paywall endpoint; `cross_placement_eligibility` only appears when true.
    public static func paywallVariations(locale: String, segmentHash: String, crossPlacementEligible: Bool) -> String {
        var members: [(String, JSONValue)] = [
            ("builder_version", .string(PlacementKind.builderVersion)), ("locale", .string(locale.lowercased())),
            ("segment_hash", .string(segmentHash)), ("store", "app_store"),
        ]
        if crossPlacementEligible { members.append(("cross_placement_eligibility", true)) }
        return hash(members)
    }

    /// For the all-variations onboarding endpoint.
    public static func onboardingVariations(
        locale: String, segmentHash: String, crossPlacementEligible: Bool
    )
        -> String
    {
        hash([
            ("cross_placement_eligibility", .bool(crossPlacementEligible)), ("locale", .string(locale.lowercased())),
            ("segment_hash", .string(segmentHash)),
        ])
    }

    /// For the single-variation paywall endpoint.
    public static func paywallVariation(locale: String) -> String {
        hash([
            ("builder_version", .string(PlacementKind.builderVersion)), ("locale", .string(locale.lowercased())),
            ("store", "app_store"),
        ])
    }

    /// For the single-variation onboarding endpoint.
    public static func onboardingVariation(locale: String) -> String {
        hash([("locale", .string(locale.lowercased()))])
    }

    /// The compact, key-sorted JSON text that is hashed.
    static func canonical(_ members: [(String, JSONValue)]) -> String {
        JSONValue.object(JSONObject(members)).serialized(.sortedKeys)
    }

    static func hash(_ members: [(String, JSONValue)]) -> String {
        MD5.hex(canonical(members))
    }
}

extension PlacementKind {
    /// The main-host request for `placementId` (all variations, or the one the profile is locked into).
    func request(
        apiKeyPrefix: String, placementId: String, locale: String, profileId: String, segmentHash: String,
        crossPlacementEligible: Bool, lockedVariation: String?
    ) -> AdaptyBackend.Request {
        let locale = locale.lowercased()
        let md5: String
        switch (self, lockedVariation) {
        case (.paywall, nil):
            md5 = AdaptyVariationsHash.paywallVariations(
                locale: locale, segmentHash: segmentHash, crossPlacementEligible: crossPlacementEligible)
        case (.onboarding, nil):
            md5 = AdaptyVariationsHash.onboardingVariations(
                locale: locale, segmentHash: segmentHash, crossPlacementEligible: crossPlacementEligible)
        case (.paywall, _?): md5 = AdaptyVariationsHash.paywallVariation(locale: locale)
        case (.onboarding, _?): md5 = AdaptyVariationsHash.onboardingVariation(locale: locale)
        }
        var path =
            "/sdk/in-apps/\(Self.segment(apiKeyPrefix))/\(rawValue)/variations/\(Self.segment(placementId))/\(md5)/"
        if let lockedVariation { path += "\(Self.segment(lockedVariation))/" }
        var headers: [(String, String)] = [("adapty-sdk-profile-id", profileId)]
        switch self {
        case .paywall:
            headers += [
                ("adapty-paywall-locale", locale), ("adapty-paywall-builder-locale", locale),
                ("adapty-paywall-builder-version", Self.builderVersion),
                ("adapty-paywall-builder-config-format-version", Self.builderConfigFormatVersion),
            ]
        case .onboarding:
            headers += [
                ("adapty-onboarding-locale", locale), ("adapty-onboarding-ui-version", Self.onboardingUIVersion),
            ]
        }
        if lockedVariation == nil {
            headers += [
                ("adapty-cross-placement-eligibility", crossPlacementEligible ? "true" : "false"),
                ("adapty-profile-segment-hash", segmentHash),
            ]
        }
        return AdaptyBackend.Request(
            method: .get, path: path, headers: headers,
            endpoint: lockedVariation == nil ? "fetch \(rawValue) variations" : "fetch \(rawValue) variation")
    }

    /// The fallback-host request for `placementId`.
    func fallbackRequest(
        apiKeyPrefix: String, placementId: String, locale: String, variationId: String?
    )
        -> AdaptyBackend.Request
    {
        let lang = Self.segment(locale.lowercased())
        var path = "/sdk/in-apps/\(Self.segment(apiKeyPrefix))/\(rawValue)/variations/\(Self.segment(placementId))/"
        if let variationId { path += "\(Self.segment(variationId))/" }
        switch self {
        case .paywall: path += "app_store/\(lang)/\(Self.builderVersion)/fallback.json"
        case .onboarding: path += "\(lang)/fallback.json"
        }
        return AdaptyBackend.Request(method: .get, path: path, endpoint: "fetch fallback \(rawValue)")
    }

    /// A path segment with everything but unreserved characters percent-encoded.
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
