public import Foundation
public import OpenAPIRuntime

/// The Engage SDK core: one value per app that holds the managers of the documented API.
///
/// ```swift
/// let engage = try Engage(.init(
///     credentials: EngageCredentials(clientID: id, clientSecret: secret, refreshToken: token),
///     host: "https://api-campaign-us-1.goacoustic.com", listID: "23949",
///     transport: URLSessionTransport(), storage: .file(eventsURL)))
/// try await engage.ubf.start()
/// let identity = try await engage.identity.checkIdentity(["facebook_id": "100"])
/// ```
public final class Engage: Sendable {
    /// Everything the SDK needs; only credentials, host, list id and transport are required.
    public struct Options: Sendable {
        /// The OAuth 2 client id, client secret and refresh token "you receive from the Engage Portal".
        public var credentials: EngageCredentials
        /// `api-campaign-us-1.goacoustic.com`, `https://apipilot.silverpop.com/`, or a simulator's base URL.
        public var host: String
        /// The recipient database (list) id.
        public var listID: String
        /// How requests reach the server (URLSession, AsyncHTTPClient, a cassette, a test fake).
        public var transport: any ClientTransport
        /// Where events, the mobile user id and the current campaign are kept: ``EngageStorage/standard`` (a file
        /// in the application-support folder, so queued events survive a restart, as the README promises) unless
        /// the app asks for ``EngageStorage/inMemory``.
        public var storage: EngageStorage
        /// When the network comes back; events deferred while offline are then posted. ``EngageReachability/none``
        /// by default.
        public var reachability: EngageReachability
        /// How hard SQLite works to keep a committed event (``EngageDurability/full`` by default).
        public var durability: EngageDurability
        /// The configuration; nil reads the bundled defaults.
        public var config: EngageConfig?
        /// How the SDK waits (token backoff, augmentation timeouts): `ContinuousClock` unless a test passes its own.
        public var clock: any Clock<Duration>
        /// The wall time (token expiry, sessions, campaign expiry, event timestamps).
        public var now: @Sendable () -> Date
        /// Makes event ids and the device id, and is the README's `EngageDefaultUUIDGenerator` for mobile user ids and
        /// audit record keys unless ``generators`` registers another generator under that name.
        public var identifiers: IdentifierGenerator
        /// The generator classes the configuration may name, by class name: `Recipient.mobileUserIdGeneratorClassName`
        /// and `AuditRecord.auditRecordPrimaryKeyGeneratorClassName` pick theirs from here.
        /// `EngageDefaultUUIDGenerator` needs no entry. A name the configuration uses that is not here makes
        /// ``Engage/init(_:)`` throw.
        public var generators: [String: any EngageUUIDGenerating]
        /// Where events' location comes from while `LocationServices.enabled` is YES (the default):
        /// ``EngageLocationProvider/platform`` unless the app passes its own; nil (Linux) leaves events undelayed and
        /// without location.
        public var locationProvider: EngageLocationProvider?
        /// The device half of every event's core attributes.
        public var device: DeviceInfo
        /// The app's plugins that augment each event before it is posted (the README's UBF Event Augmentation Plugin
        /// Service); they run after the SDK's own location plugins.
        public var augmentationPlugins: [UBFAugmentationPlugin]
        /// How long to wait between failed token requests.
        public var tokenBackoff: TokenBackoff
        /// Hears what the SDK does (tokens, stored and posted events, campaigns, sessions).
        public var delegate: (any EngageDelegate)?
        /// The most events one `/rest/events/submission` request carries.
        public var maxEventsPerPost: Int
        /// ``maxEventsPerPost`` unless the app sets it.
        public static let defaultMaxEventsPerPost = 1000
        /// Send each UBF event's local id as `eventId`, so a server that de-duplicates by it counts a resent event
        /// once. Off by default: no Engage document defines that member, and Engage's server may refuse it.
        public var sendsEventIDs = false

        /// Options with everything but credentials, host, list id and transport defaulted; the store is a file in the application-support folder (``EngageStorage/standard``).
        public init(
            credentials: EngageCredentials, host: String, listID: String, transport: any ClientTransport,
            storage: EngageStorage = .standard, durability: EngageDurability = .full, config: EngageConfig? = nil,
            clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = Date.init,
            identifiers: IdentifierGenerator = .uuid, device: DeviceInfo = .current,
            augmentationPlugins: [UBFAugmentationPlugin] = [], tokenBackoff: TokenBackoff = .standard,
            delegate: (any EngageDelegate)? = nil, maxEventsPerPost: Int = defaultMaxEventsPerPost,
            reachability: EngageReachability = .none, generators: [String: any EngageUUIDGenerating] = [:],
            locationProvider: EngageLocationProvider? = EngageLocationProvider.platform
        ) {
            self.reachability = reachability
            self.generators = generators
            self.locationProvider = locationProvider
            self.credentials = credentials
            self.host = host
            self.listID = listID
            self.transport = transport
            self.storage = storage
            self.durability = durability
            self.config = config
            self.clock = clock
            self.now = now
            self.identifiers = identifiers
            self.device = device
            self.augmentationPlugins = augmentationPlugins
            self.tokenBackoff = tokenBackoff
            self.delegate = delegate
            self.maxEventsPerPost = maxEventsPerPost
        }
    }

    /// The configuration in use (the bundled defaults unless the options gave one).
    public let config: EngageConfig
    /// The base URL requests go to.
    public let endpoint: EngageEndpoint
    /// Access tokens (`/oauth/token`).
    public let tokens: TokenProvider
    /// XMLAPI requests (`/XMLAPI`).
    public let xmlAPI: XMLAPIManager
    /// UBF events, the local store and sessions (`/rest/events/submission`).
    public let ubf: UBFManager
    /// `setupRecipient` and `checkIdentity`.
    public let identity: MobileIdentityManager
    /// Deep links and notifications.
    public let deepLinks: EngageDeepLinkHandler
    /// The persisted SDK state (ids, campaign, installed flag).
    public let state: EngageStateStore

    /// Follows ``Options/reachability``; cancelled with the instance.
    private let reachabilityTask: Task<Void, Never>

    /// The local event store.
    public var store: EngageEventStore { ubf.store }
    /// The current campaign.
    public var campaigns: CampaignTracker { ubf.campaigns }

    /// Opens the store (creating its file) and builds the managers. Throws when the host is unusable, the
    /// configuration cannot be read or names a generator or plugin class the SDK does not have, or the store cannot
    /// be opened.
    public init(_ options: Options) throws {
        let config = try options.config ?? EngageConfig.defaults()
        let generators = try EngageGenerators(
            config: config, registered: options.generators, fallback: options.identifiers.next)
        let plugins = try Self.locationPlugins(options, config: config) + options.augmentationPlugins
        let endpoint = try EngageEndpoint(host: options.host)
        let observer = EngageObserver(delegate: options.delegate)
        let exchange = HTTPExchange(transport: options.transport, endpoint: endpoint)
        let tokens = TokenProvider(
            exchange: exchange, credentials: options.credentials, clock: options.clock, now: options.now,
            backoff: options.tokenBackoff, observer: observer)
        let authorized = AuthorizedExchange(exchange: exchange, tokens: tokens)
        let store = try EngageEventStore(
            storage: options.storage, durability: options.durability, includesEventIDs: options.sendsEventIDs)
        let state = try EngageStateStore(database: store.database)
        let events = config.events
        let campaigns = CampaignTracker(
            state: state, names: config.paramFieldNames, defaultExpiration: events.defaultCurrentCampaignExpiration,
            now: options.now, observer: observer)
        let xmlAPI = XMLAPIManager(
            exchange: authorized, state: state, config: config, now: options.now, listID: options.listID)
        let ubf = UBFManager(
            store: store, state: state, campaigns: campaigns, client: UBFClient(exchange: authorized),
            augmenter: UBFAugmenter(plugins: plugins, timeout: events.augmentationTimeout, clock: options.clock),
            config: config, device: options.device, identifiers: options.identifiers, now: options.now,
            observer: observer, maxEventsPerPost: options.maxEventsPerPost)
        self.config = config
        self.endpoint = endpoint
        self.tokens = tokens
        self.xmlAPI = xmlAPI
        self.ubf = ubf
        self.identity = MobileIdentityManager(
            xmlAPI: xmlAPI, state: state, config: config, now: options.now, generators: generators,
            observer: observer)
        self.deepLinks = EngageDeepLinkHandler(ubf: ubf)
        self.state = state
        tokens.wakeup.set { [weak ubf] in
            guard let ubf else { return }
            Task { await ubf.resumeDeferredPosting() }
        }
        let changes = options.reachability.changes
        reachabilityTask = Task { [weak ubf] in
            for await reachable in changes where reachable {
                guard let ubf else { return }
                await ubf.resumeDeferredPosting()
            }
        }
    }

    deinit {
        reachabilityTask.cancel()
    }

    /// The SDK's own location plugin, when `LocationServices.enabled` is YES, a provider exists and
    /// `Augmentation.augmentationPluginClasses` names at least one of the location plugin classes; throws when that
    /// list names a class the SDK does not have.
    private static func locationPlugins(_ options: Options, config: EngageConfig) throws -> [UBFAugmentationPlugin] {
        let events = config.events
        var parts = Set<LocationAugmentation.Part>()
        for name in events.augmentationPluginClasses {
            guard let part = LocationAugmentation.Part(rawValue: name) else {
                let known = LocationAugmentation.Part.allCases.map(\.className).joined(separator: ", ")
                throw EngageError.configuration(
                    source: "Augmentation.augmentationPluginClasses",
                    detail: "EngageSDK has no plugin class \(name) (it has \(known)); pass an app's own plugin in "
                        + "Engage.Options.augmentationPlugins instead")
            }
            parts.insert(part)
        }
        let services = config.locationServices
        guard services.enabled, let provider = options.locationProvider, !parts.isEmpty else { return [] }
        let location = LocationAugmentation(
            provider: provider, settings: services, augmentationTimeout: events.augmentationTimeout,
            clock: options.clock, now: options.now)
        return [location.plugin(parts: parts, fieldNames: config.ubfFieldNames)]
    }

    /// The documented initialiser: `initializeSDKClient:secret:token:host:engageDatabaseListId:`. The instance it
    /// returns is also the one the Objective-C-style singletons use (``makeShared(_:)``).
    @discardableResult
    public static func initializeSDKClient(
        clientID: String, secret: String, token: String, host: String, engageDatabaseListID: String,
        transport: any ClientTransport, storage: EngageStorage = .standard,
        reachability: EngageReachability = .none
    ) throws -> Engage {
        let engage = try Engage(
            Options(
                credentials: EngageCredentials(clientID: clientID, clientSecret: secret, refreshToken: token),
                host: host, listID: engageDatabaseListID, transport: transport, storage: storage,
                reachability: reachability))
        makeShared(engage)
        return engage
    }
}
