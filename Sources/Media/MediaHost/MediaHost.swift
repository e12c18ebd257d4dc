import AudioPlayback
import Downloader
import Foundation
import MediaControls
import MediaCore
import PlayerCore
import VideoCore
import VideoPlayback

/// The media host: the one place that plays. It owns MediaCore's ``MediaCore/MediaPlayer`` (which media is
/// active and what switching does), the downloads, the file player, the stream engine with its live HLS
/// recorder, the video engine, the one audio device, and the desktop's media controls; it runs the player's commands and
/// feeds their results back. A window, a command line or a test sends typed ``MediaCore/MediaEvent``s in and
/// reads one ``MediaCore/MediaDisplay`` back.
///
/// ```swift
/// let host = MediaHost(MediaHostConfiguration(device: AudioOutputFactory.makeBest()))
/// host.send(.playRequested(.stream(StreamRequest(url: station, title: "Classical IPR", isLive: true))))
/// host.display().phase           // .fetching while it buffers, then .playing
/// await host.shutdown()
/// ```
///
/// **One loop, one queue** (as mpv's `playloop.c`): every input — the owner's events, download progress,
/// the file player's end, the stream sessions' reports, retry timers, media-control commands — lands in one
/// locked inbox; the loop takes it out in order, lets the pure player decide, runs the commands, then feeds
/// the device up to its lead. With ``MediaHostClock/realTime`` the loop is the host's own thread (it sleeps
/// until the next input, or the device needs audio); with ``MediaHostClock/external`` it is the owner's
/// ``pump(now:)`` (a script's virtual clock), so a run is deterministic in that clock.
public final class MediaHost: @unchecked Sendable {
    /// Longest sleep of the real-time loop while audio plays. The players queue 0.15 s (files) and 0.2 s
    /// (streams) ahead, so a wake every 50 ms keeps at least 0.1 s in the device (mpv's default audio buffer is
    /// 0.2 s, refilled when it runs low). Was 20 ms: 50 ms made the window playing a radio cost 0.89 × mpv's CPU
    /// instead of 1.04 × in the same run (BENCHMARKS.md, "Streams").
    public static let audioPumpInterval = 0.05

    private let configuration: MediaHostConfiguration
    private let device: any AudioOutput
    /// The device behind the audio's volume: what the file player and the stream engine write to.
    private let audio: GainedAudioOutput
    private let files: AudioPlayer
    private let streams: StreamAudioEngine
    private let recorder: HLSDownloader
    private let inbox = Inbox()
    private var downloads: DownloadRunner!
    private var videos: VideoRunner!
    private var mediaControls: MPRISService?
    private var loop: LoopThread?
    /// Whether the desktop's media controls reach this host (published on a session bus when it started).
    public let takesMediaControlCommands: Bool

    // Touched only by the loop (the host's thread, or the owner's `pump`).
    private var player: MediaPlayer
    private var now = 0.0
    private var playingFlow: DownloadFlowID?
    private var timers: [(due: Double, event: MediaEvent)] = []
    private var publishedControls: MediaControlsState?
    /// Counts the story seeks run, so the media controls send `Seeked` after each.
    private var storySeeks = 0

    // What readers see, updated by the loop after every step.
    private let snapshotLock = NSLock()
    private var snapshot: Snapshot

    private struct Snapshot: Equatable {
        var player: MediaPlayer
        var display: MediaDisplay
    }

    /// Starts the host: the fallback download (if any) is shown ready; with a real-time clock the loop's
    /// thread starts; the media controls are published if configured.
    public init(_ configuration: MediaHostConfiguration) {
        self.configuration = configuration
        device = configuration.device
        audio = GainedAudioOutput(configuration.device)
        let inbox = self.inbox
        let log = configuration.log
        files = AudioPlayer(output: audio, resolver: AudioSourceResolver(fallbackPath: configuration.fallbackMP3, warn: log)) {
            inbox.post(.file($0))
        }
        recorder = HLSDownloader(configuration: configuration.download)
        streams = StreamAudioEngine(
            output: .shared(audio), format: device.format, configuration: configuration.streams,
            source: LiveHLSAudioSource.factory(downloader: recorder, configuration: configuration.streams, onGap: log))
        player = MediaPlayer(fallback: configuration.fallback, streamPolicy: configuration.streamPolicy,
                             fillHold: configuration.fillHold, volume: configuration.volume)
        audio.gain = player.audioVolume.gain
        snapshot = Snapshot(player: player, display: player.display(at: 0))
        downloads = DownloadRunner(configuration: configuration.download, directory: configuration.cacheDirectory,
                                   report: { inbox.post(.event($0)) }, log: log)
        let recorder = self.recorder
        let device = self.device
        let configuration = self.configuration
        videos = VideoRunner {
            var video = VideoEngine.Configuration()
            video.downloader = recorder
            // On the owner's clock (a script's virtual time) the video plays by that clock: the engine consumes
            // the audio at its rate (the device still gets the sound), so a scripted run does not depend on how
            // fast the device drains (SDL's disk driver with no delay drains at once).
            if configuration.clock == .external { video.audioClock = .paced }
            video.log = configuration.log
            let engine = VideoEngine(configuration: video, audioOutput: device) { inbox.post(.wake) }
            // The window's starting volume; from here on the video keeps its own (MediaPlayer's table).
            engine.setVolume(configuration.volume.level)
            engine.setMuted(configuration.volume.muted)
            return engine
        }
        if let identity = configuration.mediaControls {
            mediaControls = MPRISService.start(identity: identity.identity, name: identity.busName,
                                               desktopEntry: identity.desktopEntry, log: log) { command in
                if let key = command.mediaKey {
                    inbox.post(.event(.mediaKeyPressed(key)))
                } else if let control = command.playbackControl {
                    inbox.post(.event(.controlRequested(control)))
                }
            }
        }
        // A command from the bus (a media key, `playerctl play-pause`) comes in real time, at any moment: a
        // scripted run paces its virtual clock to real time while this is true.
        takesMediaControlCommands = mediaControls?.isPublished == true
        if configuration.clock == .realTime {
            loop = LoopThread(inbox: inbox) { [unowned self] now in self.step(now: now) }
        }
    }

    // MARK: - The owner's side

    /// Hands `event` to the player (from any thread; it is handled by the next step of the loop).
    public func send(_ event: MediaEvent) {
        inbox.post(.event(event))
    }

    /// What the player shows now (any thread).
    public func display() -> MediaDisplay {
        snapshotLock.withLock { snapshot.display }
    }

    /// The player's whole state as of the last step (any thread).
    public var state: MediaPlayer {
        snapshotLock.withLock { snapshot.player }
    }

    /// What is selected, its phase, the audio's volume and, for a story (a stream that ends), its duration and
    /// the whole seconds played, as of the last step (any thread): what an app's screens follow. (Whole seconds,
    /// so a screen following it changes once a second, not every frame.)
    public func status() -> PlaybackStatus {
        var status = snapshotLock.withLock {
            PlaybackStatus(active: snapshot.player.active, phase: snapshot.display.phase,
                           volume: snapshot.player.audioVolume, duration: snapshot.player.storyDuration)
        }
        if status.isFiniteStream { status.position = streams.playedSeconds.rounded(.down) }
        return status
    }

    /// The open video's status (nil: no video open): what the player screen draws and traces show.
    public var video: VideoStatus? { videos.currentStatus }

    /// The newest video frame not yet taken (nil: keep the one on screen); the window uploads it to its texture.
    public func takeVideoFrame() -> VideoFrame? { videos.takeFrame() }

    /// Tells the video's ABR how large the picture is on screen (pixels), so it never fetches more (any thread).
    public func setVideoDisplaySize(_ size: VideoDisplaySize?) { videos.setDisplaySize(size) }

    /// The name of the device audio plays on (e.g. `SDL (disk)`), for a log line.
    public var deviceName: String { device.name }

    /// Runs the loop once at the owner's clock `now` (``MediaHostClock/external`` only): handles everything
    /// that arrived, runs the timers due, feeds the device. Call it every frame, before reading the display.
    /// Returns when it next needs to run without an input, on the same clock (the real-time loop sleeps until
    /// then): within ``audioPumpInterval`` while audio plays or a stream buffers, a retry timer's due time, the
    /// end of the completion hold, the video's next frame; nil when only an input can change anything.
    @discardableResult
    public func pump(now: Double) -> Double? {
        precondition(loop == nil, "pump(now:) is for a host on an external clock")
        return step(now: now)
    }

    /// Stops everything in order: the loop, the media controls, the download (its fetch cancelled and its
    /// cached file deleted), the stream sessions and the live recorder, the device. Call once.
    public func shutdown() async {
        loop?.stop()
        loop = nil
        mediaControls?.stop()
        mediaControls = nil
        for command in player.retireCommands { run(command) }
        videos.run(.close)
        files.stop()
        await downloads.shutdown()
        try? await streams.shutdown()
        try? await recorder.shutdown()
        device.setPaused(true)
        device.clear()
        device.close()
    }

    // MARK: - The loop

    /// One turn of the loop at `now`: inputs in order, then timers due, then the device fed; returns when it
    /// next needs to run without an input (nil: only when something arrives).
    private func step(now: Double) -> Double? {
        self.now = max(self.now, now)
        for input in inbox.takeAll() { handle(input) }
        while let index = timers.firstIndex(where: { $0.due <= self.now }) {
            handle(.event(timers.remove(at: index).event))
        }
        files.pump(now: self.now)
        streams.pump(now: self.now)
        let videoChanged = videos.pump(now: self.now)
        for input in inbox.takeAll() { handle(input) }   // what pumping reported (an end, a buffer level)
        publish(videoChanged: videoChanged)
        return nextWake()
    }

    private func handle(_ input: Inbox.Input) {
        switch input {
        case .event(let event):
            for command in player.send(event, at: now) { run(command) }
        case .file(let outcome):
            guard let flow = playingFlow else { return }
            playingFlow = nil
            let event: PlayerEvent = switch outcome {
            case .finished: .playbackFinished
            case .failed(let message): .playbackFailed(message: message)
            }
            for command in player.send(.download(flow, event), at: now) { run(command) }
        case .wake:
            break   // the video engine has something new: this step pumps it
        }
    }

    private func run(_ command: MediaCommand) {
        switch command {
        case .fetch(let flow, let fetch, let request):
            downloads.start(flow, fetch, url: request.playlist)
        case .download(let flow, let command):
            run(command, flow: flow)
        case .stream(let command):
            run(command)
        case .video(let action):
            videos.run(action)
        case .setAudioVolume(let volume):
            audio.gain = volume.gain
        case .seekStream(let session, let seek):
            let target: Double? = switch seek {
            case .to(let seconds): seconds
            case .by(let seconds): streams.playedSeconds(of: session).map { $0 + seconds }
            }
            guard let target, streams.seek(session, to: target) != nil else {
                configuration.log("\(session): this stream cannot seek")
                return
            }
            storySeeks += 1
        }
    }

    private func run(_ command: PlayerCommand, flow: DownloadFlowID) {
        switch command {
        case .startFetch:
            break   // arrives as MediaCommand.fetch
        case .cancelFetch(let fetch):
            downloads.cancel(flow, fetch)
        case .play(let file):
            playingFlow = flow
            files.play(file: configuration.overrideFile ?? file, at: now)
        case .pausePlayback:
            files.pause(at: now)
        case .resumePlayback:
            files.resume(at: now)
        case .stopPlayback:
            playingFlow = nil
            files.stop()
        case .deleteFile(let path):
            let event: PlayerEvent
            do {
                if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
                event = .fileDeleted(path)
            } catch {
                event = .fileDeletionFailed(path, message: "\(error)")
            }
            inbox.post(.event(.download(flow, event)))
        case .reportProblem(let message):
            configuration.log(message)
        }
    }

    private func run(_ command: StreamCommand) {
        let inbox = self.inbox
        streams.run(command, events: { inbox.post(.event(.stream($0))) },
                    scheduleRetry: { delay, event in timers.append((now + delay, .stream(event))) },
                    log: configuration.log)
    }

    /// Shares the new state with readers and the media controls, and tells the owner when the picture changed.
    private func publish(videoChanged: Bool) {
        let display = player.display(at: now)
        let changed = snapshotLock.withLock { () -> Bool in
            let visibleChange = !display.looksLike(snapshot.display)
            snapshot = Snapshot(player: player, display: display)
            return visibleChange
        }
        if let mediaControls, mediaControls.isPublished {
            let controls = videos.controlsState(title: player.nowPlaying?.title)
                ?? player.nowPlaying.map { audioControlsState($0, phase: display.phase) } ?? .empty
            if !controls.publishesLike(publishedControls) {
                publishedControls = controls
                mediaControls.update(controls)
            }
        }
        if changed || videoChanged { configuration.onChange() }
    }

    /// The media controls' state for the audio loaded: a story (a stream that ends, of known length) also has
    /// its length, its position (an anchor the bus extrapolates while it plays) and can seek (`Seek`,
    /// `SetPosition` reach ``MediaPlayer``'s story seek); live radio and a download have neither.
    private func audioControlsState(_ nowPlaying: NowPlaying, phase: PlayerPhase) -> MediaControlsState {
        // The length is the stream's (NowPlaying took it from StreamDetails); storyDuration says it is a story.
        guard player.storyDuration != nil else {
            return MediaControlsState(phase: phase, nowPlaying: nowPlaying, volume: player.audioVolume.gain)
        }
        let position = PlaybackPosition(seconds: streams.playedSeconds, at: .now, rate: phase == .playing ? 1 : 0)
        return MediaControlsState(phase: phase, nowPlaying: nowPlaying, position: position, volume: player.audioVolume.gain,
                                  canSeek: true, seeks: storySeeks)
    }

    /// When the loop must run next without an input: soon while audio plays or a download's completion is
    /// held on screen, at the next timer, else never.
    private func nextWake() -> Double? {
        var wake = timers.map(\.due).min()
        let display = snapshotLock.withLock { snapshot.display }
        if display.phase == .playing || display.phase == .fetching && display.isStream {
            wake = min(wake ?? .infinity, now + Self.audioPumpInterval)
        }
        if let finishedAt = player.finishedAt, player.isHoldingCompletion(at: now) {
            wake = min(wake ?? .infinity, finishedAt + player.completionHold)
        }
        if let filledAt = player.filledAt, player.isHoldingFill(at: now) {
            wake = min(wake ?? .infinity, filledAt + player.fillHold)
        }
        if let video = videos.nextPump(after: now) { wake = min(wake ?? .infinity, video) }
        return wake
    }
}

extension MediaDisplay {
    /// Whether `other` draws the same picture: everything but the buffer level, which changes every few
    /// milliseconds while a stream plays and is shown only in traces.
    func looksLike(_ other: MediaDisplay) -> Bool {
        var mine = self
        mine.bufferSeconds = other.bufferSeconds
        return mine == other
    }
}

extension MediaControlsState {
    /// Whether publishing `self` after `other` would tell the bus nothing new: the same but for the position's
    /// anchor, which the bus extrapolates at its rate (a jump comes with a new `seeks` count).
    func publishesLike(_ other: MediaControlsState?) -> Bool {
        guard var other else { return false }
        other.position = position
        return self == other
    }
}

extension MediaControlCommand {
    /// The playback control this command is (`Seek`, `SetPosition`, the volume), nil for the rest: MediaCore's
    /// ``MediaCore/MediaPlayer`` runs it on what plays, a video or audio (a story's seek, the audio's volume).
    var playbackControl: PlaybackControl? {
        switch self {
        case .seek(let delta): .skip(by: delta)
        case .setPosition(let seconds): .seek(to: seconds)
        case .setVolume(let volume): .setVolume(volume)
        case .play, .pause, .playPause, .stop, .next, .previous, .raise, .quit: nil
        }
    }

    /// The media key this command is (nil for the window's own, `Raise` and `Quit`, for `Next` and `Previous`,
    /// which this player cannot do, and for seeking and the volume, which are not keys).
    public var mediaKey: MediaKey? {
        switch self {
        case .play: .play
        case .pause: .pause
        case .playPause: .playPause
        case .stop: .stop
        case .next, .previous, .raise, .quit, .seek, .setPosition, .setVolume: nil
        }
    }
}
