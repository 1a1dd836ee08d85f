import Foundation
import JSONCore
public import Logging
public import MockServer

/// The PostgreSQL database the provider check's simulators keep their state in (`harness verify --state
/// postgres://…`), instead of a fresh in-memory SQLite store per flow: the check then also covers the simulators'
/// SQL on PostgreSQL, as `harness serve --state` runs it.
///
/// The database is the verify run's own. Every flow resets its vendor's tables there before it replays its
/// cassette, so do not point it at a database a team's `harness serve` instances share.
///
/// One store, opened once for the run (it runs the simulators' migrations the database lacks) and closed at its
/// end by whoever opened it. Vendors keep their state in tables of their own, so flows of different vendors replay
/// at once; flows of one vendor take turns, first come first served, each holding its vendor's tables from its reset
/// to its last request (the wait for its turn counts towards the flow's timeout).
///
/// ```swift
/// let state = try await ProviderStateStore.open(url: "postgres://harness@127.0.0.1/verify", simulators: all)
/// let report = try await engine.verify(FlowEngine.Options(checks: [.provider], state: state))
/// await state.close()
/// ```
public final class ProviderStateStore: Sendable {
    let store: PostgresStateStore
    let turns = VendorTurns()

    /// The database's URL without its password, as messages show it.
    public var location: String { store.location }

    private init(store: PostgresStateStore) {
        self.store = store
    }

    /// Connects to the PostgreSQL database `url` names (`postgres://user[:password]@host[:port]/database`) and runs
    /// the migrations of `simulators` it has not run yet.
    ///
    /// - Parameter connections: how many connections the store uses at most; a vendor runs one transaction at a
    ///   time, so more than one per vendor buys nothing.
    /// - Throws: ``MockServerError/invalidStateURL(location:reason:)``,
    ///   ``MockServerError/stateStoreUnavailable(location:reason:)`` (no server there, wrong password, missing
    ///   database), ``MockServerError/simulators(_:)`` (a migration failed); messages name the server, never the
    ///   password.
    public static func open(
        url: String, simulators: [any Simulator], connections: Int = 4,
        logger: Logger = Logger(label: "harness.verify.state")
    ) async throws(MockServerError) -> ProviderStateStore {
        let vendors = Set(simulators.map(\.vendor)).count
        let store = try await PostgresStateStore.open(
            url: url, migrator: SimulatorHost.migrator(for: simulators),
            connections: max(1, min(connections, vendors)), logger: logger)
        return ProviderStateStore(store: store)
    }

    /// Closes the store's connections once the transactions running have ended.
    public func close() async {
        await store.close()
    }

    /// A host for one flow's replay over this store, its simulators reading the time from `now`.
    func host(for simulators: [any Simulator], now: @escaping @Sendable () -> Date) throws -> SimulatorHost {
        try SimulatorHost(simulators: simulators, shared: store, now: now)
    }

    /// Positions in `vendors` (each flow's vendor, in catalog order) in the order to start the flows: each vendor's
    /// flows spread evenly over the run, so that the jobs mostly hold flows of different vendors rather than
    /// waiting for one vendor's turns. A vendor's flows keep their order.
    static func spread(_ vendors: [String]) -> [Int] {
        var counts: [String: Int] = [:]
        for vendor in vendors { counts[vendor, default: 0] += 1 }
        var seen: [String: Int] = [:]
        let keys = vendors.enumerated().map { position, vendor in
            let rank = seen[vendor, default: 0]
            seen[vendor] = rank + 1
            // The flow's place within its vendor's share of the run, from 0 to 1.
            return (key: (Double(rank) + 0.5) / Double(counts[vendor] ?? 1), position: position)
        }
        return keys.sorted { ($0.key, $0.position) < ($1.key, $1.position) }.map(\.position)
    }
}

/// One flow at a time per vendor: `run(_:_:)` waits for the vendor's turn, first come first served.
final class VendorTurns: Sendable {
    private struct Queue {
        var busy = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let queues = Locked<[String: Queue]>([:])

    /// `body`, once no other `body` of `vendor` runs; a task cancelled while it waited gives its turn up unrun.
    func run<Value>(_ vendor: String, _ body: () async throws -> Value) async throws -> Value {
        await take(vendor)
        defer { hand(vendor) }
        try Task.checkCancellation()
        return try await body()
    }

    private func take(_ vendor: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = queues.withLock { queues in
                if queues[vendor, default: Queue()].busy {
                    queues[vendor, default: Queue()].waiting.append(continuation)
                    return false
                }
                queues[vendor, default: Queue()].busy = true
                return true
            }
            if now { continuation.resume() }
        }
    }

    /// Passes the turn to the first waiting, or frees it.
    private func hand(_ vendor: String) {
        let next = queues.withLock { queues -> CheckedContinuation<Void, Never>? in
            guard var queue = queues[vendor] else { return nil }
            if queue.waiting.isEmpty {
                queue.busy = false
                queues[vendor] = queue
                return nil
            }
            let first = queue.waiting.removeFirst()
            queues[vendor] = queue
            return first
        }
        next?.resume()
    }
}
