import Foundation
import MediaCore
import PlayerCore
import Testing
import VideoCore

/// What the circle shows (`MediaPlayer.display(at:)`) and what the media controls see (`nowPlaying`).
@Suite("MediaPlayer: display, completion hold, now playing")
struct MediaPlayerDisplayTests {
    static let a = DownloadRequest(playlist: URL(string: "http://127.0.0.1:1/a.m3u8")!, title: "A", artist: "Artist",
                                   artworkURL: URL(string: "http://127.0.0.1:1/a.png"))
    static let radio = StreamRequest(url: URL(string: "http://127.0.0.1:1/radio.mp3")!, title: "Radio", isLive: true)

    @Test("a download's cycle: ready, fetching with the fill and title, playing, the completion hold, ready again")
    func downloadCycle() {
        var player = MediaPlayer(fallback: Self.a)
        // The app's title and second line show under the circle (issue 30: Vimeo's Listen).
        #expect(player.display(at: 0) == MediaDisplay(isVisible: true, phase: .uninitialized, icon: .play, fill: 0,
                                                      title: "CirclePlayer", nowPlaying: "A", artist: "Artist"))
        let flow = player.flow
        _ = player.send(.circleTapped, at: 0)
        _ = player.send(.download(flow, .fetchProgressed(FetchID(1), fraction: 0.426)), at: 1)
        #expect(player.display(at: 1) == MediaDisplay(isVisible: true, phase: .fetching, icon: .spinner, fill: 0.426,
                                                      title: "CirclePlayer — fetching 42 %", nowPlaying: "A", artist: "Artist",
                                                      awaitsRealWork: true))
        _ = player.send(.download(flow, .fetchFinished(FetchID(1), file: "/tmp/a.ts")), at: 2)
        #expect(player.display(at: 2).fill == 1 && player.display(at: 2).phase == .fetching, "the fill hold")
        #expect(player.display(at: 2 + player.fillHold).phase == .playing)
        #expect(player.display(at: 2 + player.fillHold).isAudible)
        #expect(player.send(.download(flow, .playbackFinished), at: 12) == [.download(flow, .deleteFile("/tmp/a.ts"))])
        _ = player.send(.download(flow, .fileDeleted("/tmp/a.ts")), at: 12.001)
        #expect(player.download.state == .uninitialized)
        let held = MediaDisplay(isVisible: true, phase: .completed, icon: .spinner, fill: 1,
                                title: "CirclePlayer — completed", nowPlaying: "A", artist: "Artist", awaitsRealWork: true)
        #expect(player.display(at: 12.001) == held)
        #expect(player.display(at: 12.799) == held)
        #expect(player.display(at: 12.8).phase == .uninitialized)
        #expect(player.display(at: 11.9).phase == .uninitialized, "the hold starts when playback finished")
    }

    @Test("a video hides the circle, with a fallback too (issue 30: one player the user sees); the fallback waits ready")
    func circleOverVideo() {
        let film = VideoRequest(source: .hls(URL(string: "http://127.0.0.1:1/film/master.m3u8")!), title: "Film")
        var player = MediaPlayer(fallback: Self.a)
        let flow = player.flow
        _ = player.send(.circleTapped, at: 0)
        _ = player.send(.download(flow, .fetchFinished(FetchID(1), file: "/tmp/a.ts")), at: 1)
        #expect(player.display(at: 1 + player.fillHold).phase == .playing)
        _ = player.send(.playRequested(.video(film)), at: 2)
        #expect(player.display(at: 2) == .hidden)
        #expect(player.flow == flow.next, "a fresh flow: the retired one's reports change nothing")
        #expect(player.download.state == .uninitialized, "the fallback waits, ready")
        #expect(player.nowPlaying?.title == "Film", "the media controls see the video")
        var alone = MediaPlayer()
        _ = alone.send(.playRequested(.video(film)), at: 0)
        #expect(alone.display(at: 0) == .hidden)
    }

    @Test("the fill hold: a finished fetch shows the full circle, still fetching, for fillHold seconds, then playing")
    func fillHold() {
        var player = MediaPlayer(fallback: Self.a)
        let flow = player.flow
        _ = player.send(.circleTapped, at: 0)
        _ = player.send(.download(flow, .fetchProgressed(FetchID(1), fraction: 0.4)), at: 0.5)
        #expect(player.display(at: 0.5).fill == 0.4)
        _ = player.send(.download(flow, .fetchProgressed(FetchID(1), fraction: 0.874)), at: 0.9)
        #expect(player.display(at: 0.9).fill == 0.874, "progress rises with every report")
        let commands = player.send(.download(flow, .fetchFinished(FetchID(1), file: "/tmp/a.ts")), at: 1)
        #expect(commands == [.download(flow, .play(file: "/tmp/a.ts"))], "playback begins at once")
        let held = player.display(at: 1)
        #expect(held.phase == .fetching && held.fill == 1 && held.icon == .spinner && held.awaitsRealWork)
        #expect(player.display(at: 1 + player.fillHold - 0.001).fill == 1)
        #expect(player.display(at: 1 + player.fillHold).phase == .playing)
        #expect(player.isHoldingFill(at: 1) && !player.isHoldingFill(at: 1 + player.fillHold))
        // A tap in the hold pauses the real player and ends the hold.
        var tapped = player
        _ = tapped.send(.circleTapped, at: 1.1)
        #expect(tapped.display(at: 1.1).phase == .paused)
    }

    @Test("a tap during the hold goes to the real player and ends the hold")
    func tapEndsHold() {
        var player = MediaPlayer(fallback: Self.a)
        let flow = player.flow
        _ = player.send(.circleTapped, at: 0)
        _ = player.send(.download(flow, .fetchFinished(FetchID(1), file: "/tmp/a.ts")), at: 1)
        _ = player.send(.download(flow, .playbackFinished), at: 5)
        _ = player.send(.download(flow, .fileDeleted("/tmp/a.ts")), at: 5)
        #expect(player.isHoldingCompletion(at: 5.1))
        #expect(player.send(.circleTapped, at: 5.1) == [.fetch(flow, FetchID(2), Self.a)])
        #expect(!player.isHoldingCompletion(at: 5.2))
        #expect(player.display(at: 5.2).phase == .fetching)
    }

    @Test("a failed download shows retry, the message and the title")
    func failedDownload() {
        var player = MediaPlayer()
        _ = player.send(.playRequested(.download(Self.a)), at: 0)
        _ = player.send(.download(player.flow, .fetchFailed(FetchID(1), message: "HTTP 404 at /a.m3u8")), at: 1)
        let display = player.display(at: 1)
        #expect(display.phase == .failed)
        #expect(display.icon == .retry)
        #expect(display.message == "Download failed: HTTP 404 at /a.m3u8")
        #expect(display.title == "CirclePlayer — failed: Download failed: HTTP 404 at /a.m3u8 (tap to retry)")
    }

    @Test("a stream: buffering with its share, LIVE, the ICY title over the station, the buffer level")
    func stream() {
        var player = MediaPlayer()
        _ = player.send(.playRequested(.stream(Self.radio)), at: 0)
        let s = StreamSessionID(1)
        _ = player.send(.stream(.opened(s, StreamDetails(isLive: true, stationName: "Station"))), at: 0.1)
        _ = player.send(.stream(.buffered(s, seconds: 1)), at: 0.2)
        var display = player.display(at: 0.2)
        #expect(display.phase == .fetching)
        #expect(display.fill == 0.5)
        #expect(display.isStream && display.isLive)
        #expect(display.title == "CirclePlayer — buffering 50 %: Radio")
        _ = player.send(.stream(.buffered(s, seconds: 2.5)), at: 0.3)
        _ = player.send(.stream(.metadata(s, StreamMetadata(title: "Song"))), at: 0.4)
        display = player.display(at: 0.4)
        #expect(display.phase == .playing)
        #expect(display.nowPlaying == "Song")
        #expect(display.artist == "Radio")
        #expect(display.bufferSeconds == 2.5)
        #expect(display.title == "CirclePlayer — playing (live): Song")
        #expect(display.awaitsRealWork)
    }

    @Test("status: idle; a stream buffering then playing (running), paused (not running); audio is the stream; a video is no audio")
    func status() {
        var player = MediaPlayer()
        #expect(player.status(at: 0) == .idle)
        #expect(player.status(at: 0).audio == nil)
        _ = player.send(.playRequested(.stream(Self.radio)), at: 0)
        let s = StreamSessionID(1)
        _ = player.send(.stream(.opened(s, StreamDetails(isLive: true, stationName: "Station"))), at: 0.1)
        #expect(player.status(at: 0.1) == PlaybackStatus(active: .stream(Self.radio), phase: .fetching))
        #expect(player.status(at: 0.1).isRunning)
        _ = player.send(.stream(.buffered(s, seconds: 2.5)), at: 0.2)
        #expect(player.status(at: 0.2).phase == .playing && player.status(at: 0.2).isRunning)
        #expect(player.status(at: 0.2).audio == .stream(Self.radio))
        _ = player.send(.mediaKeyPressed(.pause), at: 0.3)
        #expect(player.status(at: 0.3) == PlaybackStatus(active: .stream(Self.radio), phase: .paused))
        #expect(!player.status(at: 0.3).isRunning)
        _ = player.send(.prepared(Self.a), at: 0.4)
        #expect(player.status(at: 0.4) == PlaybackStatus(active: .download(Self.a), phase: .uninitialized))
        #expect(player.status(at: 0.4).audio == .download(Self.a))
        let video = VideoRequest(source: .hls(URL(string: "http://127.0.0.1:1/v.m3u8")!), title: "V")
        _ = player.send(.playRequested(.video(video)), at: 0.5)
        #expect(player.status(at: 0.5).audio == nil && !player.status(at: 0.5).isRunning)
    }

    @Test("now playing for the media controls: the download's request (never a stream in disguise), the stream's own, nothing")
    func nowPlaying() {
        var player = MediaPlayer()
        #expect(player.nowPlaying == nil)
        _ = player.send(.prepared(Self.a), at: 0)
        #expect(player.nowPlaying == NowPlaying(title: "A", artist: "Artist", artworkURL: Self.a.artworkURL))
        #expect(player.nowPlaying?.isLive == false)
        _ = player.send(.playRequested(.stream(Self.radio)), at: 0)
        #expect(player.nowPlaying == NowPlaying(request: Self.radio))
        _ = player.send(.audioReleased, at: 0)
        #expect(player.nowPlaying == nil)
        #expect(player.display(at: 0) == .hidden)
        _ = player.send(.prepared(DownloadRequest(playlist: Self.a.playlist)), at: 0)
        #expect(player.nowPlaying?.title == "CirclePlayer", "an untitled download is the app's")
    }

    @Test("the one rule for what a URL is: .m3u8 in the path (any case) is HLS, the query does not count")
    func sourceKind() {
        func kind(_ text: String) -> MediaSourceKind { MediaSourceKind(URL(string: text)!) }
        #expect(kind("http://h/live/index.m3u8") == .hlsPlaylist)
        #expect(kind("http://h/LIVE/INDEX.M3U8?token=a.mp3") == .hlsPlaylist)
        #expect(kind("http://h/radio.mp3?x=index.m3u8") == .progressive)
        #expect(kind("http://h/stream") == .progressive)
        #expect(StreamRequest(url: URL(string: "http://h/a.m3u8")!).source == .liveHLS(playlist: URL(string: "http://h/a.m3u8")!))
        #expect(StreamRequest(url: URL(string: "http://h/a.m3u8")!, isLive: false).isLive == true, "a playlist stream is live")
        #expect(StreamRequest(url: URL(string: "http://h/a.mp3")!, isLive: nil).source == .http(url: URL(string: "http://h/a.mp3")!))
    }
}
