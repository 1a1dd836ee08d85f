/// The paths the simulator answers, relative to its mount: the main host under `/api/v1`, the fallback host
/// under `/fallback/api/v1`, and the onboarding pages under `/onboarding-pages`.
enum AdaptySimulatorRoute: Equatable {
    case variations(kind: String, app: String, placement: String, variation: String?)
    case fallbackVariations(kind: String, app: String, placement: String, variation: String?, locale: String)
    case profile(id: String)
    case events
    case onboardingPage(id: String)
    case onboardingScript(id: String)

    /// The host a route belongs to, as faults name it.
    var host: String {
        switch self {
        case .fallbackVariations: "fallback"
        case .onboardingPage, .onboardingScript: "pages"
        default: "main"
        }
    }

    static func parse(path: String) -> AdaptySimulatorRoute? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if segments.first == "onboarding-pages" {
            switch segments.count {
            case 2: return .onboardingPage(id: segments[1])
            case 3 where segments[2] == "messages.json": return .onboardingScript(id: segments[1])
            default: return nil
            }
        }
        if segments.starts(with: ["fallback", "api", "v1", "sdk", "in-apps"]) {
            return fallback(Array(segments.dropFirst(5)))
        }
        guard segments.starts(with: ["api", "v1", "sdk"]) else { return nil }
        let rest = Array(segments.dropFirst(3))
        // `…/profiles//`: the profile operations with an empty id (answered 400 or 404 there, as declared).
        if rest == ["analytics", "profiles"], path.hasSuffix("/profiles//") {
            return .profile(id: "")
        }
        switch rest.count {
        case 1 where rest[0] == "events": return .events
        case 3 where rest[0] == "analytics" && rest[1] == "profiles": return .profile(id: rest[2])
        case 6, 7:
            guard rest[0] == "in-apps", ["paywall", "onboarding"].contains(rest[2]), rest[3] == "variations",
                isMD5(rest[5])
            else { return nil }
            return .variations(
                kind: rest[2], app: rest[1], placement: rest[4], variation: rest.count == 7 ? rest[6] : nil)
        default: return nil
        }
    }

    /// `{app}/paywall/variations/{placement}/[{variation}/]app_store/{lang}/{builder}/fallback.json` or
    /// `{app}/onboarding/variations/{placement}/[{variation}/]{lang}/fallback.json`.
    private static func fallback(_ rest: [String]) -> AdaptySimulatorRoute? {
        guard rest.count >= 5, rest[2] == "variations", rest.last == "fallback.json" else { return nil }
        let app = rest[0]
        let placement = rest[3]
        let tail = Array(rest.dropFirst(4).dropLast())
        switch rest[1] {
        case "paywall":
            // [variation,] app_store, lang, builder
            guard tail.count == 3 || tail.count == 4, tail[tail.count - 3] == "app_store" else { return nil }
            return .fallbackVariations(
                kind: "paywall", app: app, placement: placement, variation: tail.count == 4 ? tail[0] : nil,
                locale: tail[tail.count - 2])
        case "onboarding":
            guard tail.count == 1 || tail.count == 2 else { return nil }
            return .fallbackVariations(
                kind: "onboarding", app: app, placement: placement, variation: tail.count == 2 ? tail[0] : nil,
                locale: tail[tail.count - 1])
        default:
            return nil
        }
    }

    static func isMD5(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
