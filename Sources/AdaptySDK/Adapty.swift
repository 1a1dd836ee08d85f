public import Foundation
import JSONCore
public import OpenAPIRuntime

/// The Adapty SDK core: one instance per app install, talking to the backend through an injected
/// `ClientTransport`, with an injected clock, profile store and identifier source so runs are reproducible.
///
/// The documented static API (`Adapty.activate(with:)`, `Adapty.getPaywall(placementId:)`) forwards to the
/// instance made by `activate` (see `Adapty+Shared.swift`).
public final class Adapty: Sendable {
    /// What the instance was activated with.
    public let configuration: AdaptyConfiguration
    let backend: AdaptyBackend
    let profileStore: any AdaptyProfileStore
    let now: @Sendable () -> Date
    let makeUUID: @Sendable () -> UUID
    let state = Locked(State())

    struct State {
        var profile: AdaptyProfile?
        var responseHash: String?
        var lastProfileUse: AdaptyProfileResponseUse?
        /// The placement → variation map of a cross-placement test the profile is locked into.
        var lockedVariations: [String: String]?
        var cache: [String: (value: CachedPlacement, savedAt: Date)] = [:]
        var fallbackFile: AdaptyFallbackFile?
        var events: [JSONValue] = []
        var eventCounter = 0
        var analyticsDisabled = false
    }

    enum CachedPlacement: Sendable {
        case paywall(AdaptyPaywall)
        case onboarding(AdaptyOnboarding)

        var responseCreatedAt: Int64 {
            switch self {
            case .paywall(let paywall): paywall.responseCreatedAt
            case .onboarding(let onboarding): onboarding.responseCreatedAt
            }
        }
    }

    /// An SDK instance. `sessionId` and `makeUUID` default to random UUIDs, `now` to the system time and `sleep`
    /// (how a request timeout is waited out) to `Task.sleep`; flows and tests fix them.
    public init(
        configuration: AdaptyConfiguration, transport: any ClientTransport,
        profileStore: any AdaptyProfileStore = AdaptyInMemoryProfileStore(),
        now: @escaping @Sendable () -> Date = { Date() }, makeUUID: @escaping @Sendable () -> UUID = { UUID() },
        sessionId: String? = nil,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
    ) {
        self.configuration = configuration
        self.profileStore = profileStore
        self.now = now
        self.makeUUID = makeUUID
        backend = AdaptyBackend(
            configuration: configuration, transport: transport,
            sessionId: sessionId ?? makeUUID().uuidString.lowercased(), now: now, sleep: sleep)
        state.withLock { $0.analyticsDisabled = configuration.analyticsDisabled }
    }

    /// The profile id of this install: read from the store, else generated (a lower-case UUID) and stored.
    public var profileId: String {
        if let stored = profileStore.loadProfileId() { return stored }
        let generated = makeUUID().uuidString.lowercased()
        profileStore.saveProfileId(generated)
        return generated
    }

    /// The onboarding variation id persisted once an onboarding that tracks purchases loaded on screen.
    public var persistedOnboardingVariationId: String? { profileStore.loadOnboardingVariationId() }

    /// How the last profile answer was used.
    public var lastProfileResponseUse: AdaptyProfileResponseUse? { state.withLock { $0.lastProfileUse } }

    /// Installs the bundled fallback file (format version 9) used when both hosts fail.
    public func setFallback(_ data: Data) throws(AdaptyError) {
        let file = try AdaptyFallbackFile(data)
        state.withLock { $0.fallbackFile = file }
    }

    /// Installs the bundled fallback file at `fileURL`.
    public func setFallback(fileURL: URL) throws(AdaptyError) {
        let data: Data
        do { data = try Data(contentsOf: fileURL) } catch {
            throw .wrongParam(name: "fileURL", detail: "could not be read: \(error.localizedDescription)")
        }
        try setFallback(data)
    }
}
