import MediaCore

/// The volume to remember at the end of a run: the last one the user set, whether on the audio (the now-playing
/// slider, the media controls) or on a video (its keys and slider; a video keeps a volume of its own while it is
/// open, MediaCore's ``MediaCore/MediaPlayer`` table). Fed once a frame with both as they are; a value that
/// appears (a video opening at its engine's volume) is no change, only a value that moves is.
///
/// ```swift
/// var memory = VolumeMemory()
/// memory.observe(audio: AudioVolume(level: 1), video: nil)
/// memory.observe(audio: AudioVolume(level: 1), video: AudioVolume(level: 1))     // a video opened
/// memory.observe(audio: AudioVolume(level: 1), video: AudioVolume(level: 0.6))   // ↓ ↓ ↓ ↓ on it
/// memory.latest                                                                   // 0.6
/// ```
struct VolumeMemory: Equatable, Sendable {
    private var audio: AudioVolume?
    private var video: AudioVolume?
    /// The last volume set in the run (nil: none was).
    private(set) var latest: AudioVolume?

    /// Looks at the audio's volume and the open video's (nil: none open) as they are now.
    mutating func observe(audio: AudioVolume, video: AudioVolume?) {
        if let before = self.audio, before != audio { latest = audio }
        if let before = self.video, let video, before != video { latest = video }
        self.audio = audio
        self.video = video
    }
}
