public import Foundation

/// How `getPaywall` / `getOnboarding` use the cached copy.
public enum AdaptyPlacementFetchPolicy: Sendable, Hashable {
    /// Always load; the cache answers only when loading fails (the default).
    case reloadRevalidatingCacheData
    /// The cached copy when there is one, else load.
    case returnCacheDataElseLoad
    /// The cached copy when it is younger than `maxAge` seconds, else load.
    case returnCacheDataIfNotExpiredElseLoad(maxAge: TimeInterval)

    /// ``reloadRevalidatingCacheData``.
    public static let `default` = AdaptyPlacementFetchPolicy.reloadRevalidatingCacheData
}

/// `loadTimeout` as the SDK applies it: 5 s by default, at least 1 s; the main host gets 0.5 s less so the
/// fallback host still has time.
enum AdaptyLoadTimeout {
    static let `default`: TimeInterval = 5

    static func total(_ requested: TimeInterval?) -> TimeInterval {
        max(requested ?? Self.default, 1)
    }

    static func mainHost(_ requested: TimeInterval?) -> TimeInterval {
        total(requested) - 0.5
    }
}
