public import Foundation
import JSONCore
public import OpenAPIRuntime

/// The documented static API. `activate` makes the one instance the static calls use, as the iOS SDK keeps one;
/// the instance lives in a `Mutex`, set once per process (or replaced by ``Adapty/resetShared()`` in tests).
extension Adapty {
    private static let shared = Locked<Adapty?>(nil)

    /// Activates the shared instance.
    ///
    /// - Throws: ``AdaptyError/activateOnce`` when already activated, ``AdaptyError/wrongParam(name:detail:)`` for
    ///   an empty key.
    @discardableResult
    public static func activate(
        with configuration: AdaptyConfiguration, transport: any ClientTransport,
        profileStore: any AdaptyProfileStore = AdaptyInMemoryProfileStore(),
        now: @escaping @Sendable () -> Date = { Date() }, makeUUID: @escaping @Sendable () -> UUID = { UUID() }
    ) throws(AdaptyError) -> Adapty {
        guard !configuration.apiKey.isEmpty else { throw .wrongParam(name: "apiKey", detail: "is empty") }
        let adapty = Adapty(
            configuration: configuration, transport: transport, profileStore: profileStore, now: now,
            makeUUID: makeUUID)
        let stored = shared.withLock { current -> Bool in
            guard current == nil else { return false }
            current = adapty
            return true
        }
        guard stored else { throw .activateOnce }
        return adapty
    }

    /// Forgets the shared instance (tests).
    public static func resetShared() {
        shared.withLock { $0 = nil }
    }

    /// The shared instance, or `notActivated`.
    public static func activated() throws(AdaptyError) -> Adapty {
        guard let adapty = shared.withLock({ $0 }) else {
            throw .notActivated(detail: "Adapty.activate(with:) has not been called")
        }
        return adapty
    }

    /// The paywall of `placementId` from the shared instance (see
    /// ``Adapty/getPaywall(placementId:locale:fetchPolicy:loadTimeout:)``); the page fetches the paywall of an
    /// open-paywall action with it.
    public static func getPaywall(
        placementId: String, locale: String? = nil, fetchPolicy: AdaptyPlacementFetchPolicy = .default,
        loadTimeout: TimeInterval? = nil
    ) async throws(AdaptyError) -> AdaptyPaywall {
        try await activated().getPaywall(
            placementId: placementId, locale: locale, fetchPolicy: fetchPolicy, loadTimeout: loadTimeout)
    }

    /// The onboarding of `placementId` from the shared instance.
    public static func getOnboarding(
        placementId: String, locale: String? = nil, fetchPolicy: AdaptyPlacementFetchPolicy = .default,
        loadTimeout: TimeInterval? = nil
    ) async throws(AdaptyError) -> AdaptyOnboarding {
        try await activated().getOnboarding(
            placementId: placementId, locale: locale, fetchPolicy: fetchPolicy, loadTimeout: loadTimeout)
    }

    /// The profile, from the shared instance.
    public static func getProfile() async throws(AdaptyError) -> AdaptyProfile {
        try await activated().getProfile()
    }

    /// Sends `params` for the profile, from the shared instance.
    public static func updateProfile(params: AdaptyProfileParameters) async throws(AdaptyError) -> AdaptyProfile {
        try await activated().updateProfile(params: params)
    }
}
