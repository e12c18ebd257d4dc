/// The audio's volume (a download or a stream; a video has its own, in its engine's status): the level the
/// user set and whether it is muted. Set by ``PlaybackControl/setVolume(_:)`` and ``PlaybackControl/setMuted(_:)``
/// while audio is loaded, kept across switches (the next station plays as loud as the last), applied by the host
/// as a gain on the samples written to the device (``MediaCommand/setAudioVolume(_:)``).
///
/// ```swift
/// var volume = AudioVolume()          // level 1, not muted: gain 1
/// volume.level = AudioVolume.clamped(0.4)
/// volume.gain                         // 0.4 (0 while muted)
/// ```
public struct AudioVolume: Hashable, Sendable {
    /// The level, 0…1: a linear multiplier of the samples, as the video engine's volume (MPRIS's `Volume` is
    /// published as this value: "0.0 means mute, 1.0 is a sensible maximum").
    public var level: Double
    /// Whether the sound is muted (the level is kept).
    public var muted: Bool

    /// A volume; `level` is clamped to 0…1.
    public init(level: Double = 1, muted: Bool = false) {
        self.level = Self.clamped(level)
        self.muted = muted
    }

    /// The multiplier for the samples: 0 while muted, else the level.
    public var gain: Double { muted ? 0 : level }

    /// `level` clamped to 0…1; not a number becomes 1 (as the video engine's `setVolume`).
    public static func clamped(_ level: Double) -> Double {
        level.isFinite ? min(1, max(0, level)) : 1
    }
}
