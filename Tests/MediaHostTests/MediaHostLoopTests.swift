import AudioPlayback
import Foundation
import MediaCore
import MediaHost
import PlayerCore
import StreamServer
import Testing
import TestSupport

/// The host's one loop: when it wakes without an input (the value `pump(now:)` returns on an external clock, the
/// real-time thread's sleep), that an input wakes the real-time loop at once, and what shutdown stops.
@Suite("Media host: the loop's wake-ups and shutdown", .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct MediaHostLoopTests {
    @Test("wake-ups on an external clock: none while idle, every audioPumpInterval while audio plays, the end of the completion hold once the file is done")
    func wakeUps() async throws {
        let streams = try await StreamRig.start()
        let rig = try HostRig(fallback: DownloadRequest(playlist: streams.master), clock: .external)
        defer { rig.remove() }
        #expect(rig.host.pump(now: 0) == nil, "ready and idle: only an input can change anything")
        rig.host.send(.circleTapped)
        #expect(await rig.pump(at: 0) { $0.phase == .playing })
        #expect(rig.host.pump(now: 1) == 1 + MediaHost.audioPumpInterval, "playing: the device is fed every interval")
        rig.host.send(.circleTapped)
        #expect(rig.host.pump(now: 1) == nil, "paused: nothing to feed")
        rig.host.send(.circleTapped)
        // Played out: completed, held on screen until the hold ends (the loop wakes for exactly that), then ready.
        var t = 1.0
        while t < 30, rig.host.display().phase != .completed {
            t += 1.0 / 60
            rig.host.pump(now: t)
        }
        // The step that saw the end deleted the file; its report is the next step's input (no wake-up needed for
        // it: an input wakes the loop). After it, the hold's end is the only reason to wake.
        let wake = rig.host.pump(now: t)
        let finishedAt = try #require(rig.host.state.finishedAt, "\(rig.host.display())")
        let hold = rig.host.state.completionHold
        #expect(wake == finishedAt + hold, "completed: the next wake is the hold's end (\(String(describing: wake)))")
        #expect(rig.host.pump(now: finishedAt + hold - 0.001).map { $0 <= finishedAt + hold } == true)
        #expect(rig.host.display().phase == .completed, "still held")
        rig.host.pump(now: finishedAt + hold)
        #expect(rig.host.display().phase == .uninitialized, "ready again once the hold is over")
        #expect(rig.host.pump(now: finishedAt + hold + 1) == nil, "idle again")
        await rig.host.shutdown()
        try await streams.stop()
    }

    @Test("the real-time loop: an input wakes it (no pump), the owner hears of the changes, and the loop feeds the device on its own")
    func realTimeWakesOnInput() async throws {
        let streams = try await StreamRig.start()
        let changes = ChangeLog()
        let rig = try HostRig(fallback: DownloadRequest(playlist: streams.master)) { configuration in
            configuration.onChange = { changes.record() }
        }
        defer { rig.remove() }
        rig.host.send(.circleTapped)
        #expect(await rig.wait { $0.phase == .fetching || $0.phase == .playing }, "the tap was handled without a pump")
        #expect(await rig.wait { $0.phase == .playing })
        #expect(changes.count > 0, "the owner was told of the changes")
        let frames = rig.output.enqueuedFrames
        #expect(await rig.wait { _ in rig.output.enqueuedFrames > frames + 44_100 / 10 }, "the loop feeds the device on its own")
        await rig.host.shutdown()
        try await streams.stop()
    }

    @Test("shutdown: the loop's thread has ended when it returns (an event afterwards changes nothing and tells no one), the stream's connection closes, the device is closed once")
    func shutdown() async throws {
        let streams = try await StreamRig.start()
        let changes = ChangeLog()
        let rig = try HostRig(fallback: nil) { configuration in
            configuration.onChange = { changes.record() }
        }
        defer { rig.remove() }
        rig.host.send(.playRequested(.stream(StreamRequest(url: streams.radio, title: "Test FM", isLive: true))))
        #expect(await rig.wait { $0.phase == .playing }, "\(rig.host.display())")
        #expect(streams.station.statistics.listeners == 1)

        await rig.host.shutdown()
        #expect(await HostRig.poll { streams.station.statistics.listeners == 0 }, "the stream's connection closed")
        #expect(rig.output.closeCount == 1, "the device is closed once")
        let told = changes.count
        let shown = rig.host.display()
        rig.host.send(.circleTapped)
        rig.host.send(.audioReleased)
        // The loop's thread was joined before shutdown returned: nothing runs the inbox any more, what was shown
        // stays, and no one is told of anything.
        #expect(rig.host.display() == shown)
        #expect(changes.count == told)
        try await streams.stop()
    }
}

/// Counts the host's change notifications (from any thread).
final class ChangeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0

    func record() { lock.withLock { calls += 1 } }

    var count: Int { lock.withLock { calls } }
}
