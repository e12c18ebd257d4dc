import AudioPlayback
import Downloader
import Foundation
import MediaControls
import PlayerCore

/// The window's global audio player: the circle over every screen, playing either a download (the file
/// flow, PlayerCore's ``PlayerCore/Player``) or a stream (PlayerCore's ``PlayerCore/StreamPlayer`` on
/// AudioPlayback's ``AudioPlayback/StreamAudioEngine``: HTTP/ICY radio, progressive MP3, live HLS recorded in
/// memory). Apps reach it as ``AudioControlling`` (``AppContext/audio``); which machine is active, and what
/// switching does, is ``AudioSelection``'s table.
///
/// Both machines play on one device (``SharedAudioOutput``) and are pumped on the main thread every frame
/// (``tick(at:)``), with the session's clock. The desktop's media controls (MPRIS) see whichever is active:
/// title, artist or station, art URL, length unless live, and the phase; PlayPause, Play, Pause and Stop come
/// back from the bus. Main thread only (`@unchecked Sendable` so the bus thread can hand commands to the main
/// queue, which calls back on the main thread).
final class GlobalAudio: AudioControlling, FrameTicker, @unchecked Sendable {
    private var selection: AudioSelection
    private var flow: FileFlow?
    private let fetcher: DownloadFetcher
    private let adapter: AudioPlaybackAdapter
    private let fileEngine: MediaAudioEngine
    private let streamEngine: StreamAudioEngine
    /// Records live HLS playlists (in memory) for the stream engine.
    private let liveRecorder: HLSDownloader
    /// The stream machine's driver (events from any thread).
    let streams: StreamPlayerDriver
    private let hold: CompletionHold
    private let queue: MainThreadQueue
    private let output: SharedAudioOutput
    private var mpris: MPRISService?
    private var published: MediaControlsState?

    /// - Parameters:
    ///   - fallback: the default app's download (shown ready to fetch whenever nothing else is); nil: the
    ///     circle hides while nothing plays.
    ///   - device: the audio output (opened once, shared).
    ///   - mediaControls: publish on the session bus (MPRIS) as `org.mpris.MediaPlayer2.circleplayer`.
    init(fallback: DownloadRequest?, device: any AudioOutput, fallbackMP3: String?, overrideFile: String?,
         download: DownloadConfiguration, waker: Waker, queue: MainThreadQueue, hold: CompletionHold,
         mediaControls: Bool) {
        selection = AudioSelection(fallback: fallback)
        self.queue = queue
        self.hold = hold
        output = SharedAudioOutput(device: device)
        fileEngine = MediaAudioEngine(output: output, fallbackMP3: fallbackMP3, overrideFile: overrideFile)
        adapter = AudioPlaybackAdapter(engine: fileEngine, queue: queue, hold: hold)
        fetcher = DownloadFetcher(waker: waker, configuration: download)
        let shared = output
        let log: @Sendable (String) -> Void = { FileHandle.standardError.write(Data("SDLDemo: \($0)\n".utf8)) }
        let configuration = StreamEngineConfiguration()
        let recorder = HLSDownloader(configuration: download)
        liveRecorder = recorder
        streamEngine = StreamAudioEngine(
            output: { shared }, format: device.format, configuration: configuration,
            source: LiveHLSAudioSource.factory(downloader: recorder,
                                               configuration: configuration, onGap: log))
        streams = StreamPlayerDriver(streams: WakingStreams(engine: streamEngine, waker: waker),
                                     scheduler: DispatchRetryScheduler(), log: log)
        if mediaControls {
            mpris = MPRISService.start(identity: "CirclePlayer", name: "circleplayer") { [weak self] command in
                queue.async { _ in self?.handle(command) }
            }
        }
        if let fallback { run(selection.send(.prepare(fallback))) }
    }

    // MARK: - AudioControlling

    func play(_ request: PlayRequest) {
        run(selection.send(.play(request)))
    }

    func releaseAudio() {
        run(selection.send(.releaseAudio))
    }

    private func run(_ commands: [AudioSelection.Command]) {
        for command in commands {
            switch command {
            case .retireDownload:
                flow?.retire()
                flow = nil
                hold.clear()
            case .startDownload(let request, let autoplay):
                let flow = FileFlow(request: request, fetcher: fetcher, audio: adapter)
                self.flow = flow
                if autoplay { flow.driver.send(.tapped) }
            case .selectStream(let request):
                streams.send(.selected(request))
            case .releaseStream:
                streams.send(.audioFocusLost)
            }
        }
    }

    /// Whether the desktop's media controls reach this player (it is published on a session bus): a command
    /// (PlayPause, Stop, …) may then come from outside the window at any moment of real time.
    var takesMediaControlCommands: Bool {
        mpris?.isPublished == true
    }

    // MARK: - The circle

    /// The user tapped the circle (or pressed space).
    func tap() {
        switch selection.active {
        case .nothing: break
        case .download:
            hold.clear()
            flow?.driver.send(.tapped)
        case .stream:
            streams.send(.tapped)
        }
    }

    /// What the circle shows at `t`.
    func display(at t: Double) -> AudioDisplay {
        switch selection.active {
        case .nothing:
            return .hidden
        case .download:
            guard let player = flow?.driver.player else { return .hidden }
            var state = player.state
            var fill = player.fill
            if state == .uninitialized, hold.isHolding(at: t) { (state, fill) = (.completed, 1) }
            let realWork = state.phase == .fetching || state.phase == .completed
            return AudioDisplay(isVisible: true, phase: state.phase, icon: state.icon, fill: fill,
                                message: PlayerPresentation.message(of: state),
                                title: PlayerPresentation.title(of: state), awaitsRealWork: realWork)
        case .stream:
            let player = streams.player
            guard player.isControlVisible else { return .hidden }
            let now = player.nowPlaying
            let title = now.title.isEmpty ? nil : now.title
            let realWork: Bool = switch player.state {
            case .buffering, .playing: true
            default: player.reconnect != nil
            }
            return AudioDisplay(
                isVisible: true, phase: player.phase, icon: player.icon, fill: player.fill, message: player.message,
                title: PlayerPresentation.title(of: player), isStream: true, isLive: player.isLive,
                nowPlaying: title, artist: now.artist, bufferSeconds: player.bufferedSeconds, awaitsRealWork: realWork)
        }
    }

    // MARK: - Frame work

    /// Pumps both engines (main thread, every frame) and publishes changes to the media controls.
    func tick(at t: Double) {
        adapter.tick(at: t)
        streamEngine.pump(now: t)
        publish()
    }

    private func publish() {
        guard let mpris, mpris.isPublished else { return }
        let state: MediaControlsState
        switch selection.active {
        case .nothing:
            state = .empty
        case .download(let request):
            guard let player = flow?.driver.player else { return }
            state = MediaControlsState(player, nowPlaying: NowPlaying(request: StreamRequest(
                source: .http(url: request.playlist.absoluteString), title: request.title ?? "CirclePlayer",
                artist: request.artist, artworkURL: request.artworkURL, isLive: false)))
        case .stream:
            state = MediaControlsState(streams.player)
        }
        guard state != published else { return }
        published = state
        mpris.update(state)
    }

    /// A command from the media controls (main thread).
    private func handle(_ command: MediaControlCommand) {
        switch selection.active {
        case .nothing:
            break
        case .stream:
            if let event = command.streamEvent { streams.send(event) }
        case .download:
            guard let player = flow?.driver.player else { return }
            let phase = player.state.phase
            switch command {
            case .playPause:
                tap()
            case .play where phase != .playing && phase != .fetching:
                tap()
            case .pause where phase == .playing:
                tap()
            case .stop:
                // The file flow has no stop: the download is retired and shown ready again.
                if case .download(let request) = selection.active {
                    run(selection.send(.prepare(request)))
                }
            default:
                break
            }
        }
    }

    /// Stops everything in order: media controls off the bus, downloads cancelled and cache files deleted,
    /// streams closed, the device closed. Call once, on the main thread.
    func shutdown() {
        mpris?.stop()
        mpris = nil
        flow?.retire()
        flow = nil
        fetcher.shutdown()
        fileEngine.close()
        let engine = streamEngine
        let recorder = liveRecorder
        _ = try? Blocking.run {
            try await engine.shutdown()
            try await recorder.shutdown()
        }
        output.closeDevice()
    }
}

/// The stream engine as the driver's plug-in, signalling the window's loop after every event so a sleeping
/// loop draws a stream's progress at once.
private struct WakingStreams: StreamPlaying {
    let engine: StreamAudioEngine
    let waker: Waker

    func open(_ id: StreamSessionID, source: StreamSource, events: @escaping @Sendable (StreamEvent) -> Void) {
        let waker = self.waker
        engine.open(id, source: source) { event in
            events(event)
            waker.signal()
        }
    }

    func reconnect(_ id: StreamSessionID) { engine.reconnect(id) }
    func resume(_ id: StreamSessionID) { engine.resume(id) }
    func pause(_ id: StreamSessionID) { engine.pause(id) }
    func close(_ id: StreamSessionID) { engine.close(id) }
    func releaseAudio() { engine.releaseAudio() }
}
