import CassetteKit
public import Foundation
import Hummingbird
import JSONCore
public import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// The mock server: one Hummingbird server on one port for every vendor simulator, cassette replay, the
/// recording proxy, faults and the admin API.
///
/// In-process use (tests, `harness record`):
///
/// ```swift
/// let server = try MockServer(configuration: MockServerConfiguration(port: 0))   // 0: an ephemeral port
/// let endpoints = try await server.start()
/// let engage = endpoints.baseURL(for: "engage")                                   // http://127.0.0.1:PORT/engage
/// try await server.reset()
/// try await server.stop()
/// ```
public final class MockServer: Sendable {
    /// The configuration it runs with (after defaults were filled in, such as the `Cassettes` folder for record mode).
    public let configuration: MockServerConfiguration
    let core: ServerCore
    let logger: Logger
    /// The PostgreSQL store ``open(configuration:simulators:logger:clock:now:)`` opened, closed when the server stops.
    let stateStore: PostgresStateStore?
    private let state = Locked(RunState.idle)

    private enum RunState {
        case idle
        /// `task` runs the group when ``start()`` started it; `endpoints` is set once the port is open.
        case running(group: ServiceGroup, task: Task<Void, any Error>?, endpoints: MockServerEndpoints?)
        case stopped
    }

    /// Prepares a server: opens the simulators' state store and loads the cassettes (a broken cassette is
    /// logged and skipped). Nothing listens until ``start()`` or ``run(handlingSignals:onReady:)``. A PostgreSQL
    /// store (``MockServerConfiguration/statePath`` `postgres://…`) opens asynchronously: use
    /// ``open(configuration:simulators:logger:clock:now:)`` for it.
    ///
    /// - Parameters:
    ///   - simulators: the simulators to mount (``SimulatorRegistry/all`` by default).
    ///   - clock: the clock fault latencies and dribbles sleep on (inject one to test them without waiting).
    ///   - now: the time the journal and the simulators see.
    public convenience init(
        configuration: MockServerConfiguration, simulators: [any Simulator] = SimulatorRegistry.all,
        logger: Logger = Logger(label: "harness.serve"), clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(MockServerError) {
        try configuration.validate()
        if let path = configuration.statePath, PostgresURL.names(path) {
            throw .simulators(
                .stateStore(
                    path: PostgresURL.redacted(path),
                    reason:
                        "a PostgreSQL store opens asynchronously: create the server with MockServer.open(configuration:)"
                ))
        }
        let host: SimulatorHost
        let prepare: @Sendable (CassetteResponse) -> any PreparedAnswer = { PreparedResponse($0) }
        do throws(SimulatorError) {
            host = try SimulatorHost(
                simulators: simulators, statePath: configuration.statePath,
                concurrentReads: configuration.concurrentReads,
                prepareReads: configuration.cachesSimulatorReads ? prepare : nil,
                migratesAtFirstUse: configuration.mode != .simulate, now: now)
        } catch {
            throw .simulators(error)
        }
        try self.init(configuration: configuration, host: host, stateStore: nil, logger: logger, clock: clock, now: now)
    }

    /// Prepares a server as ``init(configuration:simulators:logger:clock:now:)`` does, and when
    /// ``MockServerConfiguration/statePath`` is a `postgres://` or `postgresql://` URL, first opens that PostgreSQL
    /// database as the simulators' state store, shared with every other server opened on it, and runs the
    /// simulators' migrations it lacks. The store's connections close when the server stops.
    ///
    /// - Throws: besides the initializer's errors, ``MockServerError/invalidStateURL(location:reason:)`` and
    ///   ``MockServerError/stateStoreUnavailable(location:reason:)`` (no server there, wrong password, missing
    ///   database).
    public static func open(
        configuration: MockServerConfiguration, simulators: [any Simulator] = SimulatorRegistry.all,
        logger: Logger = Logger(label: "harness.serve"), clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws(MockServerError) -> MockServer {
        guard let url = configuration.statePath, PostgresURL.names(url) else {
            return try MockServer(
                configuration: configuration, simulators: simulators, logger: logger, clock: clock, now: now)
        }
        try configuration.validate()
        let store = try await PostgresStateStore.open(
            url: url, migrator: SimulatorHost.migrator(for: simulators), logger: logger)
        do throws(MockServerError) {
            let host: SimulatorHost
            do throws(SimulatorError) {
                host = try SimulatorHost(simulators: simulators, shared: store, now: now)
            } catch {
                throw .simulators(error)
            }
            return try MockServer(
                configuration: configuration, host: host, stateStore: store, logger: logger, clock: clock, now: now)
        } catch {
            await store.close()
            throw error
        }
    }

    private init(
        configuration: MockServerConfiguration, host: SimulatorHost, stateStore: PostgresStateStore?, logger: Logger,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date
    ) throws(MockServerError) {
        var configuration = configuration
        if configuration.mode.proxies || configuration.upstream != nil, configuration.cassettesDirectory == nil {
            configuration.cassettesDirectory = URL(fileURLWithPath: "Cassettes", isDirectory: true)
        }
        if let vendor = configuration.vendor, !VendorName.isValid(vendor) { throw .invalidVendorName(vendor) }
        self.configuration = configuration
        self.logger = logger
        self.stateStore = stateStore
        core = ServerCore(configuration: configuration, simulators: host, logger: logger, clock: clock, now: now)
        core.library.loadAll()
        let broken = core.library.failures
        if configuration.refusesBrokenCassettes, configuration.mode == .replay || configuration.mode == .spy,
            !broken.isEmpty
        {
            throw .unreadableCassettes(broken.map { $0.error.contains($0.file) ? $0.error : "\($0.file): \($0.error)" })
        }
        if let vendor = configuration.vendor, configuration.mode != .record, configuration.mode != .spy,
            !core.knows(vendor)
        {
            throw .unknownVendor(vendor, known: core.vendors)
        }
    }

    /// Every request seen, for assertions.
    public var journal: RequestJournal { core.journal }
    /// How many replay hits and kept simulator reads were answered on the event loop, ahead of the responder (for
    /// tests).
    package var eventLoopHits: Int { core.eventLoopHits.load(ordering: .relaxed) }
    /// Those of ``eventLoopHits`` answered from the connection's bytes, ahead of NIO's HTTP/1.1 codec.
    package var wireHits: Int { core.wireHits.load(ordering: .relaxed) }
    /// How many simulator calls the simulators worked out on the event loop (simulate mode, an embedded store), not
    /// counted in ``eventLoopHits`` (for tests).
    package var eventLoopCalls: Int { core.eventLoopCalls.load(ordering: .relaxed) }
    /// How many requests the event loop keeps the replay route of (``ImmediateMemo``, for tests).
    package var keptReplayRoutes: Int { core.replayMemo.count }
    /// The admin fault rules, editable in-process too.
    public var faultRules: FaultRules { core.faultRules }
    /// The simulators and their state.
    public var simulators: SimulatorHost { core.simulators }
    /// The current mode.
    public var mode: ServerMode { core.mode }

    /// Where the server answers, while it runs.
    public var endpoints: MockServerEndpoints? {
        state.withLock { state in
            if case .running(_, _, let endpoints) = state { return endpoints }
            return nil
        }
    }

    /// Starts listening in the background and returns once the port is open.
    ///
    /// - Throws: ``MockServerError/bindFailed(host:port:reason:)`` when the address cannot be bound.
    @discardableResult
    public func start() async throws -> MockServerEndpoints {
        let ready = OneShot<MockServerEndpoints>()
        let group = try claim(handlingSignals: false) { ready.resolve(.success($0)) }
        let task = Task {
            do {
                try await group.run()
                ready.resolve(.failure(MockServerError.notRunning))
            } catch {
                ready.resolve(.failure(bindError(error)))
                throw error
            }
        }
        state.withLock { state in
            if case .running(let group, nil, let endpoints) = state {
                state = .running(group: group, task: task, endpoints: endpoints)
            }
        }
        return try await ready.value()
    }

    /// Serves in the foreground until SIGINT or SIGTERM (with `handlingSignals`) or ``stop()``, then shuts
    /// down gracefully: requests in flight finish and recordings are flushed.
    public func run(
        handlingSignals: Bool = true, onReady: @escaping @Sendable (MockServerEndpoints) -> Void = { _ in }
    ) async throws {
        let group = try claim(handlingSignals: handlingSignals, onReady: onReady)
        do {
            try await group.run()
        } catch {
            throw bindError(error)
        }
    }

    /// Builds the service group and marks the server as running; a server runs once.
    private func claim(
        handlingSignals: Bool, onReady: @escaping @Sendable (MockServerEndpoints) -> Void
    ) throws(MockServerError) -> ServiceGroup {
        let group = makeServiceGroup(handlingSignals: handlingSignals) { [self] endpoints in
            self.state.withLock { state in
                if case .running(let group, let task, nil) = state {
                    state = .running(group: group, task: task, endpoints: endpoints)
                }
            }
            onReady(endpoints)
        }
        try state.withLock { state throws(MockServerError) in
            guard case .idle = state else { throw .alreadyStarted }
            state = .running(group: group, task: nil, endpoints: nil)
        }
        return group
    }

    /// Shuts down gracefully (requests in flight finish, recordings are flushed) and waits until it has.
    public func stop() async throws {
        let running = state.withLock { state -> (ServiceGroup, Task<Void, any Error>?)? in
            defer { state = .stopped }
            if case .running(let group, let task, _) = state { return (group, task) }
            return nil
        }
        guard let (group, task) = running else { return }
        await group.triggerGracefulShutdown()
        try await task?.value
    }

    /// Resets simulator state and rewinds cassette replay, for one vendor or all.
    public func reset(vendor: String? = nil) async throws {
        try await core.reset(vendor: vendor)
    }
}
