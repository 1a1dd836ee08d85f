public import Foundation

/// FNV-1a 64 over bytes: the same value on every run and platform (Swift's `Hasher` is seeded per process), for
/// fingerprints written to files and short identifiers handed out. Not for anything an attacker must not forge.
public struct StableHash: Sendable, Hashable {
    /// The hash of everything combined so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// The hash of `text`'s UTF-8.
    public init(_ text: String) {
        combine(text.utf8)
    }

    /// Adds `bytes` to the hash.
    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
    }

    /// Adds `data` to the hash, over its storage.
    public mutating func combine(_ data: Data) {
        data.withUnsafeBytes { raw in combine(raw.bindMemory(to: UInt8.self)) }
    }

    /// The value as 16 lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
