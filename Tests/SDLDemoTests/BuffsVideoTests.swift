import Foundation
import Samples
import Testing
import TestSupport

/// `SDLDemo --app buffs` over a playing video (issue 19, seed 004: the panels over the host app's video): the
/// embedded sample video plays under the panel (the circle hides while it shows, issue 30), one clock runs the
/// countdown and the video, pausing the video leaves the buff schedule running, a vote still works, the video's keys
/// reach it while the panel's clicks do not, and Escape closes the window. Judged by the trace (`buff`,
/// `secondsLeft`, `highlighted`, `leaving`, the `video` object, `state`) and screenshot pixels.
@Suite("Buffs over a playing video", .serialized, .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct BuffsVideoTests {
    @Test("the sample plays under the panel (no circle over it); pause keeps the schedule and the controls; a vote; Space reaches the video; Escape closes the window")
    func panelOverSample() async throws {
        // Buff 2 (three answers) shows 12 s in; its first answer's row.
        let row0 = BuffsAppTests.answerRowY(0, count: 3)
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-video playing 60000
            0 wait-buff 155 30000
            0 wait-position 2 30000
            0 screenshot over.png
            0 key space
            0 wait-video paused 10000
            0 wait-no-buff 20000
            0 wait-buff 2 30000
            0 tap 300 \(row0)
            0 wait-no-buff 5000
            0 move 600 200
            200 key space
            200 wait-video playing 10000
            400 tap 400 300
            500 key escape
            9000 quit
            """, arguments: ["--app", "buffs", "--buff-interval", "12", "--script-fps", "100"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()

        // Playing with the panel fully in; the `video` object as `--video` writes it, `screen` as before.
        let playing = try #require(frames.first { $0.video?.state == "playing" && $0.buff == 155 && $0.slide == 1 })
        #expect(playing.screen == nil)
        let rect = try #require(frames.last { $0.video?.state == "playing" }?.video?.rect)
        #expect(abs(rect[2] - 800) < 1, "letterboxed to the window's width: \(rect)")

        // The picture around the panel (the sample's gradient: no black above the panel and right of it), no circle
        // over the picture (issue 30), the panel's rows over it.
        let over = try LoadedImage(contentsOf: run.file("over.png"))
        let panelTop = BuffsAppTests.panelAreaBottom - 12 - (152 + 2 * 38 + 6)
        let top = Int(rect[1].rounded(.up)) + 10
        for (x, y) in [(200, top), (200, panelTop - 8), (740, top), (740, Int(rect[1] + rect[3]) - 8)] {
            let p = over.rgba(x, y)
            #expect(p.r + p.g + p.b > 120, "the picture at (\(x), \(y)): \(p)")
        }
        #expect(frames.filter { $0.video != nil }.allSatisfy { $0.circle == "hidden" }, "no circle over the video")
        #expect(over.pixel(300, BuffsAppTests.answerRowY(0, count: 2), is: BuffsAppTests.answer, tolerance: 3))

        // The panel keeps clear of the player's control bar (the last 48 pt) whenever a video is open under it, so
        // the play button and the seek bar are never under the card.
        let drawn = frames.filter { $0.video != nil && $0.panel != nil }
        #expect(!drawn.isEmpty)
        for frame in drawn {
            let panel = try #require(frame.panel)
            #expect(panel[1] + panel[3] <= 600 - 48 - 12 + 0.5, "the panel over the control bar: \(panel)")
        }

        // Paused: the position holds while buff 155 counts down to its own hide, 10 s after it came in.
        let pausedAt = try #require(frames.firstIndex { $0.video?.state == "paused" })
        let hide155 = try #require(frames.firstIndex { $0.buff == 155 && $0.leaving == true })
        let pausedRun = frames[pausedAt..<hide155]
        #expect(pausedRun.allSatisfy { $0.video?.state == "paused" }, "the video stays paused until the buff hides")
        #expect(Set(pausedRun.compactMap { $0.video?.position }).count == 1)
        let seconds = pausedRun.compactMap(\.secondsLeft)
        #expect(seconds == seconds.sorted(by: >), "the countdown only goes down")
        #expect((seconds.first ?? 0) - (seconds.last ?? 0) >= 5, "counted down while paused: \(Set(seconds).sorted())")
        let in155 = try #require(frames.first { $0.buff == 155 })
        #expect(frames[hide155].highlighted == nil)
        #expect(abs(frames[hide155].t - in155.t - 10_000) <= 100, "hidden at its time_to_show: \(frames[hide155].t - in155.t) ms")

        // Buff 2 on schedule (12 s) with the video still paused.
        let in2 = try #require(frames.first { $0.buff == 2 })
        #expect(in2.video?.state == "paused")
        #expect(in2.t >= 12_000 && in2.t < 13_000, "buff 2 at \(in2.t) ms")

        // The vote: highlighted, frozen, hidden 2 s later; the click never reached the video (still paused, not
        // fullscreen) nor the circle. Paused, the video's controls stay (issue 30: a still picture keeps its ▶).
        let voted = try #require(frames.first { $0.buff == 2 && $0.highlighted != nil })
        #expect(voted.highlighted == 21)
        let leaving = try #require(frames.first { $0.buff == 2 && $0.leaving == true })
        #expect(leaving.t - voted.t >= 2000 && leaving.t - voted.t <= 2010, "hidden \(leaving.t - voted.t) ms after the vote")
        #expect(frames.filter { $0.t >= voted.t && $0.t <= leaving.t }.allSatisfy { $0.video?.state == "paused" && $0.video?.fullscreen == false })
        #expect(voted.video?.controlsVisible == true && leaving.video?.controlsVisible == true)

        // Space plays it again (not the circle); a tap on the picture where the circle used to be does nothing;
        // Escape closes the video and the window (as `--video`), long before the script's quit.
        let after = frames.filter { $0.t > leaving.t }
        let resumed = try #require(after.first { $0.video?.state == "playing" })
        #expect(frames.allSatisfy { $0.state == "uninitialized" }, "no key or click reached the circle")
        #expect((frames.last?.t ?? 0) - resumed.t < 5000, "Escape closed the window: \(String(describing: frames.last?.t))")
    }

    @Test("--video URL --start: another video under the panel, from that position")
    func givenVideo() async throws {
        let sample = try await SampleServer.start(.video)
        let url = sample.url(for: "/fmp4/master.m3u8").absoluteString
        let run = try await DemoRun.script("""
            0 size 640 400
            0 wait-video playing 60000
            0 wait-buff 155 30000
            0 wait-position 4 30000
            100 quit
            """, arguments: ["--app", "buffs", "--video", url, "--start", "3", "--script-fps", "100"])
        await sample.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let playing = frames.filter { $0.video?.state == "playing" }
        #expect(playing.first.map { $0.video!.position >= 3 - 0.05 } == true, "started at --start: \(String(describing: playing.first?.video?.position))")
        #expect(playing.contains { $0.buff == 155 })
        #expect(frames.allSatisfy { $0.state == "uninitialized" })
        #expect(!run.stderr.contains("VideoSample"), "the embedded sample video is not served when --video names one")
    }
}
