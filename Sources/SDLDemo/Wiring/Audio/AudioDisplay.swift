import PlayerCore

/// What the global audio player shows in one frame, whichever machine drives it (read through PlayerCore's
/// ``PlayerCore/CircleDisplay``): the circle's icon, fill, phase and message, and for a stream the LIVE mark,
/// the now-playing lines and the buffer level.
struct AudioDisplay: Equatable, Sendable {
    /// Whether the circle is shown (something is selected; see ``AudioSelection``).
    var isVisible: Bool
    /// The phase as shown (the file flow's completion hold included).
    var phase: PlayerPhase
    /// The icon in the circle.
    var icon: PlayerIcon
    /// The circle's fill, 0...1 (download share, or a stream's buffer toward its start).
    var fill: Double
    /// The failure message, if failed.
    var message: String?
    /// The window title.
    var title: String
    /// Whether a stream is playing (or selected); false for the file flow.
    var isStream: Bool = false
    /// Whether the stream is live (the LIVE mark).
    var isLive: Bool = false
    /// The now-playing title (ICY title, the app's title, the station), when a stream shows one.
    var nowPlaying: String?
    /// The second line (artist or station).
    var artist: String?
    /// Seconds of decoded audio buffered ahead (streams only; reported in 0.05 s steps).
    var bufferSeconds: Double?
    /// Whether work happens in real time (a download or a stream's network): scripts keep pace with real time.
    var awaitsRealWork: Bool

    /// Whether audio is audible (the headphones mark): the player is playing.
    var isAudible: Bool { isVisible && phase == .playing }

    /// Nothing selected: the circle is hidden.
    static let hidden = AudioDisplay(isVisible: false, phase: .uninitialized, icon: .play, fill: 0, message: nil,
                                     title: "CirclePlayer", awaitsRealWork: false)
}
