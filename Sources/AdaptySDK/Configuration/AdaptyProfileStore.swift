import Synchronization

/// Where the SDK keeps the profile id it generated (a lower-case UUID), as the iOS SDK keeps it in
/// `UserDefaults`. Inject one per app install; ``AdaptyInMemoryProfileStore`` is the default.
public protocol AdaptyProfileStore: Sendable {
    func loadProfileId() -> String?
    func saveProfileId(_ profileId: String)
    /// The onboarding variation id persisted once an onboarding that tracks purchases has loaded.
    func loadOnboardingVariationId() -> String?
    func saveOnboardingVariationId(_ variationId: String)
}

/// A profile store in memory: forgotten when the instance goes.
public final class AdaptyInMemoryProfileStore: AdaptyProfileStore {
    private let values = Mutex<(profileId: String?, variationId: String?)>((nil, nil))

    public init(profileId: String? = nil) {
        values.withLock { $0.profileId = profileId }
    }

    public func loadProfileId() -> String? { values.withLock { $0.profileId } }
    public func saveProfileId(_ profileId: String) { values.withLock { $0.profileId = profileId } }
    public func loadOnboardingVariationId() -> String? { values.withLock { $0.variationId } }
    public func saveOnboardingVariationId(_ variationId: String) { values.withLock { $0.variationId = variationId } }
}
