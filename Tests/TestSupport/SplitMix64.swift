import VideoCore

/// A small seeded random number generator, so a failing random test can be replayed from its seed.
///
/// SplitMix64, implemented once: VideoCore's ``VideoCore/SeededRandom`` (its ABR simulator's synthetic traces use the
/// same generator; the paper and the constants' source are cited there).
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let x = Int.random(in: 0 ..< 10, using: &rng)   // the same every run
/// ```
public typealias SplitMix64 = SeededRandom
