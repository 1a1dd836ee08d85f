import CassetteKit
import JSONCore

/// The entries of one cassette that match a request, kept per exact request (method, URL, headers and body) so
/// a request the server has seen before skips normalisation (JSON bodies parsed and canonicalised, forms decoded):
/// what a load generator, a polling SDK or a retried call sends. Matching is a pure function of the request and
/// the cassette, so a kept answer is the one normalisation would give; which of the entries answers still follows
/// the session's replay order (``ReplaySession/take(_:)``). Holds at most ``capacity`` requests and starts over
/// when full.
final class MatchMemo: Sendable {
    static let capacity = 1024
    /// Bodies above this many bytes are matched without the memo (hashing them costs about what it saves).
    static let largestBody = 16 * 1024

    private let kept = BoundedMemo<CassetteRequest, [Int]>(capacity: capacity)

    /// The matching entries of `request`, from the memo or from `index`.
    func matches(for request: CassetteRequest, in index: InteractionIndex) -> [Int] {
        guard request.body.count <= Self.largestBody else { return index.matches(for: request) }
        if let known = kept[request] { return known }
        let found = index.matches(for: request)
        kept.keep(found, for: request)
        return found
    }
}
