public import Foundation
public import JSONCore

/// The profile as the backend returns it (`data` or `data.attributes` of the profile endpoints).
public struct AdaptyProfile: Sendable, Hashable {
    /// The profile's id.
    public var profileId: String
    /// The app's own id for the user.
    public var customerUserId: String?
    /// The hash of the segments the profile is in.
    public var segmentHash: String
    /// Whether the profile is a test user.
    public var isTestUser: Bool
    /// The profile's version (`timestamp`).
    public var version: Int64
    /// The custom attributes.
    public var customAttributes: JSONValue
    /// Access levels by id (`paid_access_levels`).
    public var accessLevels: [String: AccessLevel]

    /// An access level of the profile.
    public struct AccessLevel: Sendable, Hashable {
        /// The access level's id.
        public var id: String
        /// Whether it is active now.
        public var isActive: Bool
        /// The product that granted it.
        public var vendorProductId: String
        /// The store of the purchase.
        public var store: String
        /// When it was activated.
        public var activatedAt: Date?
        /// When it expires, if it does.
        public var expiresAt: Date?
        /// Whether it never expires.
        public var isLifetime: Bool
        /// Whether it renews.
        public var willRenew: Bool
    }

    init(_ value: JSONValue, endpoint: String) throws(AdaptyError) {
        let body = value["data"]?["attributes"] ?? value["data"] ?? .null
        guard let profileId = body["profile_id"]?.stringValue, let segmentHash = body["segment_hash"]?.stringValue
        else {
            throw .decodingFailed(endpoint: endpoint, detail: "the profile needs `profile_id` and `segment_hash`")
        }
        self.profileId = profileId
        self.segmentHash = segmentHash
        customerUserId = body["customer_user_id"]?.stringValue
        isTestUser = body["is_test_user"]?.boolValue ?? false
        version = body["timestamp"]?.numberValue?.integer ?? 0
        customAttributes = body["custom_attributes"] ?? .object(JSONObject())
        var levels: [String: AccessLevel] = [:]
        for (key, level) in body["paid_access_levels"]?.objectValue ?? JSONObject() {
            levels[key] = AccessLevel(
                id: level["id"]?.stringValue ?? key, isActive: level["is_active"]?.boolValue ?? false,
                vendorProductId: level["vendor_product_id"]?.stringValue ?? "",
                store: level["store"]?.stringValue ?? "",
                activatedAt: level["activated_at"]?.stringValue.flatMap(AdaptyDateCoding.date(from:)),
                expiresAt: level["expires_at"]?.stringValue.flatMap(AdaptyDateCoding.date(from:)),
                isLifetime: level["is_lifetime"]?.boolValue ?? false, willRenew: level["will_renew"]?.boolValue ?? false
            )
        }
        accessLevels = levels
    }
}

/// What `updateProfile(params:)` changes; nil members are not sent.
public struct AdaptyProfileParameters: Sendable, Hashable {
    /// The first name.
    public var firstName: String?
    /// The last name.
    public var lastName: String?
    /// The gender.
    public var gender: String?
    /// `yyyy-MM-dd`.
    public var birthday: String?
    /// The e-mail address.
    public var email: String?
    /// The phone number.
    public var phoneNumber: String?
    /// Custom attributes to set.
    public var customAttributes: [String: String]?
    /// Whether analytics are off for the profile.
    public var analyticsDisabled: Bool?

    /// Parameters; nil members are not sent.
    public init(
        firstName: String? = nil, lastName: String? = nil, gender: String? = nil, birthday: String? = nil,
        email: String? = nil, phoneNumber: String? = nil, customAttributes: [String: String]? = nil,
        analyticsDisabled: Bool? = nil
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.gender = gender
        self.birthday = birthday
        self.email = email
        self.phoneNumber = phoneNumber
        self.customAttributes = customAttributes
        self.analyticsDisabled = analyticsDisabled
    }

    var attributes: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        let strings: [(String, String?)] = [
            ("first_name", firstName), ("last_name", lastName), ("gender", gender), ("birthday", birthday),
            ("email", email), ("phone_number", phoneNumber),
        ]
        for (key, value) in strings { if let value { members.append((key, .string(value))) } }
        if let customAttributes {
            members.append(
                (
                    "custom_attributes",
                    .object(JSONObject(customAttributes.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
                ))
        }
        if let analyticsDisabled { members.append(("analytics_disabled", .bool(analyticsDisabled))) }
        return members
    }
}

/// How the last profile answer was used: decoded, or kept from the cache because `x-response-hash` equalled the
/// hash the SDK sent.
public enum AdaptyProfileResponseUse: String, Sendable, Hashable {
    /// The answer's profile was decoded.
    case decoded
    /// The profile was unchanged: the cached copy was kept.
    case unchangedKeptCache = "unchanged-kept-cache"
}
