public import Foundation
public import OpenAPIRuntime
import Synchronization

/// The ReferralHero SDK core: the thirteen documented methods, reporting to ``delegate``, and the same operations as
/// `async throws` methods that return typed models.
///
/// ```swift
/// let rh = RH(
///     configuration: RHConfiguration(apiToken: token, campaignUUID: "MF83c9616aa3"),
///     transport: URLSessionTransport())
/// rh.delegate = self
/// rh.formSubmit(param: RHSubscriber(email: "ada@example.com", domain: "https://example.com"))
/// let me = try await rh.subscriberDetail()
/// ```
///
/// Every call goes through the `ClientTransport` given at creation, so a cassette or a simulator can stand in for
/// the network.
public final class RH: Sendable {
    /// Where calls go and with which credentials.
    public let configuration: RHConfiguration
    /// Where the app's subscriber id is kept.
    public let subscriberStore: any RHSubscriberStore
    /// Supplies `device`, `os_type`, `screen_size` and `ip_address`.
    public let deviceInfoProvider: RHDeviceInfoProvider

    let client: Client
    let now: @Sendable () -> Date
    private let delegateReference = Mutex(WeakDelegate())

    /// Creates the SDK core.
    ///
    /// - Parameters:
    ///   - transport: how requests reach the server (URLSession, AsyncHTTPClient, a cassette, …).
    ///   - subscriberStore: where the subscriber id is kept; by default a file per campaign
    ///     (``RHFileSubscriberStore/standard(campaignUUID:)``).
    ///   - deviceInfoProvider: the device parameters; ``RHDeviceInfoProvider/standard`` by default.
    ///   - now: the clock behind each body's `timestamp`.
    public init(
        configuration: RHConfiguration,
        transport: any ClientTransport,
        subscriberStore: (any RHSubscriberStore)? = nil,
        deviceInfoProvider: RHDeviceInfoProvider = .standard,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.configuration = configuration
        self.subscriberStore =
            subscriberStore ?? RHFileSubscriberStore.standard(campaignUUID: configuration.campaignUUID)
        self.deviceInfoProvider = deviceInfoProvider
        self.now = now
        client = Client(
            serverURL: configuration.serverURL,
            transport: transport,
            middlewares: [
                HeadersMiddleware(apiToken: configuration.apiToken), ErrorEnvelopeMiddleware(),
                ResponseCaptureMiddleware(),
            ]
        )
    }

    /// Receives the outcome of each documented method; held weakly.
    public var delegate: (any RHDelegate)? {
        get { delegateReference.withLock { $0.value } }
        set { delegateReference.withLock { $0.value = newValue } }
    }
}

private struct WeakDelegate {
    weak var value: (any RHDelegate)?
}
