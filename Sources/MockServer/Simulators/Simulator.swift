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
package protocol SQLiteSimulator: Simulator {
    /// Registers the migrations that create the simulator's tables. Start each identifier with the vendor name
    /// (`engage.v1`): every simulator's migrations run on one database.
    func registerMigrations(_ migrator: inout DatabaseMigrator)
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

    package init(vendor: String, database: SimulatorDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
        self.vendor = vendor
        self.database = database
        clock = now
    }

    package init(vendor: String, database: DatabaseQueue, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(vendor: vendor, database: SimulatorDatabase(database), now: now)
    }

    /// The current time (injected, so tests fix it).
    public var now: Date { clock() }
}
