import Foundation
import Testing

/// Failing scripts exit non-zero and name the line.
@Suite("Script errors")
struct ScriptErrorTests {
    @Test("a bad line exits non-zero with its line number")
    func badLine() async throws {
        let run = try await DemoRun.script("""
            0 size 400 300
            # a comment, then a blank line

            100 jump 10 10
            200 quit
            """)
        defer { run.remove() }
        #expect(run.status != 0, "\(run.diagnostics)")
        #expect(run.stderr.contains("script.txt:4:"), "\(run.diagnostics)")
        #expect(run.stderr.contains("jump"), "\(run.diagnostics)")
        // The script is rejected before anything runs: no trace frames.
        #expect(((try? run.frames()) ?? []).isEmpty)
    }

    @Test("time going backwards is a bad line")
    func timeBackwards() async throws {
        let run = try await DemoRun.script("0 size 400 300\n500 key space\n400 quit\n")
        defer { run.remove() }
        #expect(run.status != 0, "\(run.diagnostics)")
        #expect(run.stderr.contains("script.txt:3:"), "\(run.diagnostics)")
    }

    @Test("a timed-out wait exits non-zero with the line number, the timeout and the state")
    func waitTimeout() async throws {
        let run = try await DemoRun.script("""
            0 size 400 300
            # nothing taps the circle, so it never plays
            100 wait-state playing 500
            5000 quit
            """, scaleWaits: false)
        defer { run.remove() }
        #expect(run.status != 0, "\(run.diagnostics)")
        #expect(run.stderr.contains("script.txt:3: wait-state playing timed out after 500 ms (state: uninitialized)"),
                "\(run.diagnostics)")
        // Virtual time ran 500 ms past the wait's start (100 ms) at 60 fps, then stopped.
        let frames = try run.frames()
        let last = try #require(frames.last)
        #expect(abs(last.t - 600) <= 17, "last frame at \(last.t) ms")
    }

    @Test("a script that ends without quit exits 0 after its last step")
    func endsAtLastStep() async throws {
        let run = try await DemoRun.script("0 size 320 240\n250 key left\n")
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        // Frames at 0, 16.7, … up to the first frame at or after 250 ms, at a fixed 60 fps.
        #expect(frames.count == 16)
        for (index, frame) in frames.enumerated() {
            #expect(abs(frame.t - Double(index) * 1000 / 60) < 0.01)
        }
        #expect(frames.first?.width == 320 && frames.first?.height == 240)
    }
}
