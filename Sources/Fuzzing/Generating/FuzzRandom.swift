/// The fuzzer's only source of randomness: SplitMix64, so one seed gives the same requests on every run and
/// every machine.
public struct FuzzRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` (an empty range gives its lower bound).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    /// One element, or nil from an empty collection.
    mutating func pick<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[int(0...(items.count - 1))]
    }

    /// A fresh generator derived from this one and `salt`, so one case's choices do not shift the next's.
    func derived(_ salt: UInt64) -> FuzzRandom {
        var copy = FuzzRandom(seed: state ^ (salt &* 0xD6E8_FEB8_6659_FD93))
        _ = copy.next()
        return copy
    }
}
