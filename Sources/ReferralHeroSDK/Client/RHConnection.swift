import Foundation
import HTTPTypes
import OpenAPIRuntime

/// What every call of a configured ``ReferralHero`` shares: the configuration, the generated client on the
/// transport, the stored subscriber, device parameters, the timestamp and the mapping of failures to RHError.
struct RHConnection: Sendable {
    let configuration: RHConfiguration
    let client: Client
    let subscriberStore: any RHSubscriberStore
    let deviceInfoProvider: RHDeviceInfoProvider
    let now: @Sendable () -> Date

    init(
        configuration: RHConfiguration, transport: any ClientTransport, subscriberStore: any RHSubscriberStore,
        deviceInfoProvider: RHDeviceInfoProvider, now: @escaping @Sendable () -> Date
    ) {
        self.configuration = configuration
        self.subscriberStore = subscriberStore
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

    var campaign: String { configuration.campaignUUID }

    /// Throws when the token or the campaign uuid is blank.
    func checkConfiguration(for endpoint: RHEndpoint) throws(RHError) {
        try require(configuration.apiToken, named: "api token", for: endpoint)
        try require(configuration.campaignUUID, named: "campaign uuid", for: endpoint)
    }

    /// The stored subscriber id; throws when none is stored.
    func storedSubscriberID(for endpoint: RHEndpoint) async throws(RHError) -> String {
        let id = try await usingStore { try await $0.subscriberID() }
        guard let id, !id.isBlank else { throw .noStoredSubscriber(endpoint: endpoint) }
        return id
    }

    /// Stores `id` as the app's subscriber.
    func remember(subscriberID id: String) async throws(RHError) {
        try await usingStore { try await $0.setSubscriberID(id) }
    }

    /// Forgets the app's subscriber.
    func forgetSubscriber() async throws(RHError) {
        try await usingStore { try await $0.removeSubscriberID() }
    }

    private func usingStore<T>(_ body: (any RHSubscriberStore) async throws -> T) async throws(RHError) -> T {
        do {
            return try await body(subscriberStore)
        } catch let error as RHError {
            throw error
        } catch {
            throw .subscriberStore(String(describing: error))
        }
    }

    /// The body `timestamp`: unix seconds as a decimal string.
    func timestamp() -> String {
        String(Int(now().timeIntervalSince1970))
    }

    /// `given` filled from the provider, blanks dropped, `screen_size` in its canonical form.
    func deviceInfo(
        filling given: RHDeviceInfo = RHDeviceInfo(),
        for endpoint: RHEndpoint
    ) async throws(RHError) -> RHDeviceInfo {
        let provided = await deviceInfoProvider.deviceInfo()
        return try normalized(given.filled(from: provided), for: endpoint)
    }

    /// `info` with blank parameters dropped and the screen size in its canonical spelling; an unreadable screen
    /// size is ``RHError/invalidParameter(_:value:expected:endpoint:)``.
    func normalized(_ info: RHDeviceInfo, for endpoint: RHEndpoint) throws(RHError) -> RHDeviceInfo {
        var info = info
        info.device = info.device.nonBlank
        info.osType = info.osType.nonBlank
        info.ipAddress = info.ipAddress.nonBlank
        if let raw = info.screenSize.nonBlank {
            guard let size = RHScreenSize(raw) else {
                throw .invalidParameter(
                    "screen_size", value: raw, expected: "width and height like 393*852, 393x852 or 393.0 x 852.0",
                    endpoint: endpoint)
            }
            info.screenSize = size.description
        } else {
            info.screenSize = nil
        }
        return info
    }

    /// Runs one generated-client call, mapping whatever it throws to ``RHError``.
    func call<Output>(_ operation: (Client) async throws -> Output) async throws(RHError) -> Output {
        do {
            return try await operation(client)
        } catch {
            throw RHError(callFailure: error)
        }
    }
}

extension RHError {
    /// The ``RHError`` a middleware threw, or what a transport or a decoder failure means for the caller.
    ///
    /// Never uses `ClientError`'s own description: it prints the request, and so the token.
    init(callFailure error: any Error) {
        if let error = error as? RHError {
            self = error
        } else if let clientError = error as? ClientError {
            if let error = clientError.underlyingError as? RHError {
                self = error
            } else if let response = clientError.response {
                self = .unexpectedResponse(
                    status: response.status.code, detail: String(describing: clientError.underlyingError))
            } else {
                self = .transport(String(describing: clientError.underlyingError))
            }
        } else {
            self = .transport(String(describing: error))
        }
    }
}

extension String? {
    /// `nil` for a missing or blank string.
    var nonBlank: String? {
        guard let self, !self.isBlank else { return nil }
        return self
    }
}
