import Foundation
import PlayerCore
import VideoCore

/// The window's one player, as a pure value: which media is active — a download (PlayerCore's
/// ``PlayerCore/Player``, one per flow), a stream (PlayerCore's ``PlayerCore/StreamPlayer``) or a video (run by
/// the host's video engine, whose own machine is VideoCore's `VideoPlayer`) — what switching
/// between them does, and what the circle shows. Events in, commands out, time passed in as a value; a host
/// (MediaHost's `MediaHost`) runs the commands and reports their results back.
///
/// ```swift
/// var player = MediaPlayer(fallback: DownloadRequest(playlist: master))   // the default app's download, ready
/// player.send(.circleTapped, at: 0)            // [.fetch(flow 1, FetchID(1), request)]; fetching
/// player.send(.download(DownloadFlowID(1), .fetchFinished(FetchID(1), file: "/tmp/a.ts")), at: 3)
///                                              // [.download(flow 1, .play(file: "/tmp/a.ts"))]; playing
/// player.send(.playRequested(.stream(StreamRequest(url: radio))), at: 5)
///                                              // stop and delete the file, open the stream
/// player.display(at: 5).phase                  // .fetching: the stream buffers
/// ```
///
/// ## Transitions
///
/// "fallback" is the default app's download (`SDLDemo` with no app: the embedded stream or `--url`): with it
/// the circle is always there but while a video is open (the video's controls are then the one player the user
/// sees); it returns, ready to fetch, whenever the audio is released. A *new flow* is a
/// fresh ``PlayerCore/Player`` under the next ``DownloadFlowID``. *Retire* the active download: cancel its
/// fetch, stop its playback, delete its cached file (``retireCommands``). *Release* the stream: the stream
/// machine's `audioFocusLost` (session closed, device released, control hidden).
///
/// | Active | Event | New active | Commands |
/// |---|---|---|---|
/// | any | playRequested(.download(d)) | download(d), new flow | retire or release the old, then the flow's `playRequested` (fetch) |
/// | any | playRequested(.stream(s)) | stream(s) | retire the download or close the video if any; stream `selected(s)` (it closes its old session) |
/// | any | playRequested(.video(v)) | video(v); with a fallback, a new flow (ready, hidden while the video is open) | retire, release or close the old; `.video(.open(v))` |
/// | any | prepared(d) | download(d), new flow, ready | retire, release or close the old |
/// | download, stream, video | audioReleased | fallback in a new flow (ready), else nothing | retire, release or close |
/// | nothing | audioReleased, circleTapped, mediaKeyPressed, controlRequested | nothing | — |
/// | video | controlRequested(c) | video | `.video(.control(c))` |
/// | download, stream | controlRequested(setVolume(v)) | unchanged; `audioVolume.level` = v clamped to 0…1 | `.setAudioVolume(audioVolume)` |
/// | download, stream | controlRequested(setMuted(m)) | unchanged; `audioVolume.muted` = m | `.setAudioVolume(audioVolume)` |
/// | video | mediaKeyPressed(play, pause, playPause) | video | `.video(.control(.play))`, `.pause`, `.togglePause` |
/// | video | mediaKeyPressed(stop) | fallback in a new flow (ready), else nothing | `.video(.close)` |
/// | video, no fallback | circleTapped | video | — (the circle is hidden) |
/// | video, fallback | circleTapped (Space or a media key's tap; the circle itself is hidden) | fallback in a new flow (fetching) | `.video(.close)`, the flow's `playRequested` (fetch) |
/// | stream, finite (a story), session s open | controlRequested(seek(to: x)) | unchanged | `.seekStream(s, .to(x))` |
/// | stream, finite (a story), session s open | controlRequested(skip(by: d)) | unchanged | `.seekStream(s, .by(d))` |
/// | download, stream | controlRequested(play, pause, togglePause) | unchanged | — |
/// | download; live stream or no session | controlRequested(seek, skip) | unchanged | — |
/// | download | circleTapped | download | completion hold ends; the flow's `tapped` |
/// | download | mediaKeyPressed(play, pause, playPause) | download | the flow's `playRequested`, `pauseRequested`, `tapped` |
/// | download(d) | mediaKeyPressed(stop) | download(d), new flow, ready | retire |
/// | stream | circleTapped | stream | stream `tapped` |
/// | stream | mediaKeyPressed(k) | stream | stream `playRequested`, `pauseRequested`, `tapped`, `stopRequested` |
/// | download | download(current flow, e) | download | the flow's `e`; `fetchFinished` while fetching starts the fill hold; `playbackFinished` while playing or paused starts the completion hold |
/// | any | download(older flow, fetchFinished(id, file)) | unchanged | delete `file` |
/// | any | download(older flow, fetchProgressed(id, _)) | unchanged | cancel fetch `id` |
/// | any | download(older flow, fileDeletionFailed(path, m)) | unchanged | report the problem |
/// | any | download(older flow, other) | unchanged | — |
/// | any | stream(e) | unchanged | the stream machine's `e` (its stale sessions' events change nothing) |
///
/// Switching therefore never plays two things at once, never leaves a cached file behind, and never leaves a
/// video open under audio.
///
/// **The completion hold.** The file player leaves `completed` as soon as its cached file is deleted, which
/// takes microseconds, so the spinner the spec asks for in that state would never be seen: for
/// ``completionHold`` seconds after playback finished, an `uninitialized` download is *shown* as completed
/// (spinner, full circle); a tap still goes to the real player and ends the hold.
///
/// **The fill hold.** Seed 003: "The circle is filled completely once all chunks are downloaded fully. Once
/// finished fetching it will switch to the playing state." A download's last progress report and its finished
/// file arrive together (the host drains both in one turn of its loop), and a fast one finishes between two
/// frames, so no frame would show the full circle: for ``fillHold`` seconds after the fetch finished, a playing
/// download is *shown* still fetching with the circle full (spinner, fill 1). Playback has begun; a tap goes to
/// the real player (it pauses) and ends the hold.
public struct MediaPlayer: Equatable, Sendable {
    /// What the circle shows.
    public enum Active: Hashable, Sendable {
        /// Nothing: the circle is hidden.
        case nothing
        /// A download (the file flow).
        case download(DownloadRequest)
        /// A stream.
        case stream(StreamRequest)
        /// A video (the circle is hidden; the window shows the player screen).
        case video(VideoRequest)
    }

    /// What the circle shows now.
    public private(set) var active: Active = .nothing
    /// The default app's download, shown ready whenever nothing else is (nil: the circle hides).
    public let fallback: DownloadRequest?
    /// The current download flow (the one whose reports are accepted while a download is active).
    public private(set) var flow = DownloadFlowID(0)
    /// The current flow's file player (a fresh one in every flow).
    public private(set) var download = Player()
    /// The stream machine.
    public private(set) var stream: StreamPlayer
    /// The audio's volume (downloads and streams; kept across switches; a video has its engine's own).
    public private(set) var audioVolume = AudioVolume()
    /// When the current flow's playback finished (the completion hold's start), in session seconds.
    public private(set) var finishedAt: Double?
    /// How long a finished download is shown as completed, in seconds (0.8: long enough to see the spinner).
    public let completionHold: Double
    /// When the current flow's fetch finished (the fill hold's start), in session seconds.
    public private(set) var filledAt: Double?
    /// How long a download whose fetch finished is shown full before it shows playing, in seconds: 0.25, a
    /// quarter second, at least 15 frames at 60 fps, so the full circle is seen however fast the download was,
    /// and short enough that the pause icon follows the first sound at once.
    public let fillHold: Double

    /// A player with `fallback` shown ready to fetch (nothing, if nil), its audio at `volume` (the window's
    /// remembered volume, `SDLDemo`'s settings; the host applies it to the device when it starts).
    public init(fallback: DownloadRequest? = nil, streamPolicy: StreamPolicy = .standard, completionHold: Double = 0.8,
                fillHold: Double = 0.25, volume: AudioVolume = AudioVolume()) {
        self.fallback = fallback
        self.stream = StreamPlayer(policy: streamPolicy)
        self.completionHold = completionHold
        self.fillHold = fillHold
        self.audioVolume = AudioVolume(level: volume.level, muted: volume.muted)
        if let fallback { _ = startFlow(fallback, autoplay: false) }
    }

    /// Applies `event` at session time `t` (seconds); returns the commands to run, in order.
    public mutating func send(_ event: MediaEvent, at t: Double) -> [MediaCommand] {
        switch event {
        case .playRequested(.download(let request)):
            return startFlow(request, autoplay: true)
        case .playRequested(.stream(let request)):
            // A stream replacing a stream is the stream machine's own switch (`selected` closes the old session).
            let stop: [MediaCommand] = if case .video = active { [.video(.close)] } else { retireCommands }
            active = .stream(request)
            return stop + streamCommands(.selected(request))
        case .playRequested(.video(let request)):
            let stop = leaveActive()
            if fallback != nil {
                // A fresh flow for the fallback, ready for when the video closes (`SDLDemo --app buffs`; the circle
                // hides while the video is open).
                flow = flow.next
                download = Player()
                finishedAt = nil
                filledAt = nil
            }
            active = .video(request)
            return stop + [.video(.open(request))]
        case .prepared(let request):
            return startFlow(request, autoplay: false)
        case .audioReleased:
            return audioReleased()
        case .circleTapped:
            switch active {
            case .nothing: return []
            case .download:
                finishedAt = nil
                filledAt = nil
                return downloadCommands(.tapped, at: t)
            case .stream: return streamCommands(.tapped)
            case .video:
                // The circle shows only with a fallback: a tap plays it instead (one player: the video closes).
                guard let fallback else { return [] }
                return startFlow(fallback, autoplay: true)
            }
        case .mediaKeyPressed(let key):
            return mediaKeyPressed(key, at: t)
        case .controlRequested(let control):
            return controlRequested(control)
        case .download(let id, let event):
            guard id == flow, case .download = active else { return olderFlow(id, event) }
            return downloadCommands(event, at: t)
        case .stream(let event):
            return streamCommands(event)
        }
    }

    /// The commands that stop the active download for good: its fetch cancelled, its playback stopped, its
    /// cached file deleted (empty when no download is active).
    public var retireCommands: [MediaCommand] {
        guard case .download = active else { return [] }
        var commands: [PlayerCommand] = []
        if let fetch = download.currentFetch { commands.append(.cancelFetch(fetch)) }
        if download.state == .playing || download.state == .paused { commands.append(.stopPlayback) }
        if let file = download.cachedFile { commands.append(.deleteFile(file)) }
        return commands.map { .download(flow, $0) }
    }

    // MARK: - Transitions

    private mutating func startFlow(_ request: DownloadRequest, autoplay: Bool) -> [MediaCommand] {
        let stop = leaveActive()
        flow = flow.next
        download = Player()
        finishedAt = nil
        filledAt = nil
        active = .download(request)
        return stop + (autoplay ? downloadCommands(.playRequested, at: 0) : [])
    }

    private mutating func audioReleased() -> [MediaCommand] {
        guard active != .nothing else { return [] }
        if let fallback { return startFlow(fallback, autoplay: false) }
        let stop = leaveActive()
        active = .nothing
        return stop
    }

    /// Retires the download, releases the stream or closes the video, whichever is active.
    private mutating func leaveActive() -> [MediaCommand] {
        switch active {
        case .nothing: return []
        case .download: return retireCommands
        case .stream: return streamCommands(.audioFocusLost)
        case .video: return [.video(.close)]
        }
    }

    private mutating func mediaKeyPressed(_ key: MediaKey, at t: Double) -> [MediaCommand] {
        switch active {
        case .nothing:
            return []
        case .download(let request):
            switch key {
            case .play: return downloadCommands(.playRequested, at: t)
            case .pause: return downloadCommands(.pauseRequested, at: t)
            case .playPause:
                finishedAt = nil
                filledAt = nil
                return downloadCommands(.tapped, at: t)
            case .stop: return startFlow(request, autoplay: false)
            }
        case .stream:
            let event: StreamEvent = switch key {
            case .play: .playRequested
            case .pause: .pauseRequested
            case .playPause: .tapped
            case .stop: .stopRequested
            }
            return streamCommands(event)
        case .video:
            switch key {
            case .play: return [.video(.control(.play))]
            case .pause: return [.video(.control(.pause))]
            case .playPause: return [.video(.control(.togglePause))]
            case .stop: return audioReleased()
            }
        }
    }

    /// A control: the video's while a video is active; the audio's volume while audio is loaded.
    private mutating func controlRequested(_ control: PlaybackControl) -> [MediaCommand] {
        switch active {
        case .nothing:
            return []
        case .video:
            return [.video(.control(control))]
        case .download, .stream:
            switch control {
            case .setVolume(let level): audioVolume.level = AudioVolume.clamped(level)
            case .setMuted(let muted): audioVolume.muted = muted
            case .seek(let seconds): return storySeek(.to(seconds))
            case .skip(let seconds): return storySeek(.by(seconds))
            case .play, .pause, .togglePause: return []
            }
            return [.setAudioVolume(audioVolume)]
        }
    }

    /// A seek on the story loaded (a stream whose source said it ends, with a session open); nothing for live
    /// radio. The source's report decides, as it replaces the app's hint (``StreamRequest/isLive``): a story
    /// opened with `SDLDemo --stream URL`, whose hint is nil, seeks too.
    private func storySeek(_ seek: StreamSeek) -> [MediaCommand] {
        guard case .stream = active, stream.info?.isLive == false, let session = stream.session else { return [] }
        if case .to(let seconds) = seek, !seconds.isFinite { return [] }
        if case .by(let seconds) = seek, !seconds.isFinite { return [] }
        return [.seekStream(session, seek)]
    }

    private mutating func downloadCommands(_ event: PlayerEvent, at t: Double) -> [MediaCommand] {
        guard case .download(let request) = active else { return [] }
        let before = download.state
        let commands = download.send(event)
        if event == .playbackFinished, before == .playing || before == .paused { finishedAt = t }
        if case .fetchFinished = event, before.phase == .fetching, download.state == .playing { filledAt = t }
        if download.state != .playing { filledAt = nil }
        return commands.map { command in
            if case .startFetch(let id) = command { return .fetch(flow, id, request) }
            return .download(flow, command)
        }
    }

    /// A report from a flow that is no longer current: only what keeps the disk clean and the log honest.
    private func olderFlow(_ id: DownloadFlowID, _ event: PlayerEvent) -> [MediaCommand] {
        switch event {
        case .fetchFinished(_, let file): [.download(id, .deleteFile(file))]
        case .fetchProgressed(let fetch, _): [.download(id, .cancelFetch(fetch))]
        case .fileDeletionFailed(let path, let message):
            [.download(id, .reportProblem("Could not delete cached file \(path): \(message)"))]
        default: []
        }
    }

    private mutating func streamCommands(_ event: StreamEvent) -> [MediaCommand] {
        stream.send(event).map(MediaCommand.stream)
    }
}
