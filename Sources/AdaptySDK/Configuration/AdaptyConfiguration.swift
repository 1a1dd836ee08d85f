public import Foundation

/// How the SDK is activated: the public SDK key, the server cluster (or explicit hosts, for a simulator), the
/// customer user id and what the device reports about itself.
public struct AdaptyConfiguration: Sendable, Hashable {
    /// The public SDK key (`public_live_….…`).
    public var apiKey: String
    public var customerUserId: String?
    public var serverCluster: AdaptyServerCluster
    /// Hosts that replace the cluster's (a simulator's base URLs).
    public var hosts: AdaptyHosts?
    /// Whether events are sent at all for this install.
    public var analyticsDisabled: Bool
    /// The device as the `installation_meta` and global headers report it.
    public var device: AdaptyDeviceInfo

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
    case `default`
    case eu
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
    public var serverURL: URL
    public var pathPrefix: String

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
    public var main: AdaptyHost
    public var fallback: AdaptyHost
    public var configs: AdaptyHost

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
    public var deviceId: String
    public var appVersion: String?
    public var appBuild: String?
    public var device: String
    public var os: String
    public var platform: String
    public var locale: String
    public var timezone: String

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
