import Testing
import PlayerCore

/// The examples in the doc comments, so they stay true.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test("the example in Player's documentation")
    func playerExample() {
        var player = Player()
        #expect(player.send(.tapped) == [.startFetch(FetchID(1))])
        #expect(player.state == .fetching(progress: 0))
        #expect(player.send(.fetchProgressed(FetchID(1), fraction: 0.5)) == [])
        #expect(player.fill == 0.5)
        #expect(player.send(.fetchFinished(FetchID(1), file: "a.mp3")) == [.play(file: "a.mp3")])
        #expect(player.state == .playing)
        #expect(player.fill == 1)
        #expect(player.send(.tapped) == [.pausePlayback])
        #expect(player.state == .paused)
        #expect(player.send(.fetchProgressed(FetchID(1), fraction: 0.9)) == [.cancelFetch(FetchID(1))])
        #expect(player.state == .paused)
    }

    @Test("FetchID numbering, order and description")
    func fetchIDs() {
        var player = Player()
        _ = player.send(.tapped)
        #expect(player.currentFetch == FetchID(1))
        #expect(FetchID(1) < FetchID(2))
        #expect(FetchID(1).next == FetchID(2))
        #expect(FetchID(7).description == "fetch #7")
    }
}
