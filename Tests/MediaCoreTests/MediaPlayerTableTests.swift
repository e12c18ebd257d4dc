import Foundation
import MediaCore
import PlayerCore
import Testing
import VideoCore

/// `MediaPlayer`'s switching table: every row, with and without the default app's fallback download, each
/// row's new active item, flow and exact commands.
@Suite("MediaPlayer: switching between a download and a stream (the table)")
struct MediaPlayerTableTests {
    static let a = DownloadRequest(playlist: URL(string: "http://127.0.0.1:1/a.m3u8")!, title: "A")
    static let b = DownloadRequest(playlist: URL(string: "http://127.0.0.1:1/b.m3u8")!)
    static let fallback = DownloadRequest(playlist: URL(string: "http://127.0.0.1:1/default.m3u8")!)
    static let radio = StreamRequest(url: URL(string: "http://127.0.0.1:1/radio.mp3")!, title: "Radio", isLive: true)
    static let live = StreamRequest(url: URL(string: "http://127.0.0.1:1/live/index.m3u8")!)
    static let s1 = StreamSessionID(1), s2 = StreamSessionID(2)
    static let film = VideoRequest(source: .hls(URL(string: "http://127.0.0.1:1/film/master.m3u8")!), title: "Film")
    static let clip = VideoRequest(source: .file("/tmp/clip.mp4"))

    /// The kinds of "before" the rows start from, reached through events only.
    enum Start: String, CaseIterable, Sendable {
        case nothing, downloadReady, downloadFetching, downloadPlaying, streamBuffering, video
    }

    static func player(_ start: Start, fallback: DownloadRequest?) -> MediaPlayer {
        var player = MediaPlayer(fallback: fallback)
        switch start {
        case .nothing:
            if fallback != nil { return player }   // unreachable with a fallback: the circle never empties
        case .downloadReady:
            _ = player.send(.prepared(a), at: 0)
        case .downloadFetching:
            _ = player.send(.playRequested(.download(a)), at: 0)
        case .downloadPlaying:
            _ = player.send(.playRequested(.download(a)), at: 0)
            _ = player.send(.download(player.flow, .fetchFinished(FetchID(1), file: "/tmp/a.ts")), at: 1)
        case .streamBuffering:
            _ = player.send(.playRequested(.stream(radio)), at: 0)
        case .video:
            _ = player.send(.playRequested(.video(film)), at: 0)
        }
        return player
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var start: Start
        var event: MediaEvent
        var fallback: DownloadRequest?
        var active: MediaPlayer.Active
        /// The commands, given the flow the player was in before the event.
        var commands: @Sendable (DownloadFlowID) -> [MediaCommand]
        var testDescription: String { "\(start) + \(event) (fallback: \(fallback != nil)) → \(active)" }
    }

    static let rows: [Row] = {
        var rows: [Row] = []
        for fallback in [nil, Self.fallback] {
            func row(_ start: Start, _ event: MediaEvent, _ active: MediaPlayer.Active,
                     _ commands: @escaping @Sendable (DownloadFlowID) -> [MediaCommand]) {
                if start == .nothing, fallback != nil { return }
                rows.append(Row(start: start, event: event, fallback: fallback, active: active, commands: commands))
            }
            // Retiring each kind of download, as the commands of flow f.
            let retireFetching: @Sendable (DownloadFlowID) -> [MediaCommand] = { [.download($0, .cancelFetch(FetchID(1)))] }
            let retirePlaying: @Sendable (DownloadFlowID) -> [MediaCommand] = {
                [.download($0, .stopPlayback), .download($0, .deleteFile("/tmp/a.ts"))]
            }
            let releaseStream: [MediaCommand] = [.stream(.close(s1)), .stream(.releaseAudio)]
            let fetchA: @Sendable (DownloadFlowID) -> [MediaCommand] = { [.fetch($0.next, FetchID(1), a)] }
            let fetchB: @Sendable (DownloadFlowID) -> [MediaCommand] = { [.fetch($0.next, FetchID(1), b)] }
            let fallbackActive: MediaPlayer.Active = fallback.map(MediaPlayer.Active.download) ?? .nothing

            // playRequested(.download)
            row(.nothing, .playRequested(.download(a)), .download(a), fetchA)
            row(.downloadReady, .playRequested(.download(b)), .download(b), fetchB)
            row(.downloadFetching, .playRequested(.download(b)), .download(b), { retireFetching($0) + fetchB($0) })
            row(.downloadPlaying, .playRequested(.download(a)), .download(a), { retirePlaying($0) + fetchA($0) })
            row(.streamBuffering, .playRequested(.download(a)), .download(a), { releaseStream + fetchA($0) })
            // playRequested(.stream)
            row(.nothing, .playRequested(.stream(radio)), .stream(radio), { _ in [.stream(.open(s1, source: radio.source))] })
            row(.downloadReady, .playRequested(.stream(radio)), .stream(radio), { _ in [.stream(.open(s1, source: radio.source))] })
            row(.downloadFetching, .playRequested(.stream(radio)), .stream(radio),
                { retireFetching($0) + [.stream(.open(s1, source: radio.source))] })
            row(.downloadPlaying, .playRequested(.stream(radio)), .stream(radio),
                { retirePlaying($0) + [.stream(.open(s1, source: radio.source))] })
            row(.streamBuffering, .playRequested(.stream(live)), .stream(live),
                { _ in [.stream(.close(s1)), .stream(.open(s2, source: live.source))] })
            // prepared
            row(.nothing, .prepared(a), .download(a), { _ in [] })
            row(.downloadReady, .prepared(b), .download(b), { _ in [] })
            row(.downloadFetching, .prepared(b), .download(b), retireFetching)
            row(.downloadPlaying, .prepared(b), .download(b), retirePlaying)
            row(.streamBuffering, .prepared(a), .download(a), { _ in releaseStream })
            // audioReleased
            row(.nothing, .audioReleased, .nothing, { _ in [] })
            row(.downloadReady, .audioReleased, fallbackActive, { _ in [] })
            row(.downloadFetching, .audioReleased, fallbackActive, retireFetching)
            row(.downloadPlaying, .audioReleased, fallbackActive, retirePlaying)
            row(.streamBuffering, .audioReleased, fallbackActive, { _ in releaseStream })
            // circleTapped
            row(.nothing, .circleTapped, .nothing, { _ in [] })
            row(.downloadReady, .circleTapped, .download(a), { [.fetch($0, FetchID(1), a)] })
            row(.downloadFetching, .circleTapped, .download(a), { _ in [] })
            row(.downloadPlaying, .circleTapped, .download(a), { [.download($0, .pausePlayback)] })
            row(.streamBuffering, .circleTapped, .stream(radio), { _ in [.stream(.close(s1))] })
            // mediaKeyPressed
            for key in MediaKey.allCases { row(.nothing, .mediaKeyPressed(key), .nothing, { _ in [] }) }
            row(.downloadReady, .mediaKeyPressed(.play), .download(a), { [.fetch($0, FetchID(1), a)] })
            row(.downloadReady, .mediaKeyPressed(.pause), .download(a), { _ in [] })
            row(.downloadReady, .mediaKeyPressed(.playPause), .download(a), { [.fetch($0, FetchID(1), a)] })
            row(.downloadReady, .mediaKeyPressed(.stop), .download(a), { _ in [] })
            row(.downloadFetching, .mediaKeyPressed(.play), .download(a), { _ in [] })
            row(.downloadFetching, .mediaKeyPressed(.pause), .download(a), { _ in [] })
            row(.downloadFetching, .mediaKeyPressed(.playPause), .download(a), { _ in [] })
            row(.downloadFetching, .mediaKeyPressed(.stop), .download(a), retireFetching)
            row(.downloadPlaying, .mediaKeyPressed(.play), .download(a), { _ in [] })
            row(.downloadPlaying, .mediaKeyPressed(.pause), .download(a), { [.download($0, .pausePlayback)] })
            row(.downloadPlaying, .mediaKeyPressed(.playPause), .download(a), { [.download($0, .pausePlayback)] })
            row(.downloadPlaying, .mediaKeyPressed(.stop), .download(a), retirePlaying)
            row(.streamBuffering, .mediaKeyPressed(.play), .stream(radio), { _ in [] })
            row(.streamBuffering, .mediaKeyPressed(.pause), .stream(radio), { _ in [.stream(.close(s1))] })
            row(.streamBuffering, .mediaKeyPressed(.playPause), .stream(radio), { _ in [.stream(.close(s1))] })
            row(.streamBuffering, .mediaKeyPressed(.stop), .stream(radio), { _ in [.stream(.close(s1))] })

            // A video: its engine's own machine plays it; the reducer opens, forwards and closes.
            let openFilm: [MediaCommand] = [.video(.open(film))]
            let closeVideo: [MediaCommand] = [.video(.close)]
            row(.nothing, .playRequested(.video(film)), .video(film), { _ in openFilm })
            row(.downloadReady, .playRequested(.video(film)), .video(film), { _ in openFilm })
            row(.downloadFetching, .playRequested(.video(film)), .video(film), { retireFetching($0) + openFilm })
            row(.downloadPlaying, .playRequested(.video(film)), .video(film), { retirePlaying($0) + openFilm })
            row(.streamBuffering, .playRequested(.video(film)), .video(film), { _ in releaseStream + openFilm })
            row(.video, .playRequested(.video(clip)), .video(clip), { _ in closeVideo + [.video(.open(clip))] })
            row(.video, .playRequested(.download(a)), .download(a), { closeVideo + [.fetch($0.next, FetchID(1), a)] })
            row(.video, .playRequested(.stream(radio)), .stream(radio), { _ in closeVideo + [.stream(.open(s1, source: radio.source))] })
            row(.video, .prepared(a), .download(a), { _ in closeVideo })
            row(.video, .audioReleased, fallbackActive, { _ in closeVideo })
            // With a fallback (`--app buffs`) the circle hides while the video is open; a tap (Space, a media key's
            // play/pause) still plays it instead.
            if let fallback {
                row(.video, .circleTapped, .download(fallback), { closeVideo + [.fetch($0.next, FetchID(1), fallback)] })
            } else {
                row(.video, .circleTapped, .video(film), { _ in [] })
            }
            row(.video, .mediaKeyPressed(.play), .video(film), { _ in [.video(.control(.play))] })
            row(.video, .mediaKeyPressed(.pause), .video(film), { _ in [.video(.control(.pause))] })
            row(.video, .mediaKeyPressed(.playPause), .video(film), { _ in [.video(.control(.togglePause))] })
            row(.video, .mediaKeyPressed(.stop), fallbackActive, { _ in closeVideo })
            for control in [PlaybackControl.togglePause, .seek(to: 30), .skip(by: -5), .setVolume(0.4), .setMuted(true)] {
                row(.video, .controlRequested(control), .video(film), { _ in [.video(.control(control))] })
                // With nothing loaded, a control changes nothing; with audio, only the volume and mute do (the audio's).
                row(.nothing, .controlRequested(control), .nothing, { _ in [] })
                let audio: [MediaCommand] = switch control {
                case .setVolume(let level): [.setAudioVolume(AudioVolume(level: level))]
                case .setMuted(let muted): [.setAudioVolume(AudioVolume(muted: muted))]
                default: []
                }
                row(.downloadReady, .controlRequested(control), .download(a), { _ in audio })
                row(.downloadFetching, .controlRequested(control), .download(a), { _ in audio })
                row(.downloadPlaying, .controlRequested(control), .download(a), { _ in audio })
                row(.streamBuffering, .controlRequested(control), .stream(radio), { _ in audio })
            }
        }
        return rows
    }()

    @Test("every row of the table", arguments: rows)
    func row(_ row: Row) {
        var player = Self.player(row.start, fallback: row.fallback)
        let flow = player.flow
        let commands = player.send(row.event, at: 10)
        #expect(player.active == row.active)
        #expect(commands == row.commands(flow))
        let showsCircle: Bool = switch row.active {
        case .nothing, .video: false
        case .download, .stream: true
        }
        #expect(player.display(at: 10).isVisible == showsCircle, "a video hides the circle, with a fallback too (issue 30)")
    }

    @Test("the table covers every start × event kind, with and without a fallback")
    func coverage() {
        func kind(_ event: MediaEvent) -> String {
            switch event {
            case .playRequested(.download): "playDownload"
            case .playRequested(.stream): "playStream"
            case .playRequested(.video): "playVideo"
            case .prepared: "prepared"
            case .audioReleased: "released"
            case .circleTapped: "tapped"
            case .mediaKeyPressed(let key): "key \(key)"
            case .controlRequested: "playbackControl"
            case .download, .stream: "report"
            }
        }
        let covered = Set(Self.rows.map { "\($0.start) \(kind($0.event)) \($0.fallback != nil)" })
        let events = ["playDownload", "playStream", "playVideo", "prepared", "released", "tapped", "playbackControl"]
            + MediaKey.allCases.map { "key \($0)" }
        for start in Start.allCases {
            for event in events {
                for fallback in [false, true] where !(start == .nothing && fallback) {
                    #expect(covered.contains("\(start) \(event) \(fallback)"), "no row for \(start) \(event) fallback \(fallback)")
                }
            }
        }
    }

    @Test("a new flow starts for every download request and prepare; the flow's reports are accepted, an older flow's are not")
    func flows() {
        var player = MediaPlayer()
        _ = player.send(.playRequested(.download(Self.a)), at: 0)
        let first = player.flow
        _ = player.send(.playRequested(.download(Self.b)), at: 1)
        let second = player.flow
        #expect(second == first.next)
        // The older flow finishing its fetch: the file is deleted, the current flow does not play it.
        #expect(player.send(.download(first, .fetchFinished(FetchID(1), file: "/tmp/old.ts")), at: 2)
                == [.download(first, .deleteFile("/tmp/old.ts"))])
        #expect(player.download.state == .fetching(progress: 0))
        // Its progress: the fetch is cancelled. Its failure, playback and deletion reports: nothing.
        #expect(player.send(.download(first, .fetchProgressed(FetchID(1), fraction: 0.5)), at: 2)
                == [.download(first, .cancelFetch(FetchID(1)))])
        #expect(player.send(.download(first, .fetchFailed(FetchID(1), message: "x")), at: 2) == [])
        #expect(player.send(.download(first, .playbackFinished), at: 2) == [])
        #expect(player.send(.download(first, .fileDeleted("/tmp/old.ts")), at: 2) == [])
        #expect(player.send(.download(first, .fileDeletionFailed("/tmp/old.ts", message: "busy")), at: 2)
                == [.download(first, .reportProblem("Could not delete cached file /tmp/old.ts: busy"))])
        // The current flow's reports drive its player.
        #expect(player.send(.download(second, .fetchFinished(FetchID(1), file: "/tmp/b.ts")), at: 3)
                == [.download(second, .play(file: "/tmp/b.ts"))])
        #expect(player.display(at: 3 + player.fillHold).phase == .playing)
        // With a stream active, even the current flow number's reports are an older flow's.
        _ = player.send(.playRequested(.stream(Self.radio)), at: 4)
        #expect(player.send(.download(second, .fetchFinished(FetchID(2), file: "/tmp/late.ts")), at: 5)
                == [.download(second, .deleteFile("/tmp/late.ts"))])
    }
}
