import Foundation
import Testing
import PlayerCore

/// What the media controls and the window show, from the request, the opening report and ICY titles.
@Suite("Now playing")
struct NowPlayingTests {
    static let station = StreamRequest(
        source: .http(url: URL(string: "http://r.test/live.mp3")!), title: "Classical IPR", artworkURL: URL(string: "http://r.test/logo.png"),
        isLive: true)
    static let story = StreamRequest(source: .http(url: URL(string: "http://n.test/s.mp3")!), title: "A story", artist: "NPR")

    @Test("a station: its name, then the announced title with the station as artist, back to the name when cleared")
    func station() {
        var now = NowPlaying(request: Self.station)
        #expect(now.title == "Classical IPR")
        #expect(now.artist == nil)
        #expect(now.artworkURL == URL(string: "http://r.test/logo.png"))
        #expect(now.isLive)
        now.update(with: StreamDetails(isLive: true, stationName: "WIAA 88.7"))
        #expect(now.title == "Classical IPR")
        #expect(now.artist == "WIAA 88.7", "the server's name differs from the app's: shown second")
        now.update(with: StreamMetadata(title: "Bach - Cello Suite No. 1"))
        #expect(now.title == "Bach - Cello Suite No. 1")
        #expect(now.artist == "Classical IPR")
        now.update(with: StreamMetadata(title: "  "))
        #expect(now.title == "Classical IPR")
        #expect(now.streamTitle == nil)
    }

    @Test("a story: title and artist from the app; the length once the stream opened")
    func story() {
        var now = NowPlaying(request: Self.story)
        #expect(now.title == "A story")
        #expect(now.artist == "NPR")
        #expect(!now.isLive)
        #expect(now.duration == nil)
        now.update(with: StreamDetails(isLive: false, duration: 95.5))
        #expect(now.duration == 95.5)
        now.update(with: StreamDetails(isLive: false, duration: .nan))
        #expect(now.duration == nil)
        now.update(with: StreamMetadata(title: "Hourly news"))
        #expect(now.title == "Hourly news")
        #expect(now.artist == "NPR")
    }

    @Test("a stream the app knows nothing about: the server's name, or nothing")
    func anonymous() {
        var now = NowPlaying(request: StreamRequest(source: .http(url: URL(string: "http://x.test/")!)))
        #expect(now.isEmpty)
        #expect(now.title == "")
        now.update(with: StreamDetails(isLive: true, stationName: "Radio X", stationDescription: "Hits"))
        #expect(now.title == "Radio X")
        #expect(now.artist == nil)
        #expect(now.isLive)
        now.update(with: StreamMetadata(title: "Song"))
        #expect(now.title == "Song")
        #expect(now.artist == "Radio X")
        #expect(NowPlaying().isEmpty)
    }

    @Test("a live stream has no length even if the source names one")
    func liveHasNoLength() {
        var now = NowPlaying(request: Self.story)
        now.update(with: StreamDetails(isLive: true, duration: 60))
        #expect(now.duration == nil)
        #expect(now.isLive)
    }

    @Test("the example in StreamPlayer's documentation")
    func streamPlayerExample() {
        var player = StreamPlayer(policy: StreamPolicy(startSeconds: 2))
        let radio = StreamRequest(source: .http(url: URL(string: "http://127.0.0.1:8000/live.mp3")!), title: "Classical IPR")
        let s1 = StreamSessionID(1)
        #expect(player.send(.selected(radio)) == [.open(s1, source: radio.source)])
        #expect(player.state == .buffering(progress: 0))
        #expect(player.send(.opened(s1, StreamDetails(isLive: true))) == [])
        #expect(player.send(.buffered(s1, seconds: 1)) == [])
        #expect(player.state == .buffering(progress: 0.5))
        #expect(player.send(.buffered(s1, seconds: 2)) == [.resumePlayback(s1)])
        #expect(player.state == .playing)
        let lost = player.send(.connectionLost(s1, message: "reset"))
        #expect(lost.first == .scheduleRetry(s1, attempt: 1, after: 0.5))
        #expect(player.send(.retryDue(s1, attempt: 1)) == [.reconnect(s1)])
        #expect(player.state == .playing)
        #expect(player.send(.tapped) == [.close(s1)])
        #expect(player.state == .paused)
    }

    @Test("the policy's delays and limits")
    func policy() {
        let policy = StreamPolicy(startSeconds: 2, retryDelays: [0.5, 1, 2, 4, 8])
        #expect(policy.maxAttempts == 5)
        #expect(policy.delay(beforeAttempt: 2) == 1)
        #expect(policy.delay(beforeAttempt: 9) == 8)
        #expect(StreamPolicy(startSeconds: -1, retryDelays: [.nan, -2]).startSeconds == 0.1)
        #expect(StreamPolicy(startSeconds: .infinity, retryDelays: [.nan, -2]).retryDelays == [0, 0])
        #expect(StreamPolicy(retryDelays: []).delay(beforeAttempt: 1) == 0)
        #expect(StreamSessionID(3).description == "session #3")
        #expect(StreamSource.liveHLS(playlist: URL(string: "http://h/x.m3u8")!).description == "live HLS http://h/x.m3u8")
    }
}

@Suite("Circle display")
struct CircleDisplayTests {
    static func shown(_ model: some CircleDisplay) -> (PlayerIcon, Double, PlayerPhase, String?) {
        (model.icon, model.fill, model.phase, model.message)
    }

    @Test("the file player and the stream player show themselves through one protocol")
    func bothMachines() {
        var file = Player()
        _ = file.send(.tapped)
        _ = file.send(.fetchProgressed(FetchID(1), fraction: 0.25))
        #expect(Self.shown(file) == (.spinner, 0.25, .fetching, nil))
        var stream = StreamPlayer(policy: StreamPolicy(startSeconds: 2))
        _ = stream.send(.selected(StreamRequest(source: .http(url: URL(string: "http://r.test/")!))))
        _ = stream.send(.buffered(StreamSessionID(1), seconds: 1))
        #expect(Self.shown(stream) == (.spinner, 0.5, .fetching, nil))
        _ = stream.send(.failed(StreamSessionID(1), message: "HTTP 404"))
        #expect(Self.shown(stream) == (.retry, 0, .failed, "Stream failed: HTTP 404"))
    }
}
