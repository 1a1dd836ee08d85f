import JSONCore

/// Where the SDK keeps the profile id it generated (a lower-case UUID), as the iOS SDK keeps it in
/// `UserDefaults`. Inject one per app install; ``AdaptyInMemoryProfileStore`` is the default.
public protocol AdaptyProfileStore: Sendable {
    /// The profile id made on this device, if one was saved.
    func loadProfileId() -> String?
    /// Keeps the profile id made on this device.
    func saveProfileId(_ profileId: String)
    /// The onboarding variation id persisted once an onboarding that tracks purchases has loaded.
    func loadOnboardingVariationId() -> String?
    /// Keeps the onboarding variation id.
    func saveOnboardingVariationId(_ variationId: String)
}

/// A profile store in memory: forgotten when the instance goes.
public final class AdaptyInMemoryProfileStore: AdaptyProfileStore {
    private let values = Locked<(profileId: String?, variationId: String?)>((nil, nil))

    /// A store holding `profileId`, if given.
    public init(profileId: String? = nil) {
        values.withLock { $0.profileId = profileId }
    }

    /// The stored profile id.
    public func loadProfileId() -> String? { values.withLock { $0.profileId } }
    /// Stores the profile id.
    public func saveProfileId(_ profileId: String) { values.withLock { $0.profileId = profileId } }
    /// The stored onboarding variation id.
    public func loadOnboardingVariationId() -> String? { values.withLock { $0.variationId } }
    /// Stores the onboarding variation id.
    public func saveOnboardingVariationId(_ variationId: String) { values.withLock { $0.variationId = variationId } }
}
