public import Foundation
import JSONCore
import Synchronization

extension Adapty {
    /// The paywall of `placementId` for this profile: all variations loaded from the main host (or the one
    /// variation a cross-placement test locked the profile into) and one chosen locally; on a 499/5xx or network
    /// failure the fallback host, then the cache, then the bundled fallback file.
    public func getPaywall(
        placementId: String, locale: String? = nil, fetchPolicy: AdaptyPlacementFetchPolicy = .default,
        loadTimeout: TimeInterval? = nil
    ) async throws(AdaptyError) -> AdaptyPaywall {
        let found = try await placement(
            .paywall, placementId: placementId, locale: locale, fetchPolicy: fetchPolicy, loadTimeout: loadTimeout)
        guard case .paywall(let paywall) = found else {
            throw .wrongParam(name: "placementId", detail: "'\(placementId)' holds an onboarding, not a paywall")
        }
        return paywall
    }

    /// The onboarding of `placementId` for this profile, fetched like ``getPaywall(placementId:locale:fetchPolicy:loadTimeout:)``.
    public func getOnboarding(
        placementId: String, locale: String? = nil, fetchPolicy: AdaptyPlacementFetchPolicy = .default,
        loadTimeout: TimeInterval? = nil
    ) async throws(AdaptyError) -> AdaptyOnboarding {
        let found = try await placement(
            .onboarding, placementId: placementId, locale: locale, fetchPolicy: fetchPolicy, loadTimeout: loadTimeout)
        guard case .onboarding(let onboarding) = found else {
            throw .wrongParam(name: "placementId", detail: "'\(placementId)' holds a paywall, not an onboarding")
        }
        return onboarding
    }

    private func placement(
        _ kind: PlacementKind, placementId: String, locale: String?, fetchPolicy: AdaptyPlacementFetchPolicy,
        loadTimeout: TimeInterval?
    ) async throws(AdaptyError) -> CachedPlacement {
        guard !placementId.isEmpty else { throw .wrongParam(name: "placementId", detail: "is empty") }
        let locale = (locale ?? "en").lowercased()
        let key = "\(kind.rawValue)/\(placementId)/\(locale)"
        let now = self.now()
        let cached = state.withLock { $0.cache[key] }
        switch fetchPolicy {
        case .reloadRevalidatingCacheData: break
        case .returnCacheDataElseLoad:
            if let cached { return cached.value }
        case .returnCacheDataIfNotExpiredElseLoad(let maxAge):
            if let cached, now.timeIntervalSince(cached.savedAt) < maxAge { return cached.value }
        }
        let loaded: CachedPlacement
        do {
            loaded = try await load(kind, placementId: placementId, locale: locale, loadTimeout: loadTimeout)
        } catch {
            if let cached { return cached.value }
            if let bundled = try? bundledFallback(kind, placementId: placementId) { return bundled }
            throw error
        }
        if let cached, cached.value.responseCreatedAt > loaded.responseCreatedAt { return cached.value }
        state.withLock { $0.cache[key] = (loaded, now) }
        return loaded
    }

    /// Main host, then (for retryable failures) the fallback host.
    private func load(
        _ kind: PlacementKind, placementId: String, locale: String, loadTimeout: TimeInterval?
    )
        async throws(AdaptyError) -> CachedPlacement
    {
        let profile = try await ensureProfile()
        let locked = state.withLock { $0.lockedVariations?[placementId] }
        let eligible = state.withLock { $0.lockedVariations == nil }
        let request = kind.request(
            apiKeyPrefix: configuration.apiKeyPrefix, placementId: placementId, locale: locale,
            profileId: profile.profileId, segmentHash: profile.segmentHash, crossPlacementEligible: eligible,
            lockedVariation: locked)
        do {
            let response = try await backend.send(
                request, to: .main, timeout: AdaptyLoadTimeout.mainHost(loadTimeout))
            return try decode(kind, response.body, endpoint: request.endpoint, profileId: profile.profileId)
        } catch  where error.allowsFallback {
            let fallback = kind.fallbackRequest(
                apiKeyPrefix: configuration.apiKeyPrefix, placementId: placementId, locale: locale,
                variationId: locked)
            let response: AdaptyBackend.Response
            do {
                response = try await backend.send(
                    fallback, to: .fallback, timeout: AdaptyLoadTimeout.total(loadTimeout))
            } catch _ {
                throw error
            }
            return try decode(kind, response.body, endpoint: fallback.endpoint, profileId: profile.profileId)
        }
    }

    private func decode(
        _ kind: PlacementKind, _ data: Data, endpoint: String, profileId: String
    )
        throws(AdaptyError) -> CachedPlacement
    {
        let value: JSONValue
        do { value = try JSONValue(parsing: data) } catch {
            throw .decodingFailed(endpoint: endpoint, detail: error.description)
        }
        return try choose(kind, VariationsResponse(value, endpoint: endpoint), endpoint: endpoint, profileId: profileId)
    }

    private func choose(
        _ kind: PlacementKind, _ response: VariationsResponse, endpoint: String, profileId: String
    )
        throws(AdaptyError) -> CachedPlacement
    {
        let locked = state.withLock { $0.lockedVariations?[response.placement.id] }
        let variation = response.variation(for: profileId, locked: locked)
        let result: CachedPlacement
        let crossPlacement: [String: String]
        switch kind {
        case .paywall:
            let paywall = variation.paywall(
                placement: response.placement, responseCreatedAt: response.responseCreatedAt)
            crossPlacement = paywall.crossPlacementVariations
            result = .paywall(paywall)
        case .onboarding:
            let onboarding = try variation.onboarding(
                placement: response.placement, responseCreatedAt: response.responseCreatedAt, endpoint: endpoint)
            crossPlacement = onboarding.crossPlacementVariations
            result = .onboarding(onboarding)
        }
        if !crossPlacement.isEmpty {
            state.withLock { state in
                if state.lockedVariations == nil { state.lockedVariations = crossPlacement }
            }
        }
        return result
    }

    private func bundledFallback(_ kind: PlacementKind, placementId: String) throws(AdaptyError) -> CachedPlacement? {
        guard let placement = state.withLock({ $0.fallbackFile?.placements[placementId] }) else { return nil }
        let endpoint = "bundled fallback file"
        return try choose(
            kind, VariationsResponse(placement, endpoint: endpoint), endpoint: endpoint, profileId: profileId)
    }
}
