import Foundation
import Testing

/// Drag and flick, end to end through the scripted mouse.
@Suite("Dragging and flicking")
struct MotionTests {
    /// Speed in points per second between consecutive frames.
    static func speeds(_ frames: [TraceFrame]) -> [Double] {
        zip(frames, frames.dropFirst()).map { a, b in
            ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() / ((b.t - a.t) / 1000)
        }
    }

    @Test("a flick to the right ends docked on the right edge, at rest, after speeding up then slowing down")
    func flickRight() async throws {
        let run = try await DemoRun.script("""
            0 size 800 600
            100 down 400 300
            120 move 430 300
            140 move 470 302
            150 up 480 302
            3000 quit
            """)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let last = try #require(frames.last)
        #expect(abs(last.x - (800 - last.radius)) < 0.01, "x \(last.x)")
        #expect(last.docked == "right")
        // At rest: the last half second of frames does not move.
        let tail = frames.filter { $0.t >= last.t - 500 }
        #expect(tail.allSatisfy { $0.x == last.x && $0.y == last.y })
        // After the release: speeds rise to a peak, then fall to zero.
        let afterRelease = frames.filter { $0.t >= 150 }
        let speeds = Self.speeds(afterRelease)
        let moving = Array(speeds.prefix { _ in true }.reversed().drop { $0 == 0 }.reversed())
        let peak = try #require(moving.indices.max { moving[$0] < moving[$1] })
        #expect(peak > 0, "no acceleration: speeds \(moving.prefix(8))")
        #expect(peak < moving.count - 1, "no deceleration")
        #expect(moving[0] < moving[peak])
        #expect(try #require(moving.last) < moving[peak] / 4, "still fast at the end: \(moving.suffix(4))")
        // Slowing down: after the peak each frame is no faster than the one before (small tolerance).
        for i in (peak + 1)..<moving.count {
            #expect(moving[i] <= moving[i - 1] + 1, "speed rose again at frame \(i): \(moving[i - 1]) → \(moving[i])")
        }
    }

    @Test("a slow drag leaves the circle where it was dropped")
    func slowDrag() async throws {
        // 80 × 40 points in 2 s (about 45 pt/s), then held still for 300 ms before the release.
        var script = "0 size 800 600\n100 down 400 300\n"
        for step in 1...40 {
            script += "\(100 + step * 50) move \(400 + step * 2) \(300 + step)\n"
        }
        script += "2400 up 480 340\n3000 quit\n"
        let run = try await DemoRun.script(script)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let last = try #require(try run.frames().last)
        #expect(abs(last.x - 480) < 0.5 && abs(last.y - 340) < 0.5, "centre (\(last.x), \(last.y))")
        #expect(last.docked == nil)
    }

    @Test("arrow keys push the circle to that edge")
    func arrowKey() async throws {
        let run = try await DemoRun.script("0 size 640 480\n100 key up\n2500 quit\n")
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let last = try #require(try run.frames().last)
        #expect(abs(last.y - last.radius) < 0.01 && abs(last.x - 320) < 0.01, "centre (\(last.x), \(last.y))")
        #expect(last.docked == "top")
    }

    @Test("shrinking the window keeps a docked circle on its edge")
    func resizeKeepsDock() async throws {
        let run = try await DemoRun.script("0 size 800 600\n100 key right\n2000 size 500 400\n2500 quit\n")
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let last = try #require(try run.frames().last)
        #expect(abs(last.x - (500 - last.radius)) < 0.01, "x \(last.x)")
        #expect(last.docked == "right")
        #expect(last.y >= last.radius && last.y <= 400 - last.radius)
    }
}
