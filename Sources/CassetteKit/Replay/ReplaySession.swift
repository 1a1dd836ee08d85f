import Foundation
import JSONCore

/// One replay of a cassette: answers requests from its index of interactions and remembers which recorded
/// responses were used, so identical requests (retries, polling) get their responses in recorded order.
/// Thread-safe: many tasks, or the mock server's connections, may replay from one session.
public final class ReplaySession: Sendable {
    package let index: InteractionIndex
    private let played: Locked<[Bool]>

    /// What a lookup found.
    public enum Lookup: Sendable, Hashable {
        /// Entry `entry` answers the request (and is now marked as replayed).
        case hit(entry: Int)
        /// Entries match, but all were replayed already and repeats are not allowed.
        case exhausted(matching: [Int])
        /// No entry matches.
        case miss
    }

    package init(index: InteractionIndex) {
        self.index = index
        played = Locked(Array(repeating: false, count: index.count))
    }

    /// Indexes `cassette` and starts replaying it.
    public convenience init(
        cassette: Cassette, name: String, file: String? = nil, options: ReplayOptions = ReplayOptions()
    ) throws(CassetteError) {
        self.init(index: try InteractionIndex(cassette: cassette, name: name, file: file, options: options))
    }

    /// Finds the entry that answers `request`: the first matching one not yet replayed, in recorded order.
    public func lookup(_ request: CassetteRequest) -> Lookup {
        take(index.matches(for: request))
    }

    /// The entry that answers a request whose matching entries are `matching` (what
    /// `InteractionIndex.matches(for:)` returns, which a server may keep for identical requests): the first one
    /// not yet replayed, now marked as replayed.
    package func take(_ matching: [Int]) -> Lookup {
        guard let last = matching.last else { return .miss }
        let allowsRepeats = index.options.allowsRepeats
        return played.withLock { played in
            if let next = matching.first(where: { !played[$0] }) {
                played[next] = true
                return .hit(entry: next)
            }
            return allowsRepeats ? .hit(entry: last) : .exhausted(matching: matching)
        }
    }

    /// The recorded response to `request`.
    ///
    /// - Throws: ``CassetteError/noMatch(_:)`` naming the nearest recorded request and the fields that differ,
    ///   or ``CassetteError/exhausted(cassette:request:replayed:hint:)``.
    public func response(for request: CassetteRequest) throws(CassetteError) -> CassetteResponse {
        switch lookup(request) {
        case .hit(let entry):
            return try index.response(at: entry)
        case .exhausted(let matching):
            throw .exhausted(
                cassette: index.name, request: index.summary(of: request), replayed: matching.count, hint: index.hint)
        case .miss:
            throw .noMatch(miss(for: request))
        }
    }

    /// The description of a miss, with the nearest recorded request.
    public func miss(for request: CassetteRequest) -> ReplayMiss {
        ReplayMiss(
            cassette: index.name, file: index.file, request: index.summary(of: request), mode: index.options.mode,
            nearest: index.nearestMatch(to: request), recorded: index.count, hint: index.hint)
    }

    /// The entries not replayed so far (a flow that skipped a recorded request).
    public var unplayedEntries: [Int] {
        played.withLock { played in played.indices.filter { !played[$0] } }
    }

    /// Forgets what was replayed, to start the flow again.
    public func reset() {
        played.withLock { played in
            for index in played.indices { played[index] = false }
        }
    }
}
