import Foundation
import Hummingbird
import HummingbirdCore
import JSONCore
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import UnixSignals

extension MockServer {
    /// The Hummingbird application and, when an upstream is configured, the proxy, in one service group.
    /// The group shuts services down in reverse order: the server first (requests in flight finish), then the
    /// proxy (recordings are flushed, the HTTP client closed).
    func makeServiceGroup(
        handlingSignals: Bool, onReady: @escaping @Sendable (MockServerEndpoints) -> Void
    ) -> ServiceGroup {
        let logger = self.logger
        var services: [any Service] = []
        // First, so it stops last: requests in flight finish before the store's connections close.
        if let stateStore { services.append(StateStoreService(store: stateStore)) }
        if let upstream = configuration.upstream {
            let directory = configuration.cassettesDirectory ?? URL(fileURLWithPath: "Cassettes", isDirectory: true)
            let recorder = ExchangeRecorder(
                directory: directory, serverMode: configuration.mode, logger: logger)
            let proxy = RecordingProxy(
                upstream: upstream, timeout: configuration.upstreamTimeout, recorder: recorder, logger: logger)
            core.proxy.withLock { $0 = proxy }
            services.append(ProxyService(proxy: proxy))
        }
        services.append(makeApplication(onReady: onReady))
        return ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) },
                gracefulShutdownSignals: handlingSignals ? [.sigterm, .sigint] : [],
                logger: logger))
    }

    /// The Hummingbird application: the harness responder on HTTP/1.1, with the truncation handler and the
    /// replay hits answered on the event loop in every connection's pipeline.
    func makeApplication(
        onReady: @escaping @Sendable (MockServerEndpoints) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let configuration = self.configuration
        let core = self.core
        let logger = self.logger
        return Application(
            responder: HarnessResponder(core: core, admin: AdminAPI(core: core).responder()),
            server: HTTPServerBuilder { responder in
                HarnessHTTP1Channel(
                    base: HTTP1Channel(
                        responder: responder,
                        configuration: HTTP1Channel.Configuration(additionalChannelHandlers: [TruncationHandler()])),
                    core: core)
            },
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let endpoints = MockServerEndpoints(
                    host: configuration.host, port: channel.localAddress?.port ?? configuration.port,
                    vendors: core.servedVendors, rootVendor: configuration.vendor)
                logger.notice("serving", metadata: ["origin": "\(endpoints.origin)", "mode": "\(core.mode)"])
                onReady(endpoints)
            },
            logger: logger)
    }
    /// A bind failure as the error users read.
    func bindError(_ error: any Error) -> any Error {
        if error is MockServerError { return error }
        if let error = error as? IOError {
            return MockServerError.bindFailed(
                host: configuration.host, port: configuration.port, reason: error.description)
        }
        return error
    }
}

/// Keeps the proxy until shutdown, then flushes recordings in flight and closes the HTTP client.
private struct ProxyService: Service {
    let proxy: RecordingProxy

    func run() async throws {
        try? await gracefulShutdown()
        await proxy.shutdown()
    }
}

/// Keeps the shared state store open until shutdown, then closes its connections.
private struct StateStoreService: Service {
    let store: PostgresStateStore

    func run() async throws {
        try? await gracefulShutdown()
        await store.close()
    }
}
