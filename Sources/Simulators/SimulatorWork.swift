package import CassetteKit

/// What a built-in simulator does for one request, decided before it touches the store: an answer that needs no
/// state, or a transaction on the host's store. The same work runs awaited (``run(on:)``, every store) or on the
/// calling thread (``runNow(on:)``, an embedded store), so the server's event loop answers a simulator call the way
/// its concurrency task does, without the hops between them (``SimulatorHost/respondNow(vendor:to:)``).
package enum SimulatorWork: Sendable {
    /// An answer given without the store (an unknown path, a method the endpoint does not take).
    case answer(CassetteResponse)
    /// A write transaction (``SimulatorDatabase/write(_:)``; a read method's tries a read-only snapshot first).
    case write(@Sendable (StateDB) throws -> CassetteResponse)
    /// A read transaction.
    case read(@Sendable (StateDB) throws -> CassetteResponse)

    /// The answer, awaiting the store.
    package func run(on database: SimulatorDatabase) async throws -> CassetteResponse {
        switch self {
        case .answer(let response): response
        case .write(let body): try await database.write(body)
        case .read(let body): try await database.read(body)
        }
    }

    /// The answer worked out on the calling thread, or nil when a write transaction would wait for another
    /// (``SimulatorDatabase/writeIfFree(_:)``); an embedded store only (a shared one throws
    /// ``SimulatorError/stateStore(path:reason:)``).
    package func runNow(on database: SimulatorDatabase) throws -> CassetteResponse? {
        switch self {
        case .answer(let response): response
        case .write(let body): try database.writeIfFree { try body($0) }
        case .read(let body): try database.read { try body($0) }
        }
    }
}

/// A simulator that says what it does for a request as ``SimulatorWork``; its `respond(to:state:)` runs that work.
/// The built-in ones are of this kind.
package protocol WorkingSimulator: StateStoreSimulator {
    /// The work that answers `request` (its URL relative to the vendor's mount).
    func work(for request: CassetteRequest, state: SimulatorState) -> SimulatorWork
}
