import Foundation
import StreamServer
import Testing
import TestSupport

/// `SDLDemo --app buffs` with the embedded sample (served in-process; the sample video plays under it, see
/// BuffsVideoTests for what concerns the video): the panel with 2 and with 5
/// answers, a vote highlighted and the panel gone 2 s later, close, and taps that never reach the player.
/// Judged by the trace's panel fields (`buff`, `secondsLeft`, `highlighted`, `slide`, `leaving`) and by
/// screenshot pixels.
@Suite("Buffs app: the panel over the window end to end")
struct BuffsAppTests {
    /// Panel geometry in an 800 × 600 window (BuffPanelLayout: bottom-left, 340 wide, rows 38 high, 6 apart).
    /// The bottom of the area the panel sits in, 800 × 600 window: above the video's 48 pt control bar, since every
    /// run here has the sample video open under the panel.
    static let panelAreaBottom = 600 - 48

    static func answerRowY(_ index: Int, count: Int) -> Int {
        let answers = count * 38 + (count - 1) * 6
        let top = panelAreaBottom - 12 - (152 + answers) + 12 + 40 + 12 + 64 + 12
        return top + index * 44 + 19
    }

    static let answer = (0x2E, 0x3A, 0x59), highlighted = (0x2A, 0x9D, 0x8F), background = (0xEC, 0xEF, 0xF4)

    func run(_ script: String) async throws -> DemoRun {
        try await DemoRun.script(script, arguments: ["--app", "buffs", "--buff-interval", "20", "--script-fps", "100"])
    }

    @Test("two answers: shown, voted, highlighted, hidden exactly 2 s after the vote")
    func voteOnTwoAnswers() async throws {
        let rowY = Self.answerRowY(1, count: 2)
        let run = try await run("""
            0 size 800 600
            0 wait-buff 155 30000
            100 screenshot two.png
            200 tap 300 \(rowY)
            300 screenshot voted.png
            400 wait-no-buff 5000
            500 screenshot gone.png
            600 quit
            """)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let voted = try #require(frames.first { $0.highlighted != nil })
        #expect(voted.highlighted == 388)
        let leaving = try #require(frames.first { $0.leaving == true })
        let delay = leaving.t - voted.t
        #expect(delay >= 2000 && delay <= 2010, "hidden \(delay) ms after the vote")
        // Frozen: the seconds do not change between the vote and the hide.
        #expect(Set(frames.filter { $0.t >= voted.t && $0.t < leaving.t }.map(\.secondsLeft)).count == 1)
        let two = try LoadedImage(contentsOf: run.file("two.png"))
        #expect(two.pixel(300, Self.answerRowY(0, count: 2), is: Self.answer, tolerance: 3), "\(two.rgba(300, Self.answerRowY(0, count: 2)))")
        #expect(two.pixel(300, rowY, is: Self.answer, tolerance: 3))
        // No third row: the panel ends below the second.
        #expect(two.pixel(300, Self.answerRowY(0, count: 2) - 44 - 70, is: Self.background, tolerance: 3) == false)
        let after = try LoadedImage(contentsOf: run.file("voted.png"))
        #expect(after.pixel(300, rowY, is: Self.highlighted, tolerance: 3), "\(after.rgba(300, rowY))")
        #expect(after.pixel(300, Self.answerRowY(0, count: 2), is: Self.answer, tolerance: 3))
        // Gone: what lies under the panel shows there again (the video's letterbox since issue 19), no row of it.
        let gone = try LoadedImage(contentsOf: run.file("gone.png"))
        #expect(!gone.pixel(300, rowY, is: Self.highlighted, tolerance: 12) && !gone.pixel(300, rowY, is: Self.answer, tolerance: 12),
                "\(gone.rgba(300, rowY))")
        // The tap on the panel never reached the player.
        #expect(frames.allSatisfy { $0.state == "uninitialized" }, "\(Set(frames.map(\.state)))")
    }

    @Test("five answers: five rows; close hides it at once; no circle under the panel while the video shows, and presses around the panel vote for nothing")
    func fiveAnswersAndClose() async throws {
        // The sample video loops (issue 30), and a playing video keeps the script's clock with real time: paused,
        // the minute until buff 4 runs at full speed.
        let run = try await run("""
            0 size 800 600
            0 wait-video playing 60000
            0 key space
            0 wait-video paused 10000
            0 wait-buff 4 120000
            100 screenshot five.png
            200 tap 200 260
            300 tap 400 300
            320 down 400 300
            340 move 350 400
            360 move 300 480
            380 up 300 480
            400 tap 330 \(Self.panelAreaBottom - 12 - 366 + 14 + 14)
            500 wait-no-buff 5000
            600 quit
            """)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let five = try LoadedImage(contentsOf: run.file("five.png"))
        for index in 0..<5 {
            let y = Self.answerRowY(index, count: 5)
            #expect(five.pixel(300, y, is: Self.answer, tolerance: 3), "row \(index): \(five.rgba(300, y))")
        }
        let frames = try run.frames()
        #expect(frames.contains { $0.buff == 4 && $0.slide == 1 })
        let closed = try #require(frames.first { $0.leaving == true })
        #expect(closed.highlighted == nil)
        // The tap on the panel's question did nothing. The circle hides while the video is open (issue 30: the video's
        // controls are the one player): a tap where it used to be plays nothing, and a drag across the panel (a
        // gesture that began outside it) voted for nothing.
        #expect(frames.filter { $0.video != nil }.allSatisfy { $0.circle == "hidden" })
        #expect(frames.allSatisfy { $0.state == "uninitialized" })
        #expect(!frames.contains { $0.highlighted != nil })
    }

    @Test("--base-url: requests go to that server; a failed buff is reported and the next one shows on time")
    func baseURLAndAFailedBuff() async throws {
        let buff = """
            {"result": {"id": 2, "time_to_show": 3, "author": {"first_name": "Ana", "last_name": ""},
             "question": {"id": 1, "title": "Next?"}, "answers": [{"id": 5, "title": "A"}, {"id": 6, "title": "B"}]}}
            """
        let server = try await StreamServer.start(routes: RouteTable(routes: [
            Route(path: "/buffs/1", response: RouteResponse(status: 500, string: "{}")),
            Route(path: "/buffs/2", response: RouteResponse(string: buff)),
        ]))
        // Buff 2 is asked for 30 s (of the script's time) after buff 1 and buff 3 30 s after that: the run quits as
        // soon as 2 shows, so only 1 and 2 are requested, however long the answers take in real time (with a 1 s
        // interval a slow answer once let 3, 4 and 5 be requested before 2 showed).
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-buff 2 120000
            100 quit
            """, arguments: ["--app", "buffs", "--base-url", server.baseURL.absoluteString, "--buff-interval", "30"])
        // The server records a request on its own threads once answered: wait for both records.
        await server.waitForStatistics { $0.requests.count >= 2 }
        let paths = server.receivedPaths()
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(paths == ["/buffs/1", "/buffs/2"])
        #expect(run.stderr.contains("SDLDemo: buff 1: SportBuff: HTTP 500 Internal Server Error (\(server.baseURL.absoluteString)/buffs/1)"),
                "\(run.stderr)")
        let frames = try run.frames()
        #expect(frames.first { $0.buff == 2 }.map { $0.t >= 30_000 } == true)
        #expect(!frames.contains { $0.buff == 1 })
    }
}
