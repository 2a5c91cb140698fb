/// A tiny seeded random generator (SplitMix64): the same sequence on every platform, so jitter,
/// seed data, fault injection and generated test inputs replay exactly from their seed.
/// Pass it where code takes `inout some RandomNumberGenerator`; never a live system generator in tests.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
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

    /// A number in 0..<1 from the next 53 bits (what jitter multiplies a delay by).
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
