public import CassetteKit
public import Foundation

/// Simulators and their shared state store, without a server: the mock server answers through a host, and
/// `harness verify`'s provider check calls one in-process.
///
/// ```swift
/// let host = try SimulatorHost(simulators: SimulatorRegistry.all)          // in-memory SQLite
/// let response = try await host.respond(vendor: "engage", to: request)     // request.url relative to /engage
/// ```
public final class SimulatorHost: Sendable {
    /// The simulators by vendor name.
    public let simulators: [String: any Simulator]
    /// The vendor names, sorted.
    public let vendors: [String]
    private let states: [String: SimulatorState]
    private let database: SimulatorDatabase
    private let now: @Sendable () -> Date
    /// Read answers given again while they hold, when the host was opened with `cachesReads`.
    package let readCache: SimulatorReadCache?
    private let prepareReads: (@Sendable (CassetteResponse) -> any PreparedAnswer)?

    /// Opens the state store (in memory when `statePath` is nil, else that SQLite file) and runs the migrations
    /// of every simulator that keeps its state there (the built-in ones). With `concurrentReads` the store is a
    /// WAL pool (in a temporary file when `statePath` is nil) that answers read calls at once instead of one
    /// after another. With `cachesReads` it keeps the answers of read calls that depend only on the request and the
    /// store (see ``cachedAnswer(vendor:to:)``), which the server gives again without running the simulator.
    ///
    /// - Throws: ``SimulatorError/duplicateVendor(_:)``, ``SimulatorError/invalidVendorName(_:)``,
    ///   ``SimulatorError/stateStore(path:reason:)``.
    public convenience init(
        simulators: [any Simulator], statePath: String? = nil, concurrentReads: Bool = false,
        cachesReads: Bool = false, now: @escaping @Sendable () -> Date = { Date() }
    ) throws(SimulatorError) {
        let keepsResponse: @Sendable (CassetteResponse) -> any PreparedAnswer = { $0 }
        try self.init(
            simulators: simulators, statePath: statePath, concurrentReads: concurrentReads,
            prepareReads: cachesReads ? keepsResponse : nil, now: now)
    }

    /// As ``init(simulators:statePath:concurrentReads:cachesReads:now:)``, keeping read answers in the form
    /// `prepareReads` gives (the server's wire form) when it is not nil. With `migratesAtFirstUse`, a temporary
    /// store (no `statePath`) is migrated at the first simulator call instead of now
    /// (``SimulatorDatabase/migrateAtFirstUse(_:)``); a `statePath` is always migrated now, so a file that cannot be
    /// is reported at once.
    package convenience init(
        simulators: [any Simulator], statePath: String? = nil, concurrentReads: Bool = false,
        prepareReads: (@Sendable (CassetteResponse) -> any PreparedAnswer)?, migratesAtFirstUse: Bool = false,
        now: @escaping @Sendable () -> Date
    ) throws(SimulatorError) {
        let byVendor = try Self.byVendor(simulators)
        let database: SimulatorDatabase
        do {
            database =
                concurrentReads
                ? try SimulatorDatabase.concurrent(path: statePath) : try SimulatorDatabase(path: statePath)
            let migrator = Self.migrator(for: Array(byVendor.values))
            if migratesAtFirstUse, statePath == nil {
                database.migrateAtFirstUse(migrator)
            } else {
                try database.migrate(migrator)
            }
        } catch {
            throw .stateStore(path: statePath ?? ":memory:", reason: "\(error)")
        }
        self.init(byVendor: byVendor, database: database, prepareReads: prepareReads, now: now)
    }

    /// Simulators over a store other instances share (``SharedStateStore``), opened and migrated by its caller with
    /// ``migrator(for:)``. The read cache stays off: another instance's write would not clear it.
    package convenience init(
        simulators: [any Simulator], shared: any SharedStateStore, now: @escaping @Sendable () -> Date = { Date() }
    ) throws(SimulatorError) {
        self.init(
            byVendor: try Self.byVendor(simulators), database: SimulatorDatabase(shared: shared), prepareReads: nil,
            now: now)
    }

    private init(
        byVendor: [String: any Simulator], database: SimulatorDatabase,
        prepareReads: (@Sendable (CassetteResponse) -> any PreparedAnswer)?, now: @escaping @Sendable () -> Date
    ) {
        self.simulators = byVendor
        vendors = byVendor.keys.sorted()
        states = byVendor.mapValues { SimulatorState(vendor: $0.vendor, database: database, now: now) }
        self.database = database
        self.now = now
        readCache = prepareReads.map { _ in SimulatorReadCache() }
        self.prepareReads = prepareReads
    }

    private static func byVendor(_ simulators: [any Simulator]) throws(SimulatorError) -> [String: any Simulator] {
        var byVendor: [String: any Simulator] = [:]
        for simulator in simulators {
            guard VendorName.isValid(simulator.vendor) else { throw .invalidVendorName(simulator.vendor) }
            guard byVendor[simulator.vendor] == nil else { throw .duplicateVendor(simulator.vendor) }
            byVendor[simulator.vendor] = simulator
        }
        return byVendor
    }

    /// The migrations of every simulator that keeps its state in the host's store, vendor by vendor in name order.
    package static func migrator(for simulators: [any Simulator]) -> StateMigrator {
        var migrator = StateMigrator()
        for simulator in simulators.sorted(by: { $0.vendor < $1.vendor }) {
            (simulator as? any StateStoreSimulator)?.registerMigrations(&migrator)
        }
        return migrator
    }

    /// Copies the state store to a new SQLite file at `path`, page for page (an embedded store only), so another
    /// host can open it where this one stands.
    package func copyState(to path: String) throws {
        try database.copy(to: path)
    }

    /// The state of `vendor`'s simulator.
    public func state(for vendor: String) -> SimulatorState? { states[vendor] }

    /// `vendor`'s simulator answers `request` (its URL relative to the vendor's mount). A `GET` or `HEAD` is
    /// first answered on a read-only snapshot when the store reads concurrently; with `cachesReads`, a `GET` answer
    /// that depends only on the request and the store is kept for ``cachedAnswer(vendor:to:)``.
    public func respond(vendor: String, to request: CassetteRequest) async throws -> CassetteResponse {
        let (simulator, state) = try mounted(vendor)
        guard let readCache, request.method == "GET", simulator is any StateStoreSimulator else {
            let reads = request.method == "GET" || request.method == "HEAD"
            return try await SimulatorDatabase.$readFirst.withValue(reads) {
                try await simulator.respond(to: request, state: state)
            }
        }
        let generation = database.generation
        let time = TimeReads()
        let response = try await SimulatorDatabase.$readFirst.withValue(true) {
            try await simulator.respond(to: request, state: state.noting(time))
        }
        keepRead(response, vendor: vendor, request: request, generation: generation, time: time, in: readCache)
        return response
    }

    /// Whether ``respondNow(vendor:to:)`` answers: the store is embedded (a shared store's calls await the network).
    package var respondsNow: Bool { database.shared == nil }

    /// ``respond(vendor:to:)`` on the calling thread, for the server's event loop: the same work, the same read-only
    /// first try for a `GET` or `HEAD`, the same read cache. Nil when it cannot answer so without waiting: a shared
    /// store, an unknown vendor, a simulator that does not describe its work (``WorkingSimulator``), or a write while
    /// another write transaction runs or waits; ask ``respond(vendor:to:)``.
    package func respondNow(vendor: String, to request: CassetteRequest) throws -> CassetteResponse? {
        guard respondsNow, let simulator = simulators[vendor] as? any WorkingSimulator, let state = states[vendor]
        else { return nil }
        guard let readCache, request.method == "GET" else {
            let reads = request.method == "GET" || request.method == "HEAD"
            return try SimulatorDatabase.$readFirst.withValue(reads) {
                try simulator.work(for: request, state: state).runNow(on: database)
            }
        }
        let generation = database.generation
        let time = TimeReads()
        guard
            let response = try SimulatorDatabase.$readFirst.withValue(
                true,
                operation: {
                    try simulator.work(for: request, state: state.noting(time)).runNow(on: database)
                })
        else { return nil }
        keepRead(response, vendor: vendor, request: request, generation: generation, time: time, in: readCache)
        return response
    }

    /// Keeps a read's answer when no write transaction ended while it was worked out.
    private func keepRead(
        _ response: CassetteResponse, vendor: String, request: CassetteRequest, generation: UInt64, time: TimeReads,
        in readCache: SimulatorReadCache
    ) {
        guard database.generation == generation, let prepareReads else { return }
        readCache.keep(
            prepareReads(response), for: .init(vendor: vendor, request: request), generation: generation,
            time: time.use)
    }

    /// The kept answer to a `GET` (its URL relative to the vendor's mount) when it still holds: no write transaction
    /// has ended since it was computed and, if it read the time in seconds, the second is the same. Nil otherwise,
    /// and always when the host does not cache reads.
    package func cachedAnswer(vendor: String, to request: CassetteRequest) -> (any PreparedAnswer)? {
        guard let readCache, request.method == "GET" else { return nil }
        return readCache.answer(
            .init(vendor: vendor, request: request), generation: database.generation,
            second: TimeReads.second(of: now()))
    }

    /// `vendor`'s simulator answers an admin request (its URL relative to `/__harness/vendors/<vendor>`).
    public func respondToAdmin(vendor: String, _ request: CassetteRequest) async throws -> CassetteResponse {
        let (simulator, state) = try mounted(vendor)
        return try await simulator.respondToAdmin(request, state: state)
    }

    /// Resets one vendor's simulator, or all of them.
    public func reset(vendor: String? = nil) async throws {
        for name in vendor.map({ [$0] }) ?? vendors {
            let (simulator, state) = try mounted(name)
            try await simulator.reset(state: state)
        }
    }

    private func mounted(_ vendor: String) throws(SimulatorError) -> (any Simulator, SimulatorState) {
        guard let simulator = simulators[vendor], let state = states[vendor] else {
            throw .unknownVendor(vendor, known: vendors)
        }
        return (simulator, state)
    }
}

/// Vendor names are path prefixes.
package enum VendorName {
    package static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
