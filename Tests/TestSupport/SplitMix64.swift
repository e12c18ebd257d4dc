/// A small seeded random number generator, so a failing random test can be replayed from its seed.
///
/// SplitMix64 (Steele, Lea, Flood: "Fast splittable pseudorandom number generators", OOPSLA 2014),
/// constants as in the reference implementation at https://prng.di.unimi.it/splitmix64.c.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let x = Int.random(in: 0 ..< 10, using: &rng)   // the same every run
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
