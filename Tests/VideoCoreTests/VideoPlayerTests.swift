import Foundation
import Testing
import VideoCore

/// Every row of VideoPlayer's transition table, in order, asserting state and commands.
@Suite("VideoPlayer transitions")
struct VideoPlayerTests {
    static let request = VideoRequest(source: .hls(URL(string: "http://127.0.0.1:8000/master.m3u8")!), startSeconds: 3)
    static let other = VideoRequest(source: .file("/tmp/clip.mp4"))
    static let s1 = VideoSessionID(1)
    static let s2 = VideoSessionID(2)
    static let ready = BufferReport(aheadSeconds: 1, decodedReady: true, inputEnded: false)
    static let short = BufferReport(aheadSeconds: 0.5, decodedReady: true, inputEnded: false)
    static let undecoded = BufferReport(aheadSeconds: 5, decodedReady: false, inputEnded: false)
    static let endedInput = BufferReport(aheadSeconds: 0.2, decodedReady: true, inputEnded: true)

    /// A player in `state` with session s1 (wants: whether the user wants it playing).
    static func player(_ state: VideoState, wants: Bool = true) -> VideoPlayer {
        var p = VideoPlayer()
        _ = p.send(.open(request))
        _ = p.send(.opened(s1, VideoInfo(duration: 10, isLive: false)))
        switch state {
        case .loading: if !wants { _ = p.send(.pause) }
        case .playing: _ = p.send(.buffered(s1, ready))
        case .paused: _ = p.send(.buffered(s1, ready)); _ = p.send(.pause)
        case .buffering:
            _ = p.send(.buffered(s1, ready)); _ = p.send(.stalled(s1))
            if !wants { _ = p.send(.pause); _ = p.send(.play) ; _ = p.send(.pause) }
        case .ended: _ = p.send(.buffered(s1, ready)); _ = p.send(.reachedEnd(s1))
        case .failed: _ = p.send(.failed(s1, "boom"))
        case .idle: _ = p.send(.close)
        }
        #expect(p.state == state || (state == .buffering && !wants))
        return p
    }

    @Test("open: loading, a new session, closing the old one; start time passed on")
    func open() {
        var p = VideoPlayer()
        #expect(p.send(.open(Self.request)) == [.load(Self.s1, Self.request, from: 3)])
        #expect(p.state == .loading)
        #expect(p.wantsToPlay)
        #expect(p.seekTarget == 3)
        var playing = Self.player(.playing)
        #expect(playing.send(.open(Self.other)) == [.close(Self.s1), .load(Self.s2, Self.other, from: nil)])
        #expect(playing.state == .loading)
        #expect(playing.info == nil)
        #expect(playing.stalls == 0)
    }

    @Test("idle or failed with a request: play opens a new session from the start")
    func retry() {
        var failed = Self.player(.failed("boom"))
        #expect(failed.state == .failed("boom"))
        #expect(failed.send(.play) == [.load(Self.s2, Self.request, from: nil)])
        #expect(failed.state == .loading)
        var failedToggle = Self.player(.failed("boom"))
        #expect(failedToggle.send(.togglePause) == [.load(Self.s2, Self.request, from: nil)])
        var idle = VideoPlayer()
        #expect(idle.send(.play) == [], "nothing was ever requested")
        #expect(idle.state == .idle)
    }

    @Test("opened: info kept in any state with the session")
    func opened() {
        var p = VideoPlayer()
        _ = p.send(.open(Self.request))
        #expect(p.send(.opened(Self.s1, VideoInfo(duration: nil, isLive: true))) == [])
        #expect(p.state == .loading)
        #expect(p.info == VideoInfo(duration: nil, isLive: true))
        var playing = Self.player(.playing)
        #expect(playing.send(.opened(Self.s1, VideoInfo(duration: 12, isLive: false))) == [])
        #expect(playing.state == .playing)
        #expect(playing.info?.duration == 12)
    }

    @Test("loading → playing once ready (1 s ahead and decoded), or paused if the user paused")
    func loadingReady() {
        var p = Self.player(.loading)
        #expect(p.send(.buffered(Self.s1, Self.short)) == [])
        #expect(p.state == .loading)
        #expect(p.send(.buffered(Self.s1, Self.undecoded)) == [])
        #expect(p.state == .loading)
        #expect(p.send(.buffered(Self.s1, Self.ready)) == [.startClock(Self.s1)])
        #expect(p.state == .playing)
        #expect(p.seekTarget == nil)
        var ended = Self.player(.loading)
        #expect(ended.send(.buffered(Self.s1, Self.endedInput)) == [.startClock(Self.s1)], "a short stream: input ended")
        var paused = Self.player(.loading, wants: false)
        #expect(paused.send(.buffered(Self.s1, Self.ready)) == [])
        #expect(paused.state == .paused)
    }

    @Test("buffering → playing needs 2.5 s after a stall")
    func bufferingReady() {
        var p = Self.player(.buffering)
        #expect(p.send(.buffered(Self.s1, Self.ready)) == [], "1 s is not enough after a stall")
        #expect(p.state == .buffering)
        #expect(p.send(.buffered(Self.s1, BufferReport(aheadSeconds: 2.5, decodedReady: true, inputEnded: false))) == [.startClock(Self.s1)])
        #expect(p.state == .playing)
    }

    @Test("buffered reports in other states are kept, nothing else")
    func bufferedElsewhere() {
        var p = Self.player(.paused)
        #expect(p.send(.buffered(Self.s1, Self.undecoded)) == [])
        #expect(p.state == .paused)
        #expect(p.buffer == Self.undecoded)
    }

    @Test("loading: pause and play only change the intent")
    func loadingIntent() {
        var p = Self.player(.loading)
        #expect(p.send(.pause) == [])
        #expect(p.state == .loading)
        #expect(!p.wantsToPlay)
        #expect(p.send(.togglePause) == [])
        #expect(p.wantsToPlay)
        #expect(p.send(.togglePause) == [])
        #expect(!p.wantsToPlay)
        #expect(p.send(.play) == [])
        #expect(p.wantsToPlay)
    }

    @Test("buffering: pause makes it paused")
    func bufferingPause() {
        var p = Self.player(.buffering)
        #expect(p.send(.pause) == [])
        #expect(p.state == .paused)
        var toggled = Self.player(.buffering)
        #expect(toggled.send(.togglePause) == [])
        #expect(toggled.state == .paused)
    }

    @Test("playing ⇄ paused")
    func pauseResume() {
        var p = Self.player(.playing)
        #expect(p.send(.pause) == [.stopClock(Self.s1)])
        #expect(p.state == .paused)
        #expect(p.send(.play) == [.startClock(Self.s1)], "the last report was ready")
        #expect(p.state == .playing)
        #expect(p.send(.togglePause) == [.stopClock(Self.s1)])
        #expect(p.send(.togglePause) == [.startClock(Self.s1)])
        #expect(p.send(.play) == [], "already playing")
    }

    @Test("paused and not ready: play waits in buffering")
    func pausedNotReady() {
        var p = Self.player(.paused)
        _ = p.send(.seek(5))
        #expect(p.state == .paused)
        #expect(p.send(.play) == [])
        #expect(p.state == .buffering)
        #expect(p.send(.buffered(Self.s1, Self.ready)) == [.startClock(Self.s1)])
    }

    @Test("ended: play starts again from 0")
    func endedPlay() {
        var p = Self.player(.ended)
        #expect(!p.wantsToPlay)
        #expect(p.send(.play) == [.seek(Self.s1, to: 0)])
        #expect(p.state == .buffering)
        #expect(p.seekTarget == 0)
        var toggled = Self.player(.ended)
        #expect(toggled.send(.togglePause) == [.seek(Self.s1, to: 0)])
    }

    @Test("playing: a stall is buffering, counted, the clock stopped")
    func stall() {
        var p = Self.player(.playing)
        #expect(p.send(.stalled(Self.s1)) == [.stopClock(Self.s1)])
        #expect(p.state == .buffering)
        #expect(p.stalls == 1)
        #expect(p.send(.stalled(Self.s1)) == [], "only a playing player stalls")
        #expect(p.stalls == 1)
    }

    @Test("seek in every state")
    func seeks() {
        var loading = Self.player(.loading)
        #expect(loading.send(.seek(4)) == [.seek(Self.s1, to: 4)])
        #expect(loading.state == .loading)
        #expect(loading.seekTarget == 4)
        var playing = Self.player(.playing)
        #expect(playing.send(.seek(4)) == [.stopClock(Self.s1), .seek(Self.s1, to: 4)])
        #expect(playing.state == .buffering)
        #expect(playing.send(.buffered(Self.s1, Self.ready)) == [.startClock(Self.s1)], "after a seek the start threshold applies")
        var buffering = Self.player(.buffering)
        #expect(buffering.send(.seek(4)) == [.seek(Self.s1, to: 4)])
        #expect(buffering.state == .buffering)
        var paused = Self.player(.paused)
        #expect(paused.send(.seek(4)) == [.seek(Self.s1, to: 4)])
        #expect(paused.state == .paused)
        #expect(paused.send(.buffered(Self.s1, Self.ready)) == [])
        #expect(paused.state == .paused)
        #expect(paused.seekTarget == nil)
        var ended = Self.player(.ended)
        #expect(ended.send(.seek(2)) == [.seek(Self.s1, to: 2)])
        #expect(ended.state == .paused)
        var idle = VideoPlayer()
        #expect(idle.send(.seek(2)) == [])
        var nan = Self.player(.playing)
        #expect(nan.send(.seek(.nan)) == [])
    }

    @Test("reachedEnd from playing, buffering, paused")
    func end() {
        for state in [VideoState.playing, .buffering, .paused] {
            var p = Self.player(state)
            #expect(p.send(.reachedEnd(Self.s1)) == [.stopClock(Self.s1)])
            #expect(p.state == .ended)
        }
        var loading = Self.player(.loading)
        #expect(loading.send(.reachedEnd(Self.s1)) == [])
    }

    @Test("failed closes the session; close from failed clears the request")
    func failure() {
        var p = Self.player(.playing)
        #expect(p.send(.failed(Self.s1, "HTTP 404")) == [.close(Self.s1)])
        #expect(p.state == .failed("HTTP 404"))
        #expect(p.session == nil)
        #expect(p.send(.close) == [])
        #expect(p.state == .idle)
        #expect(p.request == nil)
    }

    @Test("close from any state with a session")
    func close() {
        for state in [VideoState.loading, .playing, .paused, .buffering, .ended] {
            var p = Self.player(state)
            #expect(p.send(.close) == [.close(Self.s1)])
            #expect(p.state == .idle)
            #expect(p.session == nil)
            #expect(p.request == nil)
        }
    }

    @Test("reports of other sessions are ignored")
    func stale() {
        var p = Self.player(.playing)
        _ = p.send(.open(Self.other))
        let before = p
        #expect(p.send(.failed(Self.s1, "late")) == [])
        #expect(p.send(.reachedEnd(Self.s1)) == [])
        #expect(p.send(.buffered(Self.s1, Self.ready)) == [])
        #expect(p == before)
    }

    @Test("the example in the documentation")
    func example() {
        var player = VideoPlayer()
        let request = VideoRequest(source: .hls(URL(string: "http://127.0.0.1:8000/master.m3u8")!))
        let s1 = VideoSessionID(1)
        #expect(player.send(.open(request)) == [.load(s1, request, from: nil)])
        #expect(player.send(.opened(s1, VideoInfo(duration: 10, isLive: false))) == [])
        #expect(player.send(.buffered(s1, BufferReport(aheadSeconds: 1, decodedReady: true, inputEnded: false))) == [.startClock(s1)])
        #expect(player.send(.seek(4)) == [.stopClock(s1), .seek(s1, to: 4)])
        #expect(player.state == .buffering)
        #expect(player.send(.reachedEnd(s1)) == [.stopClock(s1)])
        #expect(player.state == .ended)
    }

    @Test("source parsing: http(s) is HLS, anything else a file")
    func sources() {
        #expect(VideoRequest.Source.parse("http://h/a.m3u8") == .hls(URL(string: "http://h/a.m3u8")!))
        #expect(VideoRequest.Source.parse("HTTPS://h/a") == .hls(URL(string: "HTTPS://h/a")!))
        #expect(VideoRequest.Source.parse("file:///tmp/a.mp4") == .file("/tmp/a.mp4"))
        #expect(VideoRequest.Source.parse("clip.mp4") == .file("clip.mp4"))
    }
}
