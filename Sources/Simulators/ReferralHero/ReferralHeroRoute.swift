import CassetteKit
import Foundation
import JSONCore

/// One SDK API call, read from the path relative to `/referralhero`. Accepts the clients' quirks (§1.1): duplicate
/// slashes (Flutter's `v1//lists`), a trailing slash (Android's `/subscribers/`), and an optional `/api/sdk/v1`
/// prefix when a client is pointed at the mount with the production path.
enum ReferralHeroRoute: Equatable {
    case addSubscriber
    case trackReferral
    case pendingReferral
    case organicTrackReferral
    case referrer
    case leaderboard
    case subscriber(String)
    case confirm(String)
    case clickCapture(String)
    case referrals(String)
    case rewards(String)

    /// The path's segments, and the query's parameters (percent-decoded, `+` as space). Empty segments are dropped
    /// (some SDK builds write `//lists/…`), except right after `subscribers`, where one is the subscriber id ""
    /// (`subscribers//confirm`), which no subscriber has.
    struct Target {
        var segments: [String]
        var query: [String: String]

        init(url: String) {
            let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            var segments: [String] = []
            for part in (parts.first ?? "").split(separator: "/", omittingEmptySubsequences: false) {
                guard !part.isEmpty || segments.last == "subscribers" else { continue }
                segments.append(FormCoding.decodePath(part))
            }
            if segments.starts(with: ["api", "sdk", "v1"]) { segments.removeFirst(3) }
            self.segments = segments
            query = parts.count == 2 ? FormCoding.decode(parts[1]).lastValues : [:]
        }
    }

    /// The campaign uuid and the call, or `nil` for a path or method outside the SDK API. A path naming no
    /// campaign (`/lists/subscribers`) has an empty uuid, which the simulator answers with `no_list_uuid`.
    static func parse(method: String, segments: [String]) -> (uuid: String, route: ReferralHeroRoute)? {
        // A trailing slash names nothing, unless the call takes a subscriber id there (`subscribers/` is the id "").
        if segments.last == "", segments.count > 1 {
            if let parsed = parse(method: method, exactly: segments) { return parsed }
            return parse(method: method, exactly: Array(segments.dropLast()))
        }
        return parse(method: method, exactly: segments)
    }

    private static func parse(method: String, exactly segments: [String]) -> (uuid: String, route: ReferralHeroRoute)? {
        guard segments.first == "lists" else { return nil }
        var rest = Array(segments.dropFirst())
        var uuid = ""
        if let first = rest.first, first != "subscribers", first != "leaderboard" {
            uuid = first
            rest.removeFirst()
        }
        let route: ReferralHeroRoute?
        switch (method, rest.count, rest.first, rest.count > 1 ? rest[1] : nil) {
        case ("POST", 1, "subscribers", _): route = .addSubscriber
        case ("GET", 1, "leaderboard", _): route = .leaderboard
        case ("POST", 2, "subscribers", "track_referral_conversion_event"): route = .trackReferral
        case ("POST", 2, "subscribers", "pending_referral"): route = .pendingReferral
        case ("POST", 2, "subscribers", "organic_track_referral"): route = .organicTrackReferral
        case ("GET", 2, "subscribers", "referrer"): route = .referrer
        case ("GET", 2, "subscribers", let id?), ("PATCH", 2, "subscribers", let id?),
            ("DELETE", 2, "subscribers", let id?):
            route = .subscriber(id)
        case ("POST", 3, "subscribers", let id?) where rest[2] == "confirm": route = .confirm(id)
        case ("POST", 3, "subscribers", let id?) where rest[2] == "click_capture": route = .clickCapture(id)
        case ("GET", 3, "subscribers", let id?) where rest[2] == "referrals_data": route = .referrals(id)
        case ("GET", 3, "subscribers", let id?) where rest[2] == "rewards": route = .rewards(id)
        default: route = nil
        }
        guard let route else { return nil }
        return (uuid, route)
    }
}

/// The API token of a request, in any of the accepted spellings: raw in `Authorization` (what the SDKs send),
/// `Authorization: Bearer <token>`, or `X-API-Key` (REST v2 styles, §1.1). Blank means missing.
enum ReferralHeroToken {
    static func read(_ headers: HeaderFields) -> String? {
        if var value = headers["Authorization"]?.trimmingWhitespace(), !value.isEmpty {
            if value.lowercased().hasPrefix("bearer ") {
                value = String(value.dropFirst(7)).trimmingWhitespace()
            }
            if !value.isEmpty { return value }
        }
        if let key = headers["X-API-Key"]?.trimmingWhitespace(), !key.isEmpty { return key }
        return nil
    }
}
