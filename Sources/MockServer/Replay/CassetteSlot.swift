import CassetteKit
import Foundation
import JSONCore

/// One cassette of the library: its routes and size known from the start, its interactions parsed at the first
/// request that may need them (or at once when the derived index did not know the file).
final class CassetteSlot: Sendable {
    let name: CassetteName
    let file: URL
    /// The method and decoded path of each entry, which the library routes by.
    let routes: Set<RouteKey>
    /// The number of interactions.
    let count: Int
    private let state: Locked<State>

    private enum State {
        case unread
        case loaded(LoadedCassette)
        case failed(String)
    }

    /// A slot for a cassette already parsed.
    init(_ cassette: LoadedCassette) {
        name = cassette.name
        file = cassette.file
        routes = cassette.routes
        count = cassette.responses.count
        state = Locked(.loaded(cassette))
    }

    /// A slot parsed on first use, from what the derived index says about it.
    init(name: CassetteName, file: URL, routes: Set<RouteKey>, count: Int) {
        self.name = name
        self.file = file
        self.routes = routes
        self.count = count
        state = Locked(.unread)
    }

    /// The parsed cassette, parsing it now if needed; nil when the file no longer reads (the error is kept for
    /// ``failure``).
    var cassette: LoadedCassette? {
        state.withLock { state -> LoadedCassette? in
            switch state {
            case .loaded(let cassette): return cassette
            case .failed: return nil
            case .unread:
                do {
                    let cassette = try LoadedCassette(name: name, file: file)
                    state = .loaded(cassette)
                    return cassette
                } catch {
                    state = .failed(String(describing: error))
                    return nil
                }
            }
        }
    }

    /// The parsed cassette when it has been parsed, without parsing it.
    var parsed: LoadedCassette? {
        state.withLock { state in
            if case .loaded(let cassette) = state { return cassette }
            return nil
        }
    }

    /// Why the file did not parse at its first use.
    var failure: String? {
        state.withLock { state in
            if case .failed(let reason) = state { return reason }
            return nil
        }
    }
}
