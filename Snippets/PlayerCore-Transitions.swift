// docs/PlayerCore.md, "The machine": events in, commands and state out.
import PlayerCore

var player = Player()
player.send(.tapped)                                      // [.startFetch(FetchID(1))]; .fetching(progress: 0)
player.send(.fetchProgressed(FetchID(1), fraction: 0.5))  // []; fill 0.5
player.send(.fetchFinished(FetchID(1), file: "a.mp3"))    // [.play(file: "a.mp3")]; .playing, fill 1
player.send(.tapped)                                      // [.pausePlayback]; .paused
player.send(.fetchProgressed(FetchID(1), fraction: 0.9))  // [.cancelFetch(FetchID(1))]; stale, still .paused
