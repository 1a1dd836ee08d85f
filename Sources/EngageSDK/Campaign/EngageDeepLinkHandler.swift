public import Foundation
public import JSONCore

/// Handles deep links and notifications (§7.2 of the Engage notes): reads their parameters, sets the
/// current campaign, and tracks the matching event.
public struct EngageDeepLinkHandler: Sendable {
    let ubf: UBFManager

    /// The query parameters of `url`: only `name=value` segments with exactly one `=`, percent-decoded with `+`
    /// left as is, as the iOS SDK did (``FormCoding/Plus/literal``); a repeated name keeps its last value.
    public static func parameters(of url: URL) -> [String: String] {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery else {
            return [:]
        }
        let pairs = FormCoding.rawFields(Substring(query)).filter {
            $0.value?.utf8.contains(UInt8(ascii: "=")) == false
        }
        return FormCoding.decode(pairs.map(\.segment).joined(separator: "&"), plus: .literal).lastValues
    }

    /// An app was opened by `url` and routed through a `MobileDeepLinkingConfig.json`: the matching route's
    /// `postSilverpop` handler tracks the link with the route's and the query's parameters (which sets the current
    /// campaign); other handlers are the app's, called through `custom` with the same parameters. Returns nil when
    /// no route (and no default route) takes the link: nothing is tracked.
    @discardableResult
    public func handle(
        url: URL, routes: EngageDeepLinkRoutes,
        custom: @Sendable (_ handler: String, _ parameters: [String: String]) async -> Void = { _, _ in }
    ) async throws -> (match: EngageDeepLinkRoutes.Match, event: StoredEvent?)? {
        guard let match = routes.match(url) else { return nil }
        var event: StoredEvent?
        for handler in match.handlers {
            if handler == EngageDeepLinkRoutes.engageHandler {
                event = try await ubf.trackExternalURLOpened(params: match.parameters)
            } else {
                await custom(handler, match.parameters)
            }
        }
        return (match, event)
    }

    /// An app was opened by `url`: tracks session started (13) with the link's parameters as attributes,
    /// after storing a campaign the link names. Returns the parameters and the stored event.
    @discardableResult
    public func handle(url: URL) async throws -> (parameters: [String: String], event: StoredEvent) {
        let parameters = Self.parameters(of: url)
        let event = try await ubf.trackExternalURLOpened(params: parameters)
        return (parameters, event)
    }

    /// A push notification arrived (48).
    @discardableResult
    public func handle(receivedNotification payload: JSONValue) async throws -> StoredEvent {
        try await ubf.trackReceivedNotification(payload)
    }

    /// The user opened a notification (49).
    @discardableResult
    public func handle(openedNotification payload: JSONValue) async throws -> StoredEvent {
        try await ubf.trackOpenedNotification(payload)
    }
}
