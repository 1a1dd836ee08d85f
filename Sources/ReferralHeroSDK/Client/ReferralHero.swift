public import Foundation
import JSONCore
public import OpenAPIRuntime

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The SDK's ready instance, as the Public Methods page uses it: "RH is the main object through which you can
/// access all the APIs and get its response in the delegate methods".
///
/// Configure it once at launch with ``RHApiKey/configure(withAPIKey:withuuID:)`` (or
/// ``ReferralHero/configure(configuration:transport:subscriberStore:deviceInfoProvider:now:)`` for another server or
/// transport); then `RH.delegate = self` and `RH.formSubmit(param:)` work anywhere. Called before that, each method
/// reports ``RHError/notConfigured(endpoint:)`` to the delegate.
public let RH = ReferralHero()

/// The ReferralHero SDK core: the thirteen documented methods, reporting to ``delegate``, and the same operations as
/// `async throws` methods that return typed models.
///
/// ``RH`` is the app's instance; create others for several campaigns or app installs (tests, flows):
///
/// ```swift
/// let rh = ReferralHero(
///     configuration: RHConfiguration(apiToken: token, campaignUUID: "MF83c9616aa3"),
///     transport: URLSessionTransport())
/// rh.delegate = self
/// rh.formSubmit(param: RHSubscriber(email: "ada@example.com", domain: "https://example.com"))
/// let me = try await rh.subscriberDetail()
/// ```
///
/// Every call goes through the `ClientTransport` given at configuration, so a cassette or a simulator can stand in
/// for the network. Each call reads the configuration once, when it starts.
public final class ReferralHero: Sendable {
    private let connectionState = Locked<RHConnection?>(nil)
    private let delegateReference = Locked(WeakDelegate())

    /// An instance that is not configured yet (what ``RH`` starts as): each method reports
    /// ``RHError/notConfigured(endpoint:)`` until
    /// ``configure(configuration:transport:subscriberStore:deviceInfoProvider:now:)``.
    public init() {}

    /// Creates a configured SDK core; the parameters are those of
    /// ``configure(configuration:transport:subscriberStore:deviceInfoProvider:now:)``.
    public convenience init(
        configuration: RHConfiguration,
        transport: any ClientTransport,
        subscriberStore: (any RHSubscriberStore)? = nil,
        deviceInfoProvider: RHDeviceInfoProvider = .standard,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.init()
        configure(
            configuration: configuration, transport: transport, subscriberStore: subscriberStore,
            deviceInfoProvider: deviceInfoProvider, now: now)
    }

    /// Points this instance at a campaign; calls started afterwards use it, calls under way finish as they began.
    ///
    /// - Parameters:
    ///   - configuration: the token, the campaign uuid and the server.
    ///   - transport: how requests reach the server (URLSession, AsyncHTTPClient, a cassette, …); `nil` for the
    ///     SDK's own URLSession transport.
    ///   - subscriberStore: where the subscriber id is kept; by default a file per campaign
    ///     (``RHFileSubscriberStore/standard(campaignUUID:)``).
    ///   - deviceInfoProvider: the device parameters; ``RHDeviceInfoProvider/standard`` by default.
    ///   - now: the clock behind each body's `timestamp`.
    public func configure(
        configuration: RHConfiguration,
        transport: (any ClientTransport)? = nil,
        subscriberStore: (any RHSubscriberStore)? = nil,
        deviceInfoProvider: RHDeviceInfoProvider = .standard,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        let connection = RHConnection(
            configuration: configuration, transport: transport ?? RHURLSessionTransport(),
            subscriberStore: subscriberStore
                ?? RHFileSubscriberStore.standard(campaignUUID: configuration.campaignUUID),
            deviceInfoProvider: deviceInfoProvider, now: now)
        connectionState.withLock { $0 = connection }
    }

    /// Where calls go and with which credentials; `nil` until configured.
    public var configuration: RHConfiguration? { connectionState.withLock { $0?.configuration } }
    /// Where the app's subscriber id is kept; `nil` until configured.
    public var subscriberStore: (any RHSubscriberStore)? { connectionState.withLock { $0?.subscriberStore } }
    /// Supplies `device`, `os_type`, `screen_size` and `ip_address`; `nil` until configured.
    public var deviceInfoProvider: RHDeviceInfoProvider? { connectionState.withLock { $0?.deviceInfoProvider } }

    /// Receives the outcome of each documented method (`RH.delegate = self` in the page's `viewDidLoad`); held
    /// weakly, and kept when the instance is configured again.
    public var delegate: (any RHDelegate)? {
        get { delegateReference.withLock { $0.value } }
        set { delegateReference.withLock { $0.value = newValue } }
    }

    /// The configuration a call for `endpoint` runs with, checked; ``RHError/notConfigured(endpoint:)`` before
    /// ``configure(configuration:transport:subscriberStore:deviceInfoProvider:now:)``.
    func connection(for endpoint: RHEndpoint) throws(RHError) -> RHConnection {
        guard let connection = connectionState.withLock({ $0 }) else { throw .notConfigured(endpoint: endpoint) }
        try connection.checkConfiguration(for: endpoint)
        return connection
    }
}

private struct WeakDelegate {
    weak var value: (any RHDelegate)?
}
