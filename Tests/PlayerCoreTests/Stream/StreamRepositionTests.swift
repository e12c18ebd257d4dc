import Foundation
import Testing
import PlayerCore

/// `repositioned`: a seek on a finite stream makes its source read again, so the input that had ended goes on
/// (a later stall buffers, a lost connection reconnects); live streams and stale sessions ignore it.
@Suite("Stream player: repositioned (a seek on a story)")
struct StreamRepositionTests {
    typealias Table = StreamTransitionTableTests
    static let s2 = Table.s2

    @Test("a story whose input ended, sought back: input not ended; a stall buffers again, a lost connection reconnects")
    func afterInputEnded() {
        var player = Table.Fixture.playingEnded.player
        #expect(player.inputEnded)
        #expect(player.send(.repositioned(Self.s2)) == [])
        #expect(!player.inputEnded && player.state == .playing)
        #expect(player.send(.stalled(Self.s2)) == [.pausePlayback(Self.s2)])
        #expect(player.state == .buffering(progress: 0))
        let commands = player.send(.connectionLost(Self.s2, message: "reset"))
        #expect(commands.first == .scheduleRetry(Self.s2, attempt: 1, after: Table.policy.delay(beforeAttempt: 1)))
        #expect(player.send(.inputEnded(Self.s2)) == [.resumePlayback(Self.s2)])
        #expect(player.inputEnded && player.state == .playing)
    }

    @Test("without an ended input (playing, paused) the player stays as it was", arguments: [
        Table.Fixture.playingFinite, .pausedFinite, .bufferingFinite,
    ])
    func unchanged(_ fixture: Table.Fixture) {
        var player = fixture.player
        let before = Table.Snapshot(player)
        #expect(player.send(.repositioned(Self.s2)) == [])
        #expect(Table.Snapshot(player) == before)
    }

    @Test("live streams, stale and never-issued sessions ignore it", arguments: [
        (Table.Fixture.playingLive, StreamSessionID(2)), (.playingEnded, StreamSessionID(1)), (.playingEnded, StreamSessionID(99)),
        (.empty, StreamSessionID(2)),
    ])
    func ignored(_ pair: (Table.Fixture, StreamSessionID)) {
        var player = pair.0.player
        let before = Table.Snapshot(player)
        #expect(player.send(.repositioned(pair.1)) == [])
        #expect(Table.Snapshot(player) == before)
    }
}
