import AudioPlayback
import Downloader
import Foundation
import MediaCore
import PlayerCore

/// How a ``MediaHost`` is set up: the device, the default download, the clock, and what it tells its owner.
///
/// ```swift
/// var configuration = MediaHostConfiguration(device: AudioOutputFactory.makeBest())
/// configuration.fallback = DownloadRequest(playlist: master)
/// configuration.mediaControls = MediaControlsIdentity(identity: "CirclePlayer", busName: "circleplayer")
/// let host = MediaHost(configuration)
/// ```
public struct MediaHostConfiguration: @unchecked Sendable {
    /// The audio device both players share (opened by the owner; the host closes it at shutdown).
    public var device: any AudioOutput
    /// The default app's download, shown ready whenever nothing else plays (nil: the circle hides).
    public var fallback: DownloadRequest?
    /// Played when a downloaded file has no MPEG audio (with a line in the log); nil makes such files fail.
    public var fallbackMP3: String?
    /// Played instead of every downloaded file (`SDLDemo --mp3`).
    public var overrideFile: String?
    /// Timeouts and attempts of the downloads and of the live HLS recordings.
    public var download = DownloadConfiguration()
    /// Buffer bounds and timeouts of the stream engine.
    public var streams = StreamEngineConfiguration()
    /// The stream machine's numbers (start threshold, reconnection attempts).
    public var streamPolicy = StreamPolicy.standard
    /// How long a finished download shows its full circle before it shows playing (MediaCore's
    /// ``MediaCore/MediaPlayer/fillHold``, 0.25 s). Hosts on an external clock that stands still (tests) may set 0.
    public var fillHold = 0.25
    /// Publish on the session bus (MPRIS) under this name; nil: no media controls.
    public var mediaControls: MediaControlsIdentity?
    /// The volume the host starts at: the audio's (``MediaCore/MediaPlayer/audioVolume``, the device's gain from
    /// the start) and the video engine's when it is made (`SDLDemo`'s remembered volume: docs/Desktop.md, "Settings").
    public var volume = AudioVolume()
    /// Who moves the host's clock: its own thread in real time, or the owner's frames.
    public var clock = MediaHostClock.realTime
    /// Where downloads are cached while they play: a private `CirclePlayer-XXXXXX` directory (`mkdtemp`: a random
    /// name, mode 0700) in it, one file per fetch, each deleted after playback, the directory at shutdown.
    public var cacheDirectory = FileManager.default.temporaryDirectory
    /// Receives one line per problem worth a developer's eye (a failed download, a lost connection retried).
    public var log: @Sendable (String) -> Void = { _ in }
    /// Called (from the host's thread) whenever what the player shows changed: a window wakes to draw it.
    public var onChange: @Sendable () -> Void = {}

    /// A configuration playing on `device`; everything else has its default.
    public init(device: any AudioOutput) {
        self.device = device
    }
}

/// The name under which a ``MediaHost`` publishes itself to the desktop's media controls (MPRIS).
public struct MediaControlsIdentity: Hashable, Sendable {
    /// The `Identity` people see, e.g. `CirclePlayer`.
    public var identity: String
    /// The bus name's last part: `circleplayer` publishes `org.mpris.MediaPlayer2.circleplayer`.
    public var busName: String
    /// The installed desktop entry's ID (MPRIS `DesktopEntry`: the `.desktop` file's name without the suffix), by
    /// which desktops show the app's name and icon beside the controls; nil: none.
    public var desktopEntry: String?

    /// Creates an identity.
    public init(identity: String, busName: String, desktopEntry: String? = nil) {
        self.identity = identity
        self.busName = busName
        self.desktopEntry = desktopEntry
    }
}

/// Who moves a ``MediaHost``'s clock.
public enum MediaHostClock: Hashable, Sendable {
    /// The host's own thread, on the monotonic clock: it wakes for every event and, while audio plays, at
    /// least every ``MediaHost/audioPumpInterval`` to feed the device. The owner never has to pump.
    case realTime
    /// The owner calls ``MediaHost/pump(now:)`` with its clock (a script's virtual time): every event is
    /// handled there, so a run is deterministic in that clock.
    case external
}
