import CassetteKit
import JSONCore

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
    private let records = Locked<[Key: Record]>([:])

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

/// The records of exchanges the live check has seen, by their exact request and response: a simulator answering
/// the same request with the same bytes (a read, a kept answer) is redacted and checked once. Holds at most
/// ``capacity`` exchanges of at most ``largestExchange`` bytes each and ``largeCapacity`` of at most
/// ``largestLargeExchange`` bytes (a leaderboard page of 100 subscribers is 86 KB, and checking it costs far more
/// than hashing it), each set starting over when full: at most 320 MiB of bodies whatever clients send.
final class ExchangeMemo: Sendable {
    static let capacity = 4096
    static let largestExchange = 64 * 1024
    static let largeCapacity = 64
    static let largestLargeExchange = 1024 * 1024

    struct Key: Hashable, Sendable {
        var vendor: String
        var request: CassetteRequest
        var response: CassetteResponse
        var checksResponse: Bool
    }

    /// A key with its hash worked out once: a look-up and a keep hash it three times, and the bodies in it are the
    /// larger part of the cost of hashing (`perf`, simulate writes, which are never seen twice).
    private struct HashedKey: Hashable, Sendable {
        let key: Key
        let hash: Int

        init(_ key: Key) {
            self.key = key
            hash = key.hashValue
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (lhs: HashedKey, rhs: HashedKey) -> Bool { lhs.hash == rhs.hash && lhs.key == rhs.key }
    }

    private let records = BoundedMemo<HashedKey, LiveMemo.Record>(capacity: capacity)
    private let largeRecords = BoundedMemo<HashedKey, LiveMemo.Record>(capacity: largeCapacity)

    /// The record of the exchange, worked out by `make` unless it was seen before.
    func record(_ key: Key, make: () -> LiveMemo.Record) -> LiveMemo.Record {
        let size = key.request.body.count + key.response.body.count
        guard size <= Self.largestLargeExchange else { return make() }
        let memo = size <= Self.largestExchange ? records : largeRecords
        let key = HashedKey(key)
        if let kept = memo[key] { return kept }
        let record = make()
        memo.keep(record, for: key)
        return record
    }
}
