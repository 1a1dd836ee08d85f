public import Foundation
public import JSONCore

/// The placement a paywall or onboarding was fetched for (`meta.placement` of the variations answer).
public struct AdaptyPlacement: Sendable, Hashable {
    /// The id (the placement's developer id, or the onboarding's id).
    public var id: String
    /// The audience the profile fell in.
    public var audienceName: String
    /// The placement's revision.
    public var revision: Int
    /// The A/B test the variation belongs to.
    public var abTestName: String
    /// The audience version (`placement_audience_version_id`).
    public var audienceVersionId: String
    /// Whether purchases are attributed to the placement.
    public var isTrackingPurchases: Bool

    /// Values as the backend sends them (for tests and fallback data).
    public init(
        id: String, audienceName: String, revision: Int, abTestName: String, audienceVersionId: String,
        isTrackingPurchases: Bool
    ) {
        self.id = id
        self.audienceName = audienceName
        self.revision = revision
        self.abTestName = abTestName
        self.audienceVersionId = audienceVersionId
        self.isTrackingPurchases = isTrackingPurchases
    }
}

/// A paywall's remote config: `lang` and `data`, a JSON document sent as a string.
public struct AdaptyRemoteConfig: Sendable, Hashable {
    /// The locale (`lang`).
    public var locale: String
    /// The raw JSON string.
    public var jsonString: String
    /// `jsonString` parsed, when it is JSON.
    public var dictionary: JSONValue? { try? JSONValue(parsing: jsonString) }
}

/// A product of a paywall as the backend lists it.
public struct AdaptyPaywallProduct: Sendable, Hashable {
    /// The App Store product id.
    public var vendorProductId: String
    /// Adapty's id of the product.
    public var adaptyProductId: String
    /// The access level the product grants.
    public var accessLevelId: String?
    /// The product's period or kind.
    public var productType: AdaptyProductType?
    /// The promotional offer id, only when the profile is eligible for it.
    public var promotionalOfferId: String?
    /// The win-back offer id, when there is one.
    public var winBackOfferId: String?
}

/// The documented `product_type` values; others are kept as they came.
public enum AdaptyProductType: Sendable, Hashable {
    /// The documented periods and kinds.
    case weekly, monthly, twoMonths, trimonthly, semiannual, annual, lifetime, consumable, nonSubscriptions
    /// `uncategorised`.
    case uncategorised
    /// A value the SDK does not know, as it came.
    case raw(String)

    /// The type named `text`; an unknown name is kept as ``raw(_:)``.
    public init(_ text: String) {
        switch text {
        case "weekly": self = .weekly
        case "monthly": self = .monthly
        case "two_months": self = .twoMonths
        case "trimonthly": self = .trimonthly
        case "semiannual": self = .semiannual
        case "annual": self = .annual
        case "lifetime": self = .lifetime
        case "consumable": self = .consumable
        case "nonsubscriptions": self = .nonSubscriptions
        case "uncategorised": self = .uncategorised
        default: self = .raw(text)
        }
    }

    /// The wire name.
    public var rawValue: String {
        switch self {
        case .weekly: "weekly"
        case .monthly: "monthly"
        case .twoMonths: "two_months"
        case .trimonthly: "trimonthly"
        case .semiannual: "semiannual"
        case .annual: "annual"
        case .lifetime: "lifetime"
        case .consumable: "consumable"
        case .nonSubscriptions: "nonsubscriptions"
        case .uncategorised: "uncategorised"
        case .raw(let text): text
        }
    }
}

/// A paywall: the variation of a placement chosen for this profile.
public struct AdaptyPaywall: Sendable, Hashable {
    /// The placement it was fetched for.
    public var placement: AdaptyPlacement
    /// The variation chosen for the profile.
    public var variationId: String
    /// The instance identity of the paywall.
    public var instanceIdentity: String
    /// The name given in the dashboard.
    public var name: String
    /// The remote config, if any.
    public var remoteConfig: AdaptyRemoteConfig?
    /// The view configuration of the paywall builder (`paywall_builder`), if the paywall has one.
    public var viewConfiguration: JSONValue?
    /// The web purchase URL, if any.
    public var webPurchaseURL: URL?
    /// The products, as the backend lists them.
    public var products: [AdaptyPaywallProduct]
    /// When the backend produced this copy (`response_created_at`, ms): the newer copy wins.
    public var responseCreatedAt: Int64
    /// The placements this variation locks the profile into (`cross_placement_info`).
    public var crossPlacementVariations: [String: String]

    /// The placement's id.
    public var placementId: String { placement.id }
    /// Whether the paywall was made with the paywall builder.
    public var hasViewConfiguration: Bool { viewConfiguration != nil }
}

/// An onboarding: the variation of a placement chosen for this profile; its page is at ``configURL``.
public struct AdaptyOnboarding: Sendable, Hashable {
    /// The placement it was fetched for.
    public var placement: AdaptyPlacement
    /// The variation chosen for the profile.
    public var variationId: String
    /// The id (the placement's developer id, or the onboarding's id).
    public var id: String
    /// The name given in the dashboard.
    public var name: String
    /// The remote config, if any.
    public var remoteConfig: AdaptyRemoteConfig?
    /// The page the onboarding view loads (`onboarding_builder.config_url`).
    public var configURL: URL
    /// The locale (`lang`).
    public var locale: String
    /// When the backend produced this copy (`response_created_at`, ms).
    public var responseCreatedAt: Int64
    /// The placements this variation locks the profile into.
    public var crossPlacementVariations: [String: String]

    /// The placement's id.
    public var placementId: String { placement.id }

    /// Values as the backend sends them (for tests and fallback data).
    public init(
        placement: AdaptyPlacement, variationId: String, id: String, name: String, remoteConfig: AdaptyRemoteConfig?,
        configURL: URL, locale: String, responseCreatedAt: Int64, crossPlacementVariations: [String: String]
    ) {
        self.placement = placement
        self.variationId = variationId
        self.id = id
        self.name = name
        self.remoteConfig = remoteConfig
        self.configURL = configURL
        self.locale = locale
        self.responseCreatedAt = responseCreatedAt
        self.crossPlacementVariations = crossPlacementVariations
    }
}
