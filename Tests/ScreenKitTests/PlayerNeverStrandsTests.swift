import DragPhysics
import Testing

@testable import ScreenKit

/// Issue 30, item 3: the player never strands you. The controls stay while the video does not play (paused,
/// ended, failed, loading, buffering) and hide only while it plays; a failure shows a sentence with Retry and Close;
/// the end reads the length.
@Suite struct PlayerNeverStrandsTests {
    static let window = Size(width: 800, height: 600)
    static let playing = VideoScreen.Playback(position: 5, duration: 10, isPlaying: true, videoWidth: 1280, videoHeight: 720)
    static let paused = VideoScreen.Playback(position: 5, duration: 10, isPlaying: false, videoWidth: 1280, videoHeight: 720)
    static let ended = VideoScreen.Playback(position: 9.967, duration: 10, isPlaying: false, videoWidth: 1280, videoHeight: 720,
                                            isEnded: true)
    static let failed = VideoScreen.Playback(
        failure: "playlist http://127.0.0.1:9/v.m3u8: connection refused by 127.0.0.1:9 (is a server listening there?) (after 3 attempts)")

    @Test("the controls hide 3 s after the last input only while the video plays")
    func controlsStayUnlessPlaying() {
        let screen = VideoScreen(openedAt: 0)
        #expect(screen.layout(window: Self.window, playback: Self.playing, at: 2.9).controlsVisible)
        #expect(!screen.layout(window: Self.window, playback: Self.playing, at: 3).controlsVisible)
        for playback in [Self.paused, Self.ended, Self.failed, VideoScreen.Playback(isBusy: true)] {
            #expect(screen.layout(window: Self.window, playback: playback, at: 100).controlsVisible, "\(playback)")
            #expect(screen.controlsVisible(at: 100, playback: playback))
        }
    }

    @Test("a click on ▶ while paused long after the last input plays at once (the controls were showing)")
    func pausedPlayButtonWorks() {
        var screen = VideoScreen(openedAt: 0)
        let point = Point(x: 24, y: 576)
        #expect(screen.handle(.pointerDown(point, time: 60), playback: Self.paused, window: Self.window).isEmpty)
        #expect(screen.handle(.pointerUp(point, time: 60.05), playback: Self.paused, window: Self.window) == [.togglePause])
        #expect(!screen.layout(window: Self.window, playback: Self.paused, at: 60).showsPause, "▶, not ‖")
    }

    @Test("the end reads the length, the seek bar full, ▶ shown")
    func endReadsTheLength() {
        let layout = VideoScreen(openedAt: 0).layout(window: Self.window, playback: Self.ended, at: 50)
        #expect(layout.timeText == "0:10 / 0:10")
        #expect(layout.played == 1)
        #expect(!layout.showsPause)
        let playing = VideoScreen(openedAt: 0).layout(window: Self.window, playback: Self.playing, at: 1)
        #expect(playing.timeText == "0:05 / 0:10", "before the end the frame's time")
    }

    @Test("a failure: the sentence, Retry and Close in a card, no bottom bar; Retry retries, Close closes")
    func failureHasRetryAndClose() throws {
        var screen = VideoScreen(openedAt: 0)
        let layout = screen.layout(window: Self.window, playback: Self.failed, at: 50)
        #expect(layout.failure == .noAnswer)
        #expect(layout.failure?.sentence == "Can't play this video: the server didn't answer.")
        #expect(layout.controlsVisible && !layout.showsSpinner)
        #expect(layout.failurePanel.width == 400 && layout.failurePanel.center.x == 400)
        #expect(layout.control(at: layout.retry.center) == .retry)
        #expect(layout.control(at: layout.dismiss.center) == .dismiss)
        #expect(layout.control(at: Point(x: 24, y: 576)) == nil, "the bar's play button is gone")
        #expect(layout.control(at: Point(x: 28, y: 24)) == .close, "✕ stays")
        _ = screen.handle(.pointerDown(layout.retry.center, time: 51), playback: Self.failed, window: Self.window)
        #expect(screen.handle(.pointerUp(layout.retry.center, time: 51.05), playback: Self.failed, window: Self.window) == [.retry])
        _ = screen.handle(.pointerDown(layout.dismiss.center, time: 52), playback: Self.failed, window: Self.window)
        #expect(screen.handle(.pointerUp(layout.dismiss.center, time: 52.05), playback: Self.failed, window: Self.window) == [.close])
        #expect(screen.handle(.key(.enter, time: 53), playback: Self.failed, window: Self.window) == [.retry])
        #expect(screen.handle(.key(.space, time: 54), playback: Self.failed, window: Self.window) == [.retry])
        #expect(screen.handle(.key(.escape, time: 55), playback: Self.failed, window: Self.window) == [.close])
    }

    @Test("the failure's reason, from the engine's lines")
    func failureReasons() {
        let cases: [(String, VideoScreen.Failure)] = [
            ("playlist http://127.0.0.1:9/v.m3u8: connection refused by 127.0.0.1:9 (is a server listening there?) (after 3 attempts)", .noAnswer),
            ("playlist http://example.invalid/v.m3u8: cannot resolve host \"example.invalid\": no such host", .noAnswer),
            ("segment 3 (http://h/s3.ts): no data for 15 seconds (after 4 attempts)", .noAnswer),
            ("playlist http://h/v.m3u8: HTTP 404 Not Found", .notFound),
            ("playlist http://h/v.m3u8: HTTP 403 Forbidden", .refused),
            ("playlist http://h/v.m3u8: HTTP 503 Service Unavailable (after 3 attempts)", .serverError),
            ("segment 0 (http://h/s0.ts): connection to 127.0.0.1:80 reset (after 4 attempts)", .connectionLost),
            ("playlist http://h/v.m3u8 line 1: first line must be #EXTM3U (RFC 8216 §4.3.1.1)", .unsupported),
            ("no variant can be played", .unsupported),
            ("something else", .other),
        ]
        for (line, reason) in cases { #expect(VideoScreen.Failure(line) == reason, "\(line)") }
        for reason in VideoScreen.Failure.allCases { #expect(reason.sentence.hasPrefix("Can't play this video")) }
    }
}

/// Issue 30, item 1: over a feed's screens the circle starts docked at the bottom right, above the tab bar, and the
/// screens keep its room free of text.
@Suite struct CircleHomeTests {
    @Test("home: docked right, above the tab bar; it follows a resize until the user moves it")
    func home() {
        var shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60, circleHome: .bottomTrailing)
        #expect(shell.circle.center(at: 0) == Point(x: 740, y: 600 - 56 - 12 - 60))
        #expect(shell.circle.dockedEdge(at: 0) == .right)
        shell.send(.resized(Size(width: 1280, height: 800), time: 1))
        #expect(shell.circle.center(at: 1) == Point(x: 1220, y: 800 - 56 - 12 - 60))
        // A tap plays and pauses: it stays home.
        shell.send(.pointerDown(Point(x: 1220, y: 672), time: 2))
        #expect(shell.send(.pointerUp(Point(x: 1220, y: 672), time: 2.05)) == [.circleTapped])
        #expect(shell.isCircleAtHome)
        // A drag makes the place the user's: a resize then only keeps it inside.
        shell.send(.pointerDown(Point(x: 1220, y: 672), time: 3))
        for step in 1 ... 10 { shell.send(.pointerMoved(Point(x: 1220 - Double(step) * 30, y: 672 - Double(step) * 20), time: 3 + Double(step) * 0.05)) }
        shell.send(.pointerUp(Point(x: 920, y: 472), time: 4.5))
        #expect(!shell.isCircleAtHome)
        let dropped = shell.circle.center(at: 5)
        shell.send(.resized(Size(width: 1200, height: 800), time: 5))
        #expect(shell.circle.center(at: 5) == dropped)
    }

    @Test("an arrow key pushes it away from home")
    func arrowLeavesHome() {
        var shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60, circleHome: .bottomTrailing)
        shell.send(.key(.left, time: 0))
        #expect(!shell.isCircleAtHome)
    }

    @Test("the player alone keeps the centred circle and reserves nothing")
    func centre() {
        let shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60)
        #expect(shell.circle.center(at: 0) == Point(x: 400, y: 300))
        #expect(shell.circleReserve == Size(width: 0, height: 0))
    }

    @Test("a list keeps room after its last row: scrolled to the end, the last row ends above the circle and its caption")
    func listEndsAboveTheCircle() throws {
        var shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60, circleHome: .bottomTrailing)
        let rows = (0 ..< 30).map { ListRow(id: RowID("r\($0)"), title: "Row \($0)") }
        shell.push(Screen(id: "list", title: "List", body: .list(ScrollingList(rows: rows)),
                          tabs: TabBar(items: [TabBar.Item(id: "a", title: "A")])), at: 0)
        let list = try #require(shell.top?.list)
        #expect(list.endInset == shell.circleReserve.height)
        shell.send(.wheel(dx: 0, dy: -100, at: Point(x: 300, y: 300), time: 1))
        let last = try #require(shell.visibleRows(at: 10).last { $0.row.id == "r29" })
        let circleTop = shell.circle.center(at: 10).y - 60
        let captionTop = circleTop - 10 - 2 * TextStyle.caption.lineHeight - 8
        #expect(last.frame.maxY <= captionTop, "the last row (\(last.frame)) clears the caption above the circle (\(captionTop))")
    }

    @Test("a details paragraph wraps short of the circle's column")
    func detailsParagraphClearsTheCircle() {
        let shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60, circleHome: .bottomTrailing)
        let details = DetailsScreen(title: "T", paragraph: String(repeating: "word ", count: 200))
        var alone = Shell(size: Size(width: 800, height: 600), circleRadius: 60)
        alone.push(Screen(id: "d", title: "D", body: .details(details)), at: 0)
        var feed = shell
        feed.push(Screen(id: "d", title: "D", body: .details(details)), at: 0)
        let reserved = feed.frame(at: 0).screen?.detailsLayout?.paragraph
        let full = alone.frame(at: 0).screen?.detailsLayout?.paragraph
        #expect(full?.maxX == 776)
        #expect(reserved.map { $0.maxX <= 800 - 120 } == true, "\(String(describing: reserved))")
    }
}

/// Issue 30, item 6: the window's title names the app and the screen, or the video.
@Suite struct WindowTitleTests {
    @Test func titles() {
        #expect(WindowTitle.text(app: "Interlochen", screen: "Radio", video: nil, player: "CirclePlayer") == "Interlochen — Radio")
        #expect(WindowTitle.text(app: "Vimeo", screen: "Albums", video: "Night Drive", player: "CirclePlayer") == "Night Drive — Vimeo")
        #expect(WindowTitle.text(app: "Vimeo", screen: "Player", video: "", player: "CirclePlayer") == "Video — Vimeo")
        #expect(WindowTitle.text(app: "SportBuff", screen: nil, video: nil, player: "CirclePlayer — playing") == "SportBuff")
        #expect(WindowTitle.text(app: "Mini iPlayer", screen: "Mini iPlayer", video: nil, player: "x") == "Mini iPlayer")
        #expect(WindowTitle.text(app: nil, screen: nil, video: nil, player: "CirclePlayer — fetching 40 %") == "CirclePlayer — fetching 40 %")
        #expect(WindowTitle.text(app: nil, screen: nil, video: "Clip", player: "CirclePlayer — playing") == "Clip — CirclePlayer")
    }
}
