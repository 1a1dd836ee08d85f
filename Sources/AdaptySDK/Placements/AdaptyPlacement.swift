public import Foundation
public import JSONCore

/// The placement a paywall or onboarding was fetched for (`meta.placement` of the variations answer).
public struct AdaptyPlacement: Sendable, Hashable {
    public var id: String
    public var audienceName: String
    public var revision: Int
    public var abTestName: String
    public var audienceVersionId: String
    public var isTrackingPurchases: Bool

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
    public var locale: String
    /// The raw JSON string.
    public var jsonString: String
    /// `jsonString` parsed, when it is JSON.
    public var dictionary: JSONValue? { try? JSONValue(parsing: jsonString) }
}

/// A product of a paywall as the backend lists it.
public struct AdaptyPaywallProduct: Sendable, Hashable {
    public var vendorProductId: String
    public var adaptyProductId: String
    public var accessLevelId: String?
    public var productType: AdaptyProductType?
    /// The promotional offer id, only when the profile is eligible for it.
    public var promotionalOfferId: String?
    public var winBackOfferId: String?
}

/// The documented `product_type` values; others are kept as they came.
public enum AdaptyProductType: Sendable, Hashable {
    case weekly, monthly, twoMonths, trimonthly, semiannual, annual, lifetime, consumable, nonSubscriptions
    case uncategorised
    case raw(String)

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
    public var placement: AdaptyPlacement
    public var variationId: String
    public var instanceIdentity: String
    public var name: String
    public var remoteConfig: AdaptyRemoteConfig?
    /// The view configuration of the paywall builder (`paywall_builder`), if the paywall has one.
    public var viewConfiguration: JSONValue?
    public var webPurchaseURL: URL?
    public var products: [AdaptyPaywallProduct]
    /// When the backend produced this copy (`response_created_at`, ms): the newer copy wins.
    public var responseCreatedAt: Int64
    /// The placements this variation locks the profile into (`cross_placement_info`).
    public var crossPlacementVariations: [String: String]

    public var placementId: String { placement.id }
    public var hasViewConfiguration: Bool { viewConfiguration != nil }
}

/// An onboarding: the variation of a placement chosen for this profile; its page is at ``configURL``.
public struct AdaptyOnboarding: Sendable, Hashable {
    public var placement: AdaptyPlacement
    public var variationId: String
    public var id: String
    public var name: String
    public var remoteConfig: AdaptyRemoteConfig?
    public var configURL: URL
    public var locale: String
    public var responseCreatedAt: Int64
    public var crossPlacementVariations: [String: String]

    public var placementId: String { placement.id }

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
