public import Foundation

/// How the SDK is activated: the public SDK key, the server cluster (or explicit hosts, for a simulator), the
/// customer user id and what the device reports about itself.
public struct AdaptyConfiguration: Sendable, Hashable {
    /// The public SDK key (`public_live_….…`).
    public var apiKey: String
    /// The app's own id for the user, if known at activation.
    public var customerUserId: String?
    /// The backend cluster the key belongs to.
    public var serverCluster: AdaptyServerCluster
    /// Hosts that replace the cluster's (a simulator's base URLs).
    public var hosts: AdaptyHosts?
    /// Whether events are sent at all for this install.
    public var analyticsDisabled: Bool
    /// The device as the `installation_meta` and global headers report it.
    public var device: AdaptyDeviceInfo

    /// A configuration; unset values take the SDK's defaults.
    public init(
        apiKey: String, customerUserId: String? = nil, serverCluster: AdaptyServerCluster = .default,
        hosts: AdaptyHosts? = nil, analyticsDisabled: Bool = false, device: AdaptyDeviceInfo = AdaptyDeviceInfo()
    ) {
        self.apiKey = apiKey
        self.customerUserId = customerUserId
        self.serverCluster = serverCluster
        self.hosts = hosts
        self.analyticsDisabled = analyticsDisabled
        self.device = device
    }

    /// The part of the key before its first `.`, used in the placement paths.
    public var apiKeyPrefix: String {
        String(apiKey.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// The hosts the SDK talks to: ``hosts`` when set, else the cluster's.
    public var resolvedHosts: AdaptyHosts { hosts ?? serverCluster.hosts }

    /// The SDK version sent in `adapty-sdk-version` and `installation_meta`.
    public static let sdkVersion = "3.17.2"
}

/// The documented server clusters.
public enum AdaptyServerCluster: String, Sendable, Hashable, CaseIterable {
    /// The default cluster.
    case `default`
    /// The EU cluster.
    case eu
    /// The China cluster.
    case cn

    /// The main, fallback and configs hosts of the cluster (EU has no fallback host of its own and uses the
    /// default ones). Each serves the API under `/api/v1`.
    public var hosts: AdaptyHosts {
        switch self {
        case .default:
            AdaptyHosts(
                main: .api("https://api.adapty.io"), fallback: .api("https://fallback.adapty.io"),
                configs: .api("https://configs-cdn.adapty.io"))
        case .eu:
            AdaptyHosts(
                main: .api("https://api-eu.adapty.io"), fallback: .api("https://fallback.adapty.io"),
                configs: .api("https://configs-cdn.adapty.io"))
        case .cn:
            AdaptyHosts(
                main: .api("https://api-cn.adapty.io"), fallback: .api("https://fallback-cn.adapty.io"),
                configs: .api("https://configs-cdn-cn.adapty.io"))
        }
    }
}

/// One host: the server URL requests are sent to and the path the API lives under there (`/api/v1`), kept apart
/// so a transport that re-targets the server URL (a recorder, a proxy) keeps the API path.
public struct AdaptyHost: Sendable, Hashable {
    /// The host's URL.
    public var serverURL: URL
    /// The path every request starts with on that host (`/api/v1`).
    public var pathPrefix: String

    /// A host at `serverURL` whose requests start with `pathPrefix`.
    public init(serverURL: URL, pathPrefix: String) {
        self.serverURL = serverURL
        self.pathPrefix = pathPrefix
    }

    /// `https://…/api/v1`: the base every endpoint path is relative to.
    public var baseURL: URL { serverURL.appendingPathComponent(String(pathPrefix.drop { $0 == "/" })) }

    static func api(_ origin: String) -> AdaptyHost {
        // The literals of the clusters are valid URLs; the file URL is never reached.
        AdaptyHost(serverURL: URL(string: origin) ?? URL(fileURLWithPath: "/"), pathPrefix: "/api/v1")
    }
}

/// The hosts the SDK uses.
public struct AdaptyHosts: Sendable, Hashable {
    /// The main API host.
    public var main: AdaptyHost
    /// The fallback host, asked when the main one fails.
    public var fallback: AdaptyHost
    /// The host of view configurations.
    public var configs: AdaptyHost

    /// The three hosts.
    public init(main: AdaptyHost, fallback: AdaptyHost, configs: AdaptyHost) {
        self.main = main
        self.fallback = fallback
        self.configs = configs
    }

    /// The simulator's layout under its base URL (`http://127.0.0.1:8080/adapty`): main at `/api/v1`, fallback at
    /// `/fallback/api/v1`, configs at `/configs/api/v1`.
    public static func simulator(_ baseURL: URL) -> AdaptyHosts {
        AdaptyHosts(
            main: AdaptyHost(serverURL: baseURL, pathPrefix: "/api/v1"),
            fallback: AdaptyHost(serverURL: baseURL, pathPrefix: "/fallback/api/v1"),
            configs: AdaptyHost(serverURL: baseURL, pathPrefix: "/configs/api/v1"))
    }
}

/// What the device reports about itself (`installation_meta`, the global headers).
public struct AdaptyDeviceInfo: Sendable, Hashable {
    /// The device's id.
    public var deviceId: String
    /// The app's version.
    public var appVersion: String?
    /// The app's build.
    public var appBuild: String?
    /// The device model.
    public var device: String
    /// The operating system and its version.
    public var os: String
    /// The platform (`iOS`).
    public var platform: String
    /// The device's locale.
    public var locale: String
    /// The device's time zone.
    public var timezone: String

    /// A configuration; unset values take the SDK's defaults.
    public init(
        deviceId: String = "00000000-0000-4000-8000-00000000d001", appVersion: String? = "1.0.0",
        appBuild: String? = "1", device: String = "iPhone15,2", os: String = "18.0", platform: String = "iOS",
        locale: String = "en_US", timezone: String = "UTC"
    ) {
        self.deviceId = deviceId
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.device = device
        self.os = os
        self.platform = platform
        self.locale = locale
        self.timezone = timezone
    }
}
