import DragPhysics
import Testing

@testable import ScreenKit

/// The window of these tests. Its geometry (see ``VideoScreenLayout``): the bar is y 552..<600; play/pause
/// x 0..<48, the seek bar x 60..<460 (400 wide), the time 472..<608, mute 608..<656, volume 656..<752 (96 wide),
/// fullscreen 752..<800; the top bar y 0..<48 with close x 0..<56 and the title from x 64.
private let window = Size(width: 800, height: 600)
private let barY = 576.0
private let playPausePoint = Point(x: 24, y: barY)
private let mutePoint = Point(x: 632, y: barY)
private let fullscreenPoint = Point(x: 776, y: barY)
private let closePoint = Point(x: 28, y: 24)
private let timePoint = Point(x: 540, y: barY)
private let titlePoint = Point(x: 400, y: 24)
private let picturePoint = Point(x: 400, y: 300)

/// A 100 s VOD stream at 25 s, half volume, 40 s buffered, a 1280 × 720 frame on screen.
private let vod = VideoScreen.Playback(
    position: 25, duration: 100, isPlaying: true, bufferedEnd: 40, volume: 0.5, videoWidth: 1280, videoHeight: 720,
    title: "Clip")
private let live = VideoScreen.Playback(position: 5, isLive: true, isPlaying: true, volume: 0.5)

extension VideoScreen {
    /// Sends `event` in the test window.
    mutating func send(_ event: ShellEvent, _ playback: VideoScreen.Playback = vod) -> [Command] {
        handle(event, playback: playback, window: window)
    }

    /// A click: down and up at `point`, 50 ms apart, starting at `t`.
    mutating func click(_ point: Point, at t: Double, _ playback: VideoScreen.Playback = vod) -> [Command] {
        let down = send(.pointerDown(point, time: t), playback)
        #expect(down.isEmpty, "a press alone sends nothing")
        return send(.pointerUp(point, time: t + 0.05), playback)
    }

    /// The layout in the test window.
    func layout(at t: Double, _ playback: VideoScreen.Playback = vod) -> VideoScreenLayout {
        layout(window: window, playback: playback, at: t)
    }
}

/// One row of the key table.
struct KeyCase: Sendable, CustomTestStringConvertible {
    let key: ShellKey
    let volume: Double
    let muted: Bool
    let expected: [VideoScreen.Command]
    var testDescription: String { "\(key) at volume \(volume)\(muted ? ", muted" : "")" }

    static let all: [KeyCase] = [
        KeyCase(key: .space, volume: 0.5, muted: false, expected: [.togglePause]),
        KeyCase(key: .k, volume: 0.5, muted: false, expected: [.togglePause]),
        KeyCase(key: .left, volume: 0.5, muted: false, expected: [.skip(by: -5)]),
        KeyCase(key: .right, volume: 0.5, muted: false, expected: [.skip(by: 5)]),
        KeyCase(key: .up, volume: 0.5, muted: false, expected: [.setVolume(0.6)]),
        KeyCase(key: .down, volume: 0.5, muted: false, expected: [.setVolume(0.4)]),
        KeyCase(key: .up, volume: 0.7, muted: false, expected: [.setVolume(0.8)]),  // not 0.7999999999999999
        KeyCase(key: .up, volume: 0.95, muted: false, expected: [.setVolume(1)]),
        KeyCase(key: .up, volume: 1, muted: false, expected: [.setVolume(1)]),
        KeyCase(key: .up, volume: 7, muted: false, expected: [.setVolume(1)]),  // a bad report is clamped
        KeyCase(key: .up, volume: .nan, muted: false, expected: [.setVolume(0.1)]),
        KeyCase(key: .down, volume: 0.05, muted: false, expected: [.setVolume(0)]),
        KeyCase(key: .down, volume: 0, muted: false, expected: [.setVolume(0)]),
        KeyCase(key: .up, volume: 0.5, muted: true, expected: [.setVolume(0.6)]),  // mpv's `add volume` keeps mute
        KeyCase(key: .m, volume: 0.5, muted: false, expected: [.setMuted(true)]),
        KeyCase(key: .m, volume: 0.5, muted: true, expected: [.setMuted(false)]),
        KeyCase(key: .f, volume: 0.5, muted: false, expected: [.setFullscreen(true)]),
        KeyCase(key: .escape, volume: 0.5, muted: false, expected: [.close]),
        KeyCase(key: .backspace, volume: 0.5, muted: false, expected: []),
        KeyCase(key: .enter, volume: 0.5, muted: false, expected: []),
    ]
}

@Suite("VideoScreen: the player screen's keys, clicks, timer and layout")
struct VideoScreenTests {
    @Test("each key sends its command (mpv's keys, the issue's ↑/↓ volume and K)", arguments: KeyCase.all)
    func keyTable(_ row: KeyCase) {
        var screen = VideoScreen(openedAt: 0)
        var playback = vod
        playback.volume = row.volume
        playback.muted = row.muted
        #expect(screen.send(.key(row.key, time: 1), playback) == row.expected)
    }

    @Test("the key table covers every key")
    func keyTableIsComplete() {
        #expect(Set(KeyCase.all.map(\.key)) == Set(ShellKey.allCases))
    }

    @Test("ten ↑ from silence reach exactly 1, ten ↓ from full exactly 0")
    func volumeSteps() {
        var screen = VideoScreen(openedAt: 0)
        var playback = vod
        playback.volume = 0
        for step in 1...12 {
            guard case .setVolume(let volume)? = screen.send(.key(.up, time: Double(step)), playback).first else {
                Issue.record("↑ sent no volume"); return
            }
            playback.volume = volume
        }
        #expect(playback.volume == 1)
        for step in 1...12 {
            guard case .setVolume(let volume)? = screen.send(.key(.down, time: Double(step)), playback).first else {
                Issue.record("↓ sent no volume"); return
            }
            playback.volume = volume
        }
        #expect(playback.volume == 0)
    }

    @Test("typed text, the wheel, resizes, ticks and closing the window send nothing (F arrives as a key and as text)")
    func inertEvents() {
        var screen = VideoScreen(openedAt: 0)
        #expect(screen.send(.text("f", time: 1)).isEmpty)
        #expect(screen.send(.text(" ", time: 1)).isEmpty)
        #expect(screen.send(.wheel(dx: 0, dy: 3, at: picturePoint, time: 1)).isEmpty)
        #expect(screen.send(.resized(Size(width: 400, height: 300), time: 1)).isEmpty)
        #expect(screen.send(.tick(time: 1)).isEmpty)
        #expect(screen.send(.windowClosed(time: 1)).isEmpty)
        #expect(!screen.fullscreen)
        #expect(screen.nextDeadline == 3, "none of them showed the controls again")
    }

    // MARK: The hide timer

    @Test("with no input at all the controls hide exactly 3 s after play begins")
    func hidesAfterThreeSeconds() {
        for start in [0.0, 10.0, 1234.5] {
            let screen = VideoScreen(openedAt: start)
            #expect(screen.controlsVisible(at: start))
            #expect(screen.controlsVisible(at: start + 2.999))
            #expect(!screen.controlsVisible(at: start + 3))
            #expect(!screen.controlsVisible(at: start + 100))
            #expect(screen.nextDeadline == start + 3)
            #expect(screen.layout(at: start + 2.999).controlsVisible)
            #expect(!screen.layout(at: start + 3).controlsVisible)
        }
    }

    @Test("motion shows the controls again and restarts the 3 s; the deadline follows and clears once passed")
    func motionRestartsTheTimer() {
        var screen = VideoScreen(openedAt: 0)
        screen.send(.pointerMoved(picturePoint, time: 2))
        #expect(screen.nextDeadline == 5)
        #expect(screen.controlsVisible(at: 4.999) && !screen.controlsVisible(at: 5))
        screen.send(.tick(time: 4))
        #expect(screen.nextDeadline == 5, "a tick before the deadline keeps it")
        screen.send(.tick(time: 5))
        #expect(screen.nextDeadline == nil, "passed: an idle loop waits for input now")
        #expect(!screen.controlsVisible(at: 5) && !screen.controlsVisible(at: 6))
        screen.send(.pointerMoved(picturePoint, time: 9))
        #expect(screen.controlsVisible(at: 9) && screen.controlsVisible(at: 11.999) && !screen.controlsVisible(at: 12))
        #expect(screen.nextDeadline == 12)
    }

    @Test("keys, presses and showControls(at:) show the controls too")
    func otherInputShows() {
        var screen = VideoScreen(openedAt: 0)
        screen.send(.key(.left, time: 10))
        #expect(screen.controlsVisible(at: 12.5) && !screen.controlsVisible(at: 13))
        screen.send(.pointerDown(picturePoint, time: 20))
        #expect(screen.controlsVisible(at: 22.9))
        screen.send(.pointerUp(picturePoint, time: 21))
        #expect(screen.nextDeadline == 24)
        screen.showControls(at: 30)
        #expect(screen.nextDeadline == 33)
    }

    // MARK: Double-click

    @Test("a double-click on the picture toggles fullscreen; a single click does nothing (no pause on click)")
    func doubleClick() {
        var screen = VideoScreen(openedAt: 0)
        #expect(screen.click(picturePoint, at: 10).isEmpty)
        #expect(screen.click(picturePoint, at: 10.2) == [.setFullscreen(true)])
        #expect(screen.fullscreen)
        #expect(screen.click(picturePoint, at: 11).isEmpty)
        #expect(screen.click(Point(x: 404, y: 296), at: 11.2) == [.setFullscreen(false)], "within 8 points")
        #expect(!screen.fullscreen)
        // On the letterbox bars too, and with the controls showing (the picture is not a control).
        #expect(screen.click(Point(x: 400, y: 60), at: 12).isEmpty)
        #expect(screen.click(Point(x: 400, y: 60), at: 12.1) == [.setFullscreen(true)])
    }

    @Test("two slow clicks, or two far apart, are two single clicks; a triple-click toggles once")
    func notADoubleClick() {
        var screen = VideoScreen(openedAt: 0)
        // Ups 0.35 s apart: too slow (0.3 s is mpv's --input-doubleclick-time default).
        #expect(screen.click(picturePoint, at: 10).isEmpty)
        #expect(screen.click(picturePoint, at: 10.35).isEmpty)
        // 8.5 points apart: too far.
        #expect(screen.click(Point(x: 100, y: 200), at: 20).isEmpty)
        #expect(screen.click(Point(x: 108.5, y: 200), at: 20.1).isEmpty)
        // Exactly 8 points apart and 0.25 s: a double-click.
        #expect(screen.click(Point(x: 100, y: 300), at: 30).isEmpty)
        #expect(screen.click(Point(x: 100, y: 308), at: 30.25) == [.setFullscreen(true)])
        // A triple-click: the third click starts a new pair.
        #expect(screen.click(picturePoint, at: 40).isEmpty)
        #expect(screen.click(picturePoint, at: 40.1) == [.setFullscreen(false)])
        #expect(screen.click(picturePoint, at: 40.2).isEmpty)
        #expect(!screen.fullscreen)
    }

    @Test("a click on a control between two picture clicks breaks the double-click")
    func controlBreaksDoubleClick() {
        var screen = VideoScreen(openedAt: 0)
        #expect(screen.click(picturePoint, at: 1).isEmpty)
        #expect(screen.click(mutePoint, at: 1.1) == [.setMuted(true)])
        #expect(screen.click(picturePoint, at: 1.2).isEmpty)
        #expect(!screen.fullscreen)
    }

    // MARK: Fullscreen and Escape

    @Test("Escape leaves fullscreen, then closes; F and the button toggle")
    func escape() {
        var screen = VideoScreen(openedAt: 0)
        #expect(screen.send(.key(.f, time: 1)) == [.setFullscreen(true)])
        #expect(screen.fullscreen)
        #expect(screen.send(.key(.escape, time: 2)) == [.setFullscreen(false)])
        #expect(!screen.fullscreen)
        #expect(screen.send(.key(.escape, time: 3)) == [.close])
        #expect(screen.click(fullscreenPoint, at: 4) == [.setFullscreen(true)])
        #expect(screen.click(fullscreenPoint, at: 5) == [.setFullscreen(false)])

        var opened = VideoScreen(openedAt: 0, fullscreen: true)
        #expect(opened.send(.key(.escape, time: 1)) == [.setFullscreen(false)])
        #expect(opened.send(.key(.escape, time: 2)) == [.close])
    }

    @Test("the window manager's own fullscreen changes: the screen follows without a command; Escape and F go on from there")
    func windowManagerFullscreen() {
        var screen = VideoScreen(openedAt: 0)
        #expect(screen.send(.key(.f, time: 1)) == [.setFullscreen(true)])
        // The manager's shortcut took the window out: one Escape now closes (before, it only cleared the flag).
        #expect(screen.send(.fullscreenChanged(false, time: 2)).isEmpty)
        #expect(!screen.fullscreen)
        #expect(screen.send(.key(.escape, time: 3)) == [.close])

        var entered = VideoScreen(openedAt: 0)
        #expect(entered.send(.fullscreenChanged(true, time: 1)).isEmpty)
        #expect(entered.fullscreen)
        #expect(entered.send(.key(.f, time: 2)) == [.setFullscreen(false)], "F leaves what the manager entered")
        #expect(entered.send(.fullscreenChanged(true, time: 3)).isEmpty)
        #expect(entered.send(.key(.escape, time: 4)) == [.setFullscreen(false)])
    }

    // MARK: Buttons

    @Test("the buttons send their commands while the controls show")
    func buttons() {
        var screen = VideoScreen(openedAt: 0)
        #expect(screen.click(playPausePoint, at: 0.5) == [.togglePause])
        #expect(screen.click(mutePoint, at: 1) == [.setMuted(true)])
        var muted = vod
        muted.muted = true
        #expect(screen.click(mutePoint, at: 1.5, muted) == [.setMuted(false)])
        #expect(screen.click(Point(x: 656 + 48, y: barY), at: 2) == [.setVolume(0.5)])
        #expect(screen.click(Point(x: 656 + 24, y: barY), at: 2.5) == [.setVolume(0.25)])
        #expect(screen.click(Point(x: 656, y: barY), at: 3) == [.setVolume(0)])
        #expect(screen.click(closePoint, at: 3.5) == [.close])
    }

    @Test("a click while the controls are hidden only shows them; the next one acts")
    func clickWhileHidden() {
        var screen = VideoScreen(openedAt: 0)
        #expect(!screen.controlsVisible(at: 10))
        #expect(screen.click(playPausePoint, at: 10).isEmpty)
        #expect(screen.controlsVisible(at: 10.05))
        #expect(screen.click(playPausePoint, at: 11) == [.togglePause])
        #expect(screen.click(closePoint, at: 20).isEmpty)
        #expect(screen.click(closePoint, at: 21) == [.close])
    }

    @Test("a press lifted off its button does nothing; the time text and the title are not buttons nor picture")
    func pressesThatDoNothing() {
        var screen = VideoScreen(openedAt: 0)
        screen.send(.pointerDown(playPausePoint, time: 1))
        #expect(screen.layout(at: 1).pressed == .playPause)
        #expect(screen.send(.pointerUp(mutePoint, time: 1.1)).isEmpty)
        #expect(screen.layout(at: 1.1).pressed == nil)
        screen.send(.pointerDown(closePoint, time: 2))
        #expect(screen.send(.pointerCancelled(time: 2.1)).isEmpty)
        #expect(screen.send(.pointerUp(closePoint, time: 2.2)).isEmpty, "cancelled: the lift is stray")
        for point in [timePoint, titlePoint] {
            #expect(screen.click(point, at: 3).isEmpty)
            #expect(screen.click(point, at: 3.1).isEmpty, "not a double-click on the picture")
        }
        #expect(!screen.fullscreen)
    }

    @Test("after a resize the controls are hit where the new layout puts them")
    func resize() {
        var screen = VideoScreen(openedAt: 0)
        let small = Size(width: 400, height: 300)
        #expect(screen.handle(.resized(small, time: 1), playback: vod, window: small).isEmpty)
        let fullscreenButton = screen.layout(window: small, playback: vod, at: 1).fullscreen
        #expect(fullscreenButton == Rect(x: 352, y: 252, width: 48, height: 48))
        screen.handle(.pointerDown(fullscreenButton.center, time: 2), playback: vod, window: small)
        #expect(screen.handle(.pointerUp(fullscreenButton.center, time: 2.1), playback: vod, window: small) == [.setFullscreen(true)])
    }

    // MARK: The seek bar

    @Test("dragging the seek bar: played follows the pointer (clamped), the controls stay, lifting seeks")
    func seekBarDrag() {
        var screen = VideoScreen(openedAt: 0)
        #expect(screen.layout(at: 1).played == 0.25, "25 s of 100")
        screen.send(.pointerDown(Point(x: 160, y: barY), time: 1))
        #expect(screen.isDraggingSeekBar)
        do {
            let layout = screen.layout(at: 1)
            #expect(layout.played == 0.25 && layout.pressed == .seekBar && layout.timeText == "0:25 / 1:40")
        }
        screen.send(.pointerMoved(Point(x: 360, y: 200), time: 2))  // off the bar vertically: still dragging
        #expect(screen.layout(at: 2).played == 0.75)
        #expect(screen.layout(at: 2).timeText == "1:15 / 1:40", "the drag's time")
        screen.send(.pointerMoved(Point(x: 900, y: barY), time: 3))
        #expect(screen.layout(at: 3).played == 1, "past the end pins at 1")
        #expect(screen.controlsVisible(at: 60) && screen.layout(at: 60).controlsVisible, "held while dragging")
        #expect(screen.nextDeadline == nil)
        screen.send(.pointerMoved(Point(x: -50, y: barY), time: 4))
        #expect(screen.layout(at: 4).played == 0, "before the start pins at 0")
        #expect(screen.send(.pointerUp(Point(x: 260, y: barY), time: 70)) == [.seek(to: 50)])
        #expect(!screen.isDraggingSeekBar)
        #expect(screen.nextDeadline == 73, "3 s after the lift")
        #expect(screen.layout(at: 70).played == 0.25, "back to the player's position until it reports the seek")
    }

    @Test("lifting outside the bar seeks to the clamped end; a cancelled drag does not seek")
    func seekBarEnds() {
        var screen = VideoScreen(openedAt: 0)
        screen.send(.pointerDown(Point(x: 60, y: barY), time: 1))
        #expect(screen.send(.pointerUp(Point(x: -10, y: 10), time: 1.5)) == [.seek(to: 0)])
        screen.send(.pointerDown(Point(x: 459, y: barY), time: 2))
        #expect(screen.send(.pointerUp(Point(x: 799, y: 599), time: 2.5)) == [.seek(to: 100)])
        screen.send(.pointerDown(Point(x: 200, y: barY), time: 3))
        #expect(screen.send(.pointerCancelled(time: 3.5)).isEmpty)
        #expect(screen.send(.pointerUp(Point(x: 200, y: barY), time: 3.6)).isEmpty)
        #expect(!screen.isDraggingSeekBar)
    }

    @Test("live, unknown, zero or NaN durations: the seek bar neither drags nor seeks")
    func seekBarWithoutDuration() {
        var unknown = vod
        unknown.duration = nil
        var zero = vod
        zero.duration = 0
        var nan = vod
        nan.duration = .nan
        var vodMarkedLive = vod
        vodMarkedLive.isLive = true
        for playback in [live, unknown, zero, nan, vodMarkedLive] {
            var screen = VideoScreen(openedAt: 0)
            screen.send(.pointerDown(Point(x: 160, y: barY), time: 1), playback)
            #expect(!screen.isDraggingSeekBar)
            #expect(screen.layout(at: 1, playback).played == 0)
            #expect(screen.send(.pointerUp(Point(x: 160, y: barY), time: 1.1), playback).isEmpty)
        }
        // A duration lost during a drag: the lift does not seek.
        var screen = VideoScreen(openedAt: 0)
        screen.send(.pointerDown(Point(x: 160, y: barY), time: 1))
        #expect(screen.send(.pointerUp(Point(x: 160, y: barY), time: 1.1), unknown).isEmpty)
    }

    @Test("a press on the seek bar while the controls are hidden only shows them")
    func seekBarWhileHidden() {
        var screen = VideoScreen(openedAt: 0)
        screen.send(.pointerDown(Point(x: 160, y: barY), time: 10))
        #expect(!screen.isDraggingSeekBar)
        #expect(screen.send(.pointerUp(Point(x: 160, y: barY), time: 10.1)).isEmpty)
    }

    // MARK: Layout

    @Test("the bar's values: played, buffered, time text, pause, spinner, mute, volume, title")
    func layoutValues() {
        let screen = VideoScreen(openedAt: 0)
        do {
            let layout = screen.layout(at: 1)
            #expect(layout.played == 0.25 && layout.buffered == 0.4)
            #expect(layout.timeText == "0:25 / 1:40")
            #expect(layout.showsPause && !layout.showsSpinner && !layout.muted && layout.volumeLevel == 0.5)
            #expect(layout.titleText == "Clip")
            #expect(layout.pressed == nil)
        }
        do {
            let layout = screen.layout(at: 1, live)
            #expect(layout.timeText == "LIVE" && layout.played == 0 && layout.buffered == 0)
        }
        do {
            var odd = vod
            odd.position = .nan
            odd.bufferedEnd = 250
            odd.volume = -3
            odd.isPlaying = false
            odd.isBusy = true
            odd.muted = true
            let layout = screen.layout(at: 1, odd)
            #expect(layout.played == 0 && layout.buffered == 1 && layout.timeText == "0:00 / 1:40")
            #expect(!layout.showsPause && layout.showsSpinner && layout.muted && layout.volumeLevel == 0)
        }
        do {
            var unknown = vod
            unknown.duration = nil
            unknown.position = 5
            #expect(screen.layout(at: 1, unknown).timeText == "0:05")
            #expect(screen.layout(at: 1, unknown).buffered == 0)
        }
        do {
            var beyond = vod
            beyond.position = 130
            #expect(screen.layout(at: 1, beyond).played == 1)
        }
    }

    @Test("the controls' rectangles in an 800 × 600 window; nothing is hit while they are hidden")
    func geometry() {
        let screen = VideoScreen(openedAt: 0)
        let layout = screen.layout(at: 1)
        #expect(layout.bar == Rect(x: 0, y: 552, width: 800, height: 48))
        #expect(layout.topBar == Rect(x: 0, y: 0, width: 800, height: 48))
        #expect(layout.playPause == Rect(x: 0, y: 552, width: 48, height: 48))
        #expect(layout.seekBar == Rect(x: 60, y: 552, width: 400, height: 48))
        #expect(layout.time == Rect(x: 472, y: 552, width: 136, height: 48))
        #expect(layout.mute == Rect(x: 608, y: 552, width: 48, height: 48))
        #expect(layout.volume == Rect(x: 656, y: 552, width: 96, height: 48))
        #expect(layout.fullscreen == Rect(x: 752, y: 552, width: 48, height: 48))
        #expect(layout.close == Rect(x: 0, y: 0, width: 56, height: 48))
        #expect(layout.title == Rect(x: 64, y: 0, width: 672, height: 48))
        // Retry and Close exist only on a failure's panel (PlayerNeverStrandsTests).
        for control in VideoScreen.Control.allCases where control != .retry && control != .dismiss {
            #expect(layout.control(at: layout.frame(of: control).center) == control)
        }
        #expect(layout.control(at: picturePoint) == nil && layout.control(at: timePoint) == nil)
        let hidden = screen.layout(at: 3)
        #expect(!hidden.controlsVisible)
        #expect(VideoScreen.Control.allCases.allSatisfy { hidden.control(at: hidden.frame(of: $0).center) == nil })
        #expect(!hidden.isOnControls(timePoint))
    }

    @Test("tiny and empty windows give no negative sizes and no picture")
    func tinyWindows() {
        let screen = VideoScreen(openedAt: 0)
        for size in [Size(width: 0, height: 0), Size(width: 100, height: 30), Size(width: 200, height: 600), Size(width: -5, height: -5)] {
            let layout = screen.layout(window: size, playback: vod, at: 1)
            let rects = [layout.bar, layout.topBar, layout.title, layout.time] + VideoScreen.Control.allCases.map(layout.frame(of:))
            #expect(rects.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.width >= 0 && $0.height >= 0 }, "\(size)")
            #expect(layout.seekFraction(atX: 50) >= 0 && layout.seekFraction(atX: 50) <= 1)
        }
        #expect(screen.layout(window: Size(width: 0, height: 0), playback: vod, at: 1).picture == nil)
    }

    @Test("letterbox: wide, tall, equal aspect, square, and no area")
    func letterbox() {
        func box(_ w: Int, _ h: Int, _ window: Size = Size(width: 800, height: 600)) -> Rect? {
            VideoScreenLayout.letterbox(videoWidth: w, videoHeight: h, in: window)
        }
        #expect(box(1920, 1080) == Rect(x: 0, y: 75, width: 800, height: 450), "wide: bars above and below")
        #expect(box(1080, 1920) == Rect(x: 231, y: 0, width: 338, height: 600), "tall: 337.5 rounds to 338, bars at the sides")
        #expect(box(400, 300) == Rect(x: 0, y: 0, width: 800, height: 600), "the window's aspect fills it")
        #expect(box(4000, 3000) == Rect(x: 0, y: 0, width: 800, height: 600), "scaled down too")
        #expect(box(100, 100) == Rect(x: 100, y: 0, width: 600, height: 600))
        #expect(box(1280, 720, Size(width: 1280, height: 720)) == Rect(x: 0, y: 0, width: 1280, height: 720))
        #expect(box(0, 0) == nil && box(1280, 0) == nil && box(0, 720) == nil && box(-2, 720) == nil)
        #expect(box(1280, 720, Size(width: 0, height: 0)) == nil)
        #expect(box(1280, 720, Size(width: 800, height: 0)) == nil)
        #expect(box(1280, 720, Size(width: .nan, height: 600)) == nil)
        // A 10000:1 strip in a small window keeps at least one point of height.
        #expect(box(10000, 1, Size(width: 100, height: 100)) == Rect(x: 0, y: 49, width: 100, height: 1))
        // The layout carries it, and none before the first frame.
        let screen = VideoScreen(openedAt: 0)
        #expect(screen.layout(at: 1).picture == Rect(x: 0, y: 75, width: 800, height: 450))
        #expect(screen.layout(at: 1, VideoScreen.Playback()).picture == nil)
    }

    @Test("clock text", arguments: [
        (0.0, "0:00"), (5, "0:05"), (59.9, "0:59"), (60, "1:00"), (61, "1:01"), (599, "9:59"), (3599.99, "59:59"),
        (3600, "1:00:00"), (3601, "1:00:01"), (3723, "1:02:03"), (36000, "10:00:00"),
        (-1, "0:00"), (-0.5, "0:00"), (.nan, "0:00"), (.infinity, "0:00"), (-.infinity, "0:00"), (1e300, "99999:00:00"),
    ])
    func clock(_ seconds: Double, _ text: String) {
        #expect(VideoScreen.clock(seconds) == text)
    }
}
