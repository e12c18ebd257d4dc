import Foundation
import PlayerCore

/// A download the circle's file flow fetches and plays (``PlayRequest/download(playlist:title:artist:artworkURL:)``).
struct DownloadRequest: Equatable, Sendable {
    /// The HLS master or media playlist (VOD).
    var playlist: URL
    var title: String?
    var artist: String?
    var artworkURL: String?
}


/// Which of the two machines the circle shows: the file ``PlayerCore/Player`` (a download) or the
/// ``PlayerCore/StreamPlayer`` (a stream), or neither. A pure value: actions in, commands out; the wiring
/// (``GlobalAudio``) runs the commands against the drivers.
///
/// ## Transitions
///
/// "fallback" is the default player app's download (`SDLDemo` with no app: the embedded stream or `--url`):
/// with it the circle never disappears; it returns, ready to fetch, whenever the audio is released.
///
/// | Active | Action | New active | Commands |
/// |---|---|---|---|
/// | nothing | play(.download(d)) | download(d) | startDownload(d, autoplay) |
/// | download | play(.download(d)) | download(d) | retireDownload, startDownload(d, autoplay) |
/// | stream | play(.download(d)) | download(d) | releaseStream, startDownload(d, autoplay) |
/// | nothing | play(.stream(s)) | stream(s) | selectStream(s) |
/// | download | play(.stream(s)) | stream(s) | retireDownload, selectStream(s) |
/// | stream | play(.stream(s)) | stream(s) | selectStream(s) (the stream machine closes the old session) |
/// | download | releaseAudio | fallback ready, else nothing | retireDownload, startDownload(fallback, ready) if any |
/// | stream | releaseAudio | fallback ready, else nothing | releaseStream, startDownload(fallback, ready) if any |
/// | nothing | releaseAudio | nothing | — |
/// | any | prepare(d) | download(d) | as play(.download(d)), but ready (not fetching: a tap starts it) |
///
/// *retireDownload* stops the old download for good: its fetch cancelled, its playback stopped, its cached
/// (or partial) file deleted; late reports from it change nothing. *releaseStream* is the stream machine's
/// `audioFocusLost` (session closed, audio released, control hidden). Switching therefore never plays two
/// things at once and never leaves a cache file behind.
struct AudioSelection: Equatable, Sendable {
    /// What the circle shows.
    enum Active: Equatable, Sendable {
        case nothing
        case download(DownloadRequest)
        case stream(StreamRequest)
    }

    /// What happened.
    enum Action: Equatable, Sendable {
        /// An app (or the command line) asked to play.
        case play(PlayRequest)
        /// Show `download` ready to fetch (a tap starts it), replacing what played.
        case prepare(DownloadRequest)
        /// An app released the audio (a video starts).
        case releaseAudio
    }

    /// What the wiring must do, in order.
    enum Command: Equatable, Sendable {
        /// Stop the active download for good: cancel the fetch, stop playback, delete its cached file.
        case retireDownload
        /// Start a fresh file flow for `request`; `autoplay`: tap it at once (fetch and play).
        case startDownload(DownloadRequest, autoplay: Bool)
        /// Hand `request` to the stream machine (`selected`).
        case selectStream(StreamRequest)
        /// The stream machine's `audioFocusLost`.
        case releaseStream
    }

    /// What the circle shows now.
    private(set) var active: Active = .nothing
    /// The default app's download, shown ready whenever nothing else is (nil: the circle hides).
    let fallback: DownloadRequest?

    /// Starts with nothing active; call ``send(_:)`` with `.prepare(fallback)` to show the fallback.
    init(fallback: DownloadRequest?) {
        self.fallback = fallback
    }

    /// Whether the circle is shown (something is selected).
    var isControlVisible: Bool { active != .nothing }

    /// Applies `action`; returns the commands to run, in order.
    mutating func send(_ action: Action) -> [Command] {
        switch action {
        case .play(.download(let playlist, let title, let artist, let art)):
            return start(DownloadRequest(playlist: playlist, title: title, artist: artist, artworkURL: art), autoplay: true)
        case .prepare(let request):
            return start(request, autoplay: false)
        case .play(.stream(let request)):
            let stop: [Command] = if case .download = active { [.retireDownload] } else { [] }
            active = .stream(request)
            return stop + [.selectStream(request)]
        case .releaseAudio:
            let stop: [Command]
            switch active {
            case .nothing: return []
            case .download: stop = [.retireDownload]
            case .stream: stop = [.releaseStream]
            }
            if let fallback {
                active = .download(fallback)
                return stop + [.startDownload(fallback, autoplay: false)]
            }
            active = .nothing
            return stop
        }
    }

    private mutating func start(_ request: DownloadRequest, autoplay: Bool) -> [Command] {
        let stop: [Command] = switch active {
        case .nothing: []
        case .download: [.retireDownload]
        case .stream: [.releaseStream]
        }
        active = .download(request)
        return stop + [.startDownload(request, autoplay: autoplay)]
    }
}
