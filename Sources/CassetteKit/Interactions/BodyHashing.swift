import Foundation

/// A body's share of a request's or response's hash. Foundation's `Data` hashes only its length and first 80 bytes, so
/// JSON bodies that differ after a common opening (`{"events":[{"eventTypeCode":12,…` with a new device id in each)
/// all fell in one bucket of the server's memos (the live check's, the matcher's, the read cache), and every lookup
/// compared the new body with each body kept: one Engage event submission in three took over a millisecond, some over
/// 100 ms, from one connection (`perf`: `Dictionary.find` and `Data.==` half the server's time).
///
/// Up to 4 KiB, every byte counts, through the standard hasher. A longer body counts through its length, its first
/// and last 2 KiB, and a word-at-a-time hash (keyed per process) of 256 slices of 256 bytes spread evenly over it:
/// at most 64 KiB hashed whatever its size, so a 90 KB leaderboard page costs microseconds and a body of megabytes no
/// more. Two long bodies that differ only between the slices still share a bucket; equality stays exact.
enum BodyHashing {
    static let wholeLimit = 4096
    static let edge = 2048
    private static let key = UInt64.random(in: 1...UInt64.max) | 1

    static func combine(_ body: Data, into hasher: inout Hasher) {
        hasher.combine(body.count)
        body.withUnsafeBytes { bytes in
            guard bytes.count > wholeLimit else {
                hasher.combine(bytes: bytes)
                return
            }
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes.prefix(edge)))
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes.suffix(edge)))
            hasher.combine(slices(bytes))
        }
    }

    static let sliceCount = 256
    static let sliceLength = 256

    /// ``words(_:)`` over `sliceCount` slices of `sliceLength` bytes spread evenly over `bytes`, or all of it when it
    /// is no longer than that.
    static func slices(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        guard bytes.count > sliceCount * sliceLength else { return words(bytes) }
        let stride = bytes.count / sliceCount
        var hash = key
        for slice in 0..<sliceCount {
            let start = slice * stride
            let part = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + sliceLength)])
            hash = (hash ^ words(part)).rotatedLeft(by: 17)
        }
        return hash
    }

    /// A multiply-rotate hash of every byte, eight at a time.
    static func words(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = key
        let whole = bytes.count / 8
        for index in 0..<whole {
            let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            hash = ((hash ^ word) &* 0xFF51_AFD7_ED55_8CCD).rotatedLeft(by: 29)
        }
        for offset in (whole * 8)..<bytes.count {
            hash = ((hash ^ UInt64(bytes[offset])) &* 0xFF51_AFD7_ED55_8CCD).rotatedLeft(by: 29)
        }
        return hash
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}

extension CassetteRequest {
    /// Method, URL, headers and every byte of the body (``BodyHashing``).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(url)
        hasher.combine(headers)
        BodyHashing.combine(body, into: &hasher)
    }
}

extension CassetteResponse {
    /// Status, status text, version, headers and every byte of the body (``BodyHashing``).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(statusText)
        hasher.combine(httpVersion)
        hasher.combine(headers)
        BodyHashing.combine(body, into: &hasher)
    }
}
