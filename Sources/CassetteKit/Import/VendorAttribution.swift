import Foundation
import JSONCore

/// Where one vendor's API lives, as its contract declares it: what ``Cassette/attributed(to:)`` matches a
/// captured entry against.
package struct VendorEndpoint: Sendable {
    /// The vendor, such as `referralhero`; also the mock server's mount point (`/referralhero/…`).
    package var vendor: String
    /// The documented server URLs, variables expanded (`https://app.referralhero.com/api/sdk/v1`); loopback ones
    /// (the simulator's) are not hosts to attribute by.
    package var servers: [String]
    /// Whether the vendor's contract declares `method` on `path`, a path relative to the API's base
    /// (`/lists/MF1/subscribers`).
    package var declares: @Sendable (_ method: String, _ path: String) -> Bool

    package init(
        vendor: String, servers: [String], declares: @escaping @Sendable (_ method: String, _ path: String) -> Bool
    ) {
        self.vendor = vendor
        self.servers = servers
        self.declares = declares
    }

    /// The documented servers that are not on this machine, as URL components.
    var publicServers: [URLComponents] {
        servers.compactMap(URLComponents.init(string:)).filter { !HostKind($0.host ?? "").isLocal }
    }

    /// The URL captured requests are rebased onto: the first documented public server, else the first server.
    var canonicalBase: String {
        var base = publicServers.first?.string ?? servers.first ?? "http://127.0.0.1:8080/\(vendor)"
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// The base paths of the documented servers, longest first (`/api/sdk/v1`), without the root.
    var basePaths: [String] {
        let paths = servers.compactMap { URLComponents(string: $0)?.percentEncodedPath }
            .map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.filter { !$0.isEmpty }
        return Array(Set(paths)).sorted { $0.count > $1.count }
    }

    /// Whether `host` is one of the vendor's documented hosts or in the same registrable domain
    /// (`api-eu.adapty.io` for `api.adapty.io`).
    func documents(host: String) -> Bool {
        publicServers.contains { server in
            guard let documented = server.host?.lowercased() else { return false }
            return documented == host || HostKind.domain(of: documented) == HostKind.domain(of: host)
        }
    }
}

/// What ``Cassette/attributed(to:)`` made of a capture.
package struct Attribution: Sendable {
    /// One cassette per vendor, by vendor name: its entries in capture order, rebased onto the vendor's
    /// contract paths, `_harness.vendor` and `_harness.baseURL` set.
    package var cassettes: [String: Cassette]
    /// The entries no vendor claims, with the reason.
    package var setAside: [SetAside]

    /// An entry left out of every cassette.
    package struct SetAside: Sendable, Hashable, CustomStringConvertible {
        /// Its index in the capture.
        package var index: Int
        package var method: String
        package var url: String
        package var reason: String

        /// One line, the URL without its query (which may hold secrets).
        package var description: String {
            "#\(index) \(method) \(url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url): \(reason)"
        }
    }
}

extension Cassette {
    /// Splits a real capture (Charles, Proxyman, mitmproxy, a browser HAR) by vendor.
    ///
    /// An entry belongs to a vendor when its host is one of the vendor's documented hosts (or in the same
    /// domain); where the host is a proxy's, this machine's or a private address, when its path starts with
    /// `/<vendor>/` (the mock server's mount), with a documented base path the vendor declares the rest of, or,
    /// on a local or private host, when exactly one vendor's contract declares the path. Entries found by path
    /// are rebased onto the vendor's first documented server, so the contract check reads them as the vendor's.
    package func attributed(to endpoints: [VendorEndpoint]) -> Attribution {
        var groups: [String: [HAR.Entry]] = [:]
        var setAside: [Attribution.SetAside] = []
        for (index, entry) in log.entries.enumerated() {
            switch Self.attribute(entry.request, endpoints: endpoints) {
            case .vendor(let endpoint, let url):
                var rebased = entry
                rebased.request.url = url
                groups[endpoint.vendor, default: []].append(rebased)
            case .none(let reason):
                setAside.append(
                    Attribution.SetAside(
                        index: index, method: entry.request.method, url: entry.request.url, reason: reason))
            }
        }
        var cassettes: [String: Cassette] = [:]
        for (vendor, entries) in groups {
            guard let endpoint = endpoints.first(where: { $0.vendor == vendor }) else { continue }
            var cassette = self
            cassette.log.entries = entries
            cassette.harness.vendor = vendor
            cassette.harness.extensions["baseURL"] = .string(endpoint.canonicalBase)
            cassette.harness.extensions["kind"] = .string("imported")
            cassettes[vendor] = cassette
        }
        return Attribution(cassettes: cassettes, setAside: setAside)
    }

    private enum Found {
        case vendor(VendorEndpoint, url: String)
        case none(reason: String)
    }

    private static func attribute(_ request: HAR.Request, endpoints: [VendorEndpoint]) -> Found {
        guard let components = URLComponents(string: request.url), let host = components.host?.lowercased(),
            !host.isEmpty
        else { return .none(reason: "not an absolute URL") }
        if let endpoint = endpoints.first(where: { $0.documents(host: host) }) {
            return .vendor(endpoint, url: request.url)
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        let local = HostKind(host).isLocal
        var claims: [(VendorEndpoint, String)] = []
        for endpoint in endpoints {
            if let rest = strip("/" + endpoint.vendor, from: path) {
                claims.append((endpoint, rest))
                continue
            }
            let bases = endpoint.basePaths + (local ? [""] : [])
            if let rest = bases.lazy.compactMap({ strip($0, from: path) }).first(where: {
                endpoint.declares(request.method, $0)
            }) {
                claims.append((endpoint, rest))
            }
        }
        guard let (endpoint, rest) = claims.first else {
            let documented = endpoints.flatMap { $0.publicServers.compactMap(\.host) }
            return .none(
                reason: "host \(host) is none of the vendors' documented hosts (\(documented.joined(separator: ", "))) "
                    + "and no vendor's contract declares \(request.method) \(path)")
        }
        guard claims.count == 1 else {
            let names = claims.map(\.0.vendor).joined(separator: " and ")
            return .none(
                reason: "\(request.method) \(path) on \(host) fits the contracts of \(names); import it with --vendor")
        }
        return .vendor(endpoint, url: endpoint.canonicalBase + rest + query)
    }

    /// `path` without the prefix `base` on a segment boundary (`/` when nothing is left), or nil.
    private static func strip(_ base: String, from path: String) -> String? {
        if base.isEmpty { return path }
        guard path.hasPrefix(base) else { return nil }
        let rest = path.dropFirst(base.count)
        if rest.isEmpty { return "/" }
        return rest.hasPrefix("/") ? String(rest) : nil
    }
}

/// What kind of machine a host names.
struct HostKind {
    let host: String

    init(_ host: String) {
        self.host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    }

    /// This machine, a private network address or a `.local` name: where a proxy or the mock server answers.
    var isLocal: Bool {
        if ["localhost", "::1", "0.0.0.0"].contains(host) || host.hasSuffix(".local") || host.hasSuffix(".localhost") {
            return true
        }
        let octets = host.split(separator: ".").compactMap { UInt8($0) }
        guard octets.count == 4 else { return false }
        switch (octets[0], octets[1]) {
        case (127, _), (10, _), (192, 168): return true
        case (172, 16...31): return true
        default: return false
        }
    }

    /// The last two labels of a host name (`adapty.io` for `api-eu.adapty.io`), or the host itself.
    static func domain(of host: String) -> String {
        let labels = host.lowercased().split(separator: ".")
        return labels.count <= 2 ? host.lowercased() : labels.suffix(2).joined(separator: ".")
    }
}
