import Foundation
import JSONCore

/// A WalkMe permalink: `com.walkme.<app_key>://1.0/trigger_campaign/<trigger_key>[?deeplink=<app_deeplink>]`.
struct WMPermalink: Sendable, Hashable {
    var triggerKey: String
    var deepLink: String?

    /// The permalink in `url`, `nil` when `url` is not a WalkMe URL of this app (another scheme).
    init?(url: URL, appKey: String) throws(WalkMeError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "com.walkme.\(appKey.lowercased())" else { return nil }
        let text = url.absoluteString
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .invalidPermalink(text, reason: "it is not a valid URL")
        }
        guard components.host == "1.0" else {
            throw .invalidPermalink(text, reason: "version '\(components.host ?? "")' is not 1.0")
        }
        let segments = components.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard segments.first == "trigger_campaign" else {
            throw .invalidPermalink(text, reason: "the action '\(segments.first ?? "")' is not trigger_campaign")
        }
        guard segments.count == 2, let key = segments.last, !key.isEmpty else {
            throw .invalidPermalink(text, reason: "it names no trigger key")
        }
        triggerKey = FormCoding.decodePath(key)
        let link = components.queryItems?.first { $0.name == "deeplink" }?.value
        deepLink = (link?.isEmpty ?? true) ? nil : link
    }
}
