import Foundation
import PlayerCore

/// What an app asks of the global audio player: the circle that floats over every screen.
///
/// Apps (Vimeo's "Play", Interlochen's "Listen" and "Watch") never drive a player themselves; they hand a
/// request to the window's audio control through ``AppContext/audio``, and the circle shows what plays.
enum PlayRequest: Equatable, Sendable {
    /// Fetch the best audio track of an HLS VOD playlist into a file, then play it: the circle's file flow
    /// (the fill is the downloaded share; the cached file is deleted at the end), as for the default stream.
    case download(playlist: URL, title: String?, artist: String?, artworkURL: String?)
    /// Play a stream as it arrives: a live HLS playlist or an MP3 over HTTP (endless radio or progressive).
    case stream(StreamRequest)
}

/// The window's global audio control, as apps see it (implemented by the session's wiring).
protocol AudioControlling: AnyObject {
    /// Plays `request` in the circle, replacing whatever it played (that download or stream is stopped and
    /// its cached file deleted).
    func play(_ request: PlayRequest)
    /// Releases the audio, as when a video starts or another source takes over: playback stops and the
    /// control disappears until something is played again.
    func releaseAudio()
}
