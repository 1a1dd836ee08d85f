public import CassetteKit
public import Foundation
package import GRDB
import JSONCore

/// A stateful stand-in for one vendor's HTTP API, mounted by the mock server under `/<vendor>` (or at the root
/// with `--vendor NAME`) and callable in-process, without sockets, through ``SimulatorHost``.
///
/// Where a simulator keeps what it remembers is its own business: the built-in ones keep it in the host's SQLite
/// store, and one of yours may keep it in an actor or a `Mutex` (then ``reset(state:)`` empties that). Pass yours
/// to ``SimulatorHost/init(simulators:statePath:concurrentReads:now:)`` or
/// ``MockServer/init(configuration:simulators:logger:clock:now:)``; add a built-in one to ``SimulatorRegistry/all`` so
/// `harness serve` mounts it.
public protocol Simulator: Sendable {
    /// The vendor's name, which is also its path prefix: lowercase letters, digits and `-` (`engage`).
    var vendor: String { get }

    /// Answers one request. `request.url` is the path relative to the vendor's mount, with the query
    /// (`/XMLAPI?jsessionid=1`); malformed bodies get the vendor's documented error response, never a throw.
    /// A thrown error becomes a 500 response naming it.
    func respond(to request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse

    /// Answers a vendor admin request under `/__harness/vendors/<vendor>/…` (configuring campaigns, listing
    /// stored events); `request.url` is relative to that prefix. The default answers 404.
    func respondToAdmin(_ request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse

    /// Forgets everything the simulator stored, as if just started.
    func reset(state: SimulatorState) async throws

    /// The secrets it accepts out of the box, which recording names and the provider check binds (default none).
    var testCredentials: [TestCredential] { get }
}

/// A simulator whose state lives in the host's SQLite store, in tables its migrations create (name them
/// `<vendor>_…`). The built-in simulators are stateless values of this kind; the host runs their migrations.
package protocol StateStoreSimulator: Simulator {
    /// Registers the migrations that create the simulator's tables. Start each identifier with the vendor name
    /// (`engage.v1`): every simulator's migrations run on one database.
    func registerMigrations(_ migrator: inout StateMigrator)
}

extension Simulator {
    /// None: a simulator accepts no secrets unless it says so.
    public var testCredentials: [TestCredential] { [] }

    /// Answers 404 naming the vendor and the request: a simulator has no admin endpoint unless it says so.
    public func respondToAdmin(_ request: CassetteRequest, state: SimulatorState) async throws -> CassetteResponse {
        .json(
            status: 404,
            [
                "error": "not found",
                "message": .string("\(vendor) has no admin endpoint \(request.method) \(request.url)"),
            ])
    }
}

/// What a simulator works with: the time, and (for the built-in simulators) the host's SQLite store.
/// ``SimulatorHost`` makes one per vendor.
public struct SimulatorState: Sendable {
    /// The vendor this state belongs to.
    public let vendor: String
    /// The database every simulator of a host shares (in memory, or the `--state PATH` file).
    package let database: SimulatorDatabase
    private let clock: @Sendable () -> Date
    /// Where the host notes how this answer read the time, for its read cache (nil: not noted).
    private let timeReads: TimeReads?

    package init(vendor: String, database: SimulatorDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(vendor: vendor, database: database, clock: now, timeReads: nil)
    }

    package init(vendor: String, database: DatabaseQueue, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(vendor: vendor, database: SimulatorDatabase(database), now: now)
    }

    private init(
        vendor: String, database: SimulatorDatabase, clock: @escaping @Sendable () -> Date, timeReads: TimeReads?
    ) {
        self.vendor = vendor
        self.database = database
        self.clock = clock
        self.timeReads = timeReads
    }

    /// The same state for one answer, noting in `reads` how the answer reads the time.
    func noting(_ reads: TimeReads) -> SimulatorState {
        SimulatorState(vendor: vendor, database: database, clock: clock, timeReads: reads)
    }

    /// The current time (injected, so tests fix it).
    public var now: Date {
        timeReads?.noteExact()
        return clock()
    }

    /// The current time in whole seconds since 1970, rounded down (0 for a clock that is not finite). An answer
    /// that reads the time only through this, not through ``now``, may be given again from the server's read cache
    /// until the second ends (``SimulatorHost``).
    public var epochSecond: Int {
        let second = TimeReads.second(of: clock())
        timeReads?.note(second: second)
        return second
    }
}

/// How one answer read the time: not at all, only in whole seconds (which second), or more finely. An answer that
/// read it more finely, or read two different seconds, is not given again from the read cache.
final class TimeReads: Sendable {
    enum Use: Equatable {
        case none
        case second(Int)
        case exact
    }

    private let state = Locked(Use.none)

    var use: Use { state.withLock { $0 } }

    func noteExact() {
        state.withLock { $0 = .exact }
    }

    func note(second: Int) {
        state.withLock { use in
            switch use {
            case .none: use = .second(second)
            case .second(let earlier) where earlier != second: use = .exact
            case .second, .exact: break
            }
        }
    }

    /// Whole seconds since 1970, rounded down; clamped for a clock far from today, 0 when it is not finite.
    static func second(of date: Date) -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite else { return 0 }
        return Int(max(-9.2e18, min(9.2e18, seconds)))
    }
}
