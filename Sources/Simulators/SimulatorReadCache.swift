import CassetteKit
import JSONCore

/// The answers of simulator read calls, given again while nothing they depend on has changed: the server answers a
/// repeated `GET` from here on the connection's event loop instead of running the simulator again.
///
/// An answer is kept only when it is a function of the request and the store alone:
/// - the call is a `GET` to a simulator whose state lives in the host's store (a built-in one, ``StateStoreSimulator``);
/// - it ran on a read-only snapshot, so no write transaction ended while it ran (``SimulatorDatabase/generation``);
/// - it read the time at most in whole seconds (``SimulatorState/epochSecond``), not through ``SimulatorState/now``.
///
/// It is given again for the same vendor and the same request (method, URL, every header in order, body) while no
/// write transaction has ended since and, if it read the second, within that second. A call that writes, such as one
/// counted against ReferralHero's rate limit, is never kept, so it runs every time.
package final class SimulatorReadCache: Sendable {
    /// The answers kept at most; when full, the cache starts again empty.
    static let capacity = 1024
    /// Larger answers are not kept.
    static let largestBody = 64 * 1024
    /// Requests larger than this (URL, headers and body) are not kept: with ``capacity`` and ``largestBody``, the
    /// cache holds at most 80 MiB whatever clients send.
    static let largestRequest = 16 * 1024

    struct Key: Hashable {
        var vendor: String
        var request: CassetteRequest

        /// The bytes of the request's URL, header names and values, and body.
        var size: Int {
            request.headers.reduce(request.url.utf8.count + request.body.count) {
                $0 + $1.name.utf8.count + $1.value.utf8.count
            }
        }
    }

    private struct Entry {
        var response: any PreparedAnswer
        var generation: UInt64
        var second: Int?
    }

    private let entries = BoundedMemo<Key, Entry>(capacity: capacity)

    /// The answer kept for `key`, if it still holds at `generation` and `second`.
    func answer(_ key: Key, generation: UInt64, second: Int) -> (any PreparedAnswer)? {
        guard let entry = entries[key], entry.generation == generation, entry.second.map({ $0 == second }) ?? true
        else { return nil }
        return entry.response
    }

    /// Keeps an answer computed on the store at `generation`, having read the time as `time` says.
    func keep(_ response: any PreparedAnswer, for key: Key, generation: UInt64, time: TimeReads.Use) {
        let second: Int?
        switch time {
        case .none: second = nil
        case .second(let value): second = value
        case .exact: return
        }
        guard response.bodySize <= Self.largestBody, key.size <= Self.largestRequest else { return }
        entries.keep(Entry(response: response, generation: generation, second: second), for: key)
    }
}

/// An answer as the read cache keeps it: ready to send again. The server keeps its wire form (``SimulatorHost``'s
/// `prepareReads`); a host made with `cachesReads` keeps the ``CassetteResponse`` itself.
package protocol PreparedAnswer: Sendable {
    /// The body's length in bytes: larger answers are not kept.
    var bodySize: Int { get }
}

extension CassetteResponse: PreparedAnswer {
    package var bodySize: Int { body.count }
}
