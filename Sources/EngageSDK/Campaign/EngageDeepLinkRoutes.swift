public import Foundation
import JSONCore

/// A `MobileDeepLinkingConfig.json` (Engage iOS SDK README, "DeepLink Configuration"): routes such as
/// `campaign/:CurrentCampaign` or `test/:testId` with their `routeParameters` (`required`, `regex`) and handlers, and a
/// `defaultRoute` for links no route matches. The SDK's own handler is `postSilverpop`: it tracks the link as an
/// external URL opened, with the route's and the query's parameters, which sets the current campaign.
///
/// A route's path is the link's host followed by its path (`Silverpop://campaign/Spring` → `campaign/Spring`);
/// `:name` segments capture parameters, query items add to them. A `regex` must match somewhere in the value
/// (assumed: the README does not say whether it is anchored; `[0-9]` in its sample reads as "has a digit").
public struct EngageDeepLinkRoutes: Sendable, Hashable {
    /// One route of `routes`, or the `defaultRoute`.
    public struct Route: Sendable, Hashable {
        /// The pattern's segments (`["campaign", ":CurrentCampaign"]`); empty for the default route.
        public var segments: [String]
        /// `handlers`: the names of the handlers the link is given to, in order (the SDK's is `postSilverpop`).
        public var handlers: [String]
        /// `routeParameters`: each name with whether it is required and the pattern its value must contain.
        public var parameters: [String: Parameter]
    }

    /// A `routeParameters` entry.
    public struct Parameter: Sendable, Hashable {
        /// `required`: whether a link without this parameter (or with it empty) fails the route.
        public var required: Bool
        /// `regex`: a pattern the value must contain, when present; nil accepts any value.
        public var regex: String?
    }

    /// What a link resolved to: the route's handlers and the parameters they receive.
    public struct Match: Sendable, Hashable {
        /// The matched route's pattern, or `defaultRoute` when no route matched.
        public var route: String
        /// The matched route's handlers.
        public var handlers: [String]
        /// The parameters the handlers receive: the link's query items and the route's captured segments (a captured
        /// segment wins over a query item of the same name).
        public var parameters: [String: String]
    }

    /// The name of the EngageSDK handler.
    public static let engageHandler = "postSilverpop"

    /// `routes`: each route keyed by its pattern (`campaign/:CurrentCampaign`). Routes are tried in the patterns'
    /// alphabetical order; the first one whose segments and parameters fit wins.
    public var routes: [String: Route]
    /// `defaultRoute`: the route for links no route takes; the README asks every app to include it. Nil when absent.
    public var defaultRoute: Route?

    /// Reads the configuration file's JSON. A malformed file is ``EngageError/configuration(source:detail:)`` naming
    /// the member that is wrong.
    public init(data: Data, source: String = "MobileDeepLinkingConfig.json") throws {
        guard let top = (try? JSONValue(parsing: data))?.objectValue else {
            throw EngageError.configuration(source: source, detail: "not a JSON object")
        }
        routes = [:]
        if let defaults = top["defaultRoute"] {
            defaultRoute = try Self.route(defaults, pattern: "", at: "/defaultRoute", source: source)
        }
        if let table = top["routes"] {
            guard let table = table.objectValue else {
                throw EngageError.configuration(source: source, detail: "/routes must be an object")
            }
            for (pattern, value) in table {
                routes[pattern] = try Self.route(value, pattern: pattern, at: "/routes/\(pattern)", source: source)
            }
        }
    }

    /// The route `url` takes, or nil when no route matches (or a required parameter is missing or fails its regex)
    /// and there is no default route.
    public func match(_ url: URL) -> Match? {
        let query = EngageDeepLinkHandler.parameters(of: url)
        let path = Self.segments(of: url)
        for (pattern, route) in routes.sorted(by: { $0.key < $1.key }) {
            guard let captured = Self.capture(route.segments, from: path) else { continue }
            let parameters = query.merging(captured) { _, routeValue in routeValue }
            if route.accepts(parameters) {
                return Match(route: pattern, handlers: route.handlers, parameters: parameters)
            }
        }
        guard let defaultRoute, defaultRoute.accepts(query) else { return nil }
        return Match(route: "defaultRoute", handlers: defaultRoute.handlers, parameters: query)
    }

    static func segments(of url: URL) -> [String] {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let host = components?.host.map { [$0] } ?? []
        let path = (components?.path ?? "").split(separator: "/").map { FormCoding.decodePath($0) }
        return host + path
    }

    static func capture(_ pattern: [String], from path: [String]) -> [String: String]? {
        guard pattern.count == path.count else { return nil }
        var captured: [String: String] = [:]
        for (expected, actual) in zip(pattern, path) {
            if expected.hasPrefix(":") {
                captured[String(expected.dropFirst())] = actual
            } else if expected != actual {
                return nil
            }
        }
        return captured
    }

    private static func route(_ value: JSONValue, pattern: String, at pointer: String, source: String) throws -> Route {
        guard let object = value.objectValue else {
            throw EngageError.configuration(source: source, detail: "\(pointer) must be an object")
        }
        let handlers = object["handlers"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var parameters: [String: Parameter] = [:]
        if let table = object["routeParameters"] {
            guard let table = table.objectValue else {
                throw EngageError.configuration(source: source, detail: "\(pointer)/routeParameters must be an object")
            }
            for (name, entry) in table {
                let regex = entry["regex"]?.stringValue
                if let regex, (try? NSRegularExpression(pattern: regex)) == nil {
                    throw EngageError.configuration(
                        source: source, detail: "\(pointer)/routeParameters/\(name)/regex '\(regex)' is not a pattern")
                }
                parameters[name] = Parameter(required: entry["required"]?.lenientBool ?? false, regex: regex)
            }
        }
        return Route(
            segments: pattern.split(separator: "/").map(String.init), handlers: handlers, parameters: parameters)
    }
}

extension EngageDeepLinkRoutes.Route {
    /// Every required parameter present, every present one matching its regex.
    func accepts(_ values: [String: String]) -> Bool {
        for (name, parameter) in parameters {
            guard let value = values[name], !value.isEmpty else {
                if parameter.required { return false }
                continue
            }
            if let regex = parameter.regex, value.range(of: regex, options: .regularExpression) == nil { return false }
        }
        return true
    }
}
