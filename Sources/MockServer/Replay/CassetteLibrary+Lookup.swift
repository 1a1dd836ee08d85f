import CassetteKit
import Foundation
import JSONCore
import Logging

/// A cassette that may answer a request, with the entries of it that match the request.
struct CandidateMatches: Sendable {
    var cassette: LoadedCassette
    var matching: [Int]

    /// `cassette` with its entries that match `request`.
    init(_ cassette: LoadedCassette, request: CassetteRequest) {
        self.cassette = cassette
        matching = cassette.memo.matches(for: request, in: cassette.session.index)
    }
}

/// What replay found for a request.
enum ReplayOutcome: Sendable {
    case hit(cassette: LoadedCassette, entry: Int)
    case miss(ReplayMissReport)
}

/// A replay miss: the request, the cassettes searched, and the nearest recorded request with how it differs.
struct ReplayMissReport: Sendable {
    var vendor: String
    var request: String
    var searched: [CassetteName]
    /// The cassette holding the nearest recorded request, and CassetteKit's description of the miss.
    var nearest: (cassette: CassetteName, miss: ReplayMiss)?

    /// The JSON error body.
    var json: JSONValue {
        var body: JSONObject = JSONObject([
            ("error", "no recorded interaction matches"),
            ("vendor", .string(vendor)),
            ("request", .string(request)),
            ("cassettes", .array(searched.map { .string($0.description) })),
        ])
        if let nearest, let match = nearest.miss.nearest {
            body["nearest"] = .object(
                JSONObject([
                    ("cassette", .string(nearest.cassette.description)),
                    ("entry", .number(JSONNumber(match.entry))),
                    ("request", .string(match.request)),
                    (
                        "differences",
                        .array(
                            match.differences.map { difference in
                                .object(
                                    JSONObject([
                                        ("field", .string(difference.field)),
                                        ("expected", .string(difference.expected)),
                                        ("actual", .string(difference.actual)),
                                    ]))
                            })
                    ),
                ]))
        }
        body["message"] = .string(message)
        return .object(body)
    }

    /// One text for the log and the `message` member.
    var message: String {
        if let nearest { return nearest.miss.description }
        if searched.isEmpty {
            return "no interaction matches \(request): no cassette of vendor '\(vendor)' is loaded"
                + " (record one with: harness serve --mode record --vendor \(vendor) --upstream URL --cassette NAME)"
        }
        return "no interaction matches \(request) in \(searched.map(\.description).joined(separator: ", "))"
    }
}

extension CassetteLibrary {
    /// Finds the recorded interaction that answers `request` of `vendor` (its URL relative to the vendor's
    /// mount), in the named cassette or in any of the vendor's cassettes holding its route.
    func lookup(vendor: String, request: CassetteRequest, route: RouteKey, named: CassetteName?) -> ReplayOutcome {
        let slots = candidateSlots(vendor: vendor, route: route, named: named)
        // Each cassette's matches are worked out only when the ones before it had no hit.
        if let (cassette, entry) = Self.take(from: slots.lazy.compactMap { self.matches(in: $0, request) }) {
            return .hit(cassette: cassette, entry: entry)
        }
        return .miss(missReport(vendor: vendor, request: request, named: named))
    }

    /// The cassettes ``lookup(vendor:request:route:named:)`` would try, in its order, each with the entries matching
    /// `request`; nil when a candidate is not parsed yet (or an outlined one needs reading in full), so the caller
    /// can ask `lookup` off the event loop (which reads the file). Nothing is consumed: ``take(from:)`` takes the hit.
    func parsedMatches(
        vendor: String, request: CassetteRequest, route: RouteKey, named: CassetteName?
    ) -> [CandidateMatches]? {
        guard let candidates = parsedCandidates(vendor: vendor, route: route, named: named) else { return nil }
        let found = candidates.map { CandidateMatches($0, request: request) }
        guard !found.contains(where: { $0.cassette.failure != nil }) else { return nil }
        return found
    }

    /// The first of `candidates` whose session replays one of its matching entries, taking that entry.
    static func take(
        from candidates: some Sequence<CandidateMatches>
    ) -> (cassette: LoadedCassette, entry: Int)? {
        for candidate in candidates {
            if case .hit(let entry) = candidate.cassette.session.take(candidate.matching) {
                return (candidate.cassette, entry)
            }
        }
        return nil
    }

    /// The entries of `slot`'s cassette matching `request`, parsing it first if needed; nil when it does not read.
    /// An outlined cassette whose entries turn out not to be what the outline found is read in full, and asked again.
    private func matches(in slot: CassetteSlot, _ request: CassetteRequest) -> CandidateMatches? {
        guard let cassette = slot.cassette else { return nil }
        let found = CandidateMatches(cassette, request: request)
        guard let failure = cassette.failure else { return found }
        logger.warning(
            "cassette changed since it was indexed: reading it in full",
            metadata: ["file": "\(slot.file.path)", "error": "\(failure)"])
        let whole = slot.reread()
        changed()
        return whole.map { CandidateMatches($0, request: request) }
    }

    /// The nearest recorded request over the vendor's cassettes (fewest differing fields wins).
    func missReport(vendor: String, request: CassetteRequest, named: CassetteName?) -> ReplayMissReport {
        let searched = cassettes(vendor: vendor, named: named)
        var best: (cassette: CassetteName, miss: ReplayMiss, distance: Int)?
        for cassette in searched {
            let miss = cassette.session.miss(for: request)
            let distance = miss.nearest?.differences.count ?? Int.max
            if best == nil || distance < best!.distance { best = (cassette.name, miss, distance) }
        }
        let summary = best?.miss.request ?? request.summary
        return ReplayMissReport(
            vendor: vendor, request: summary, searched: searched.map(\.name),
            nearest: best.map { ($0.cassette, $0.miss) })
    }
}
