public import CassetteKit
public import Foundation
import GRDB

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

    /// Opens the state store (in memory when `statePath` is nil, else that SQLite file) and runs the migrations
    /// of every simulator that keeps its state there (the built-in ones). With `concurrentReads` the store is a
    /// WAL pool (in a temporary file when `statePath` is nil) that answers read calls at once instead of one
    /// after another.
    ///
    /// - Throws: ``MockServerError/duplicateVendor(_:)``, ``MockServerError/invalidVendorName(_:)``,
    ///   ``MockServerError/stateStore(path:reason:)``.
    public init(
        simulators: [any Simulator], statePath: String? = nil, concurrentReads: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(MockServerError) {
        var byVendor: [String: any Simulator] = [:]
        for simulator in simulators {
            guard VendorName.isValid(simulator.vendor) else { throw .invalidVendorName(simulator.vendor) }
            guard byVendor[simulator.vendor] == nil else { throw .duplicateVendor(simulator.vendor) }
            byVendor[simulator.vendor] = simulator
        }
        let database: SimulatorDatabase
        do {
            database =
                concurrentReads
                ? try SimulatorDatabase.concurrent(path: statePath) : try SimulatorDatabase(path: statePath)
            var migrator = DatabaseMigrator()
            for vendor in byVendor.keys.sorted() {
                (byVendor[vendor] as? any SQLiteSimulator)?.registerMigrations(&migrator)
            }
            try migrator.migrate(database.writer)
        } catch {
            throw .stateStore(path: statePath ?? ":memory:", reason: "\(error)")
        }
        self.simulators = byVendor
        vendors = byVendor.keys.sorted()
        states = byVendor.mapValues { SimulatorState(vendor: $0.vendor, database: database, now: now) }
    }

    /// The state of `vendor`'s simulator.
    public func state(for vendor: String) -> SimulatorState? { states[vendor] }

    /// `vendor`'s simulator answers `request` (its URL relative to the vendor's mount). A `GET` or `HEAD` is
    /// first answered on a read-only snapshot when the store reads concurrently.
    public func respond(vendor: String, to request: CassetteRequest) async throws -> CassetteResponse {
        let (simulator, state) = try mounted(vendor)
        let reads = request.method == "GET" || request.method == "HEAD"
        return try await SimulatorDatabase.$readFirst.withValue(reads) {
            try await simulator.respond(to: request, state: state)
        }
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

    private func mounted(_ vendor: String) throws(MockServerError) -> (any Simulator, SimulatorState) {
        guard let simulator = simulators[vendor], let state = states[vendor] else {
            throw .unknownVendor(vendor, known: vendors)
        }
        return (simulator, state)
    }
}

/// Vendor names are path prefixes.
enum VendorName {
    static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
