import CassetteKit
import Synchronization

/// The journal's redacted exchange and the contract verdict of one exact request answered by one recorded entry,
/// worked out the first time that pair is replayed and kept with the request's route (``ImmediateMemo/Route``):
/// a repeated replay hit is checked for the cost of a lookup, so the live check stays off the hot replay path.
final class LiveMemo: Sendable {
    /// What a replay of the pair journals and answers with.
    struct Record: Sendable {
        var exchange: JournalExchange
        var verdict: JournalVerdict?
    }

    private struct Key: Hashable {
        var cassette: String
        var entry: Int
    }

    /// The request as the responder would see it, its URL relative to the vendor's mount.
    let request: CassetteRequest
    private let records = Mutex<[Key: Record]>([:])

    init(request: CassetteRequest) {
        self.request = request
    }

    /// The record of `entry` of `cassette` answering the request, worked out by `make` the first time.
    func record(cassette: String, entry: Int, make: () -> Record) -> Record {
        let key = Key(cassette: cassette, entry: entry)
        if let kept = records.withLock({ $0[key] }) { return kept }
        let record = make()
        records.withLock { $0[key] = record }
        return record
    }
}
