// docs/PlayerCore.md, "Embedding example": the driver with a fetcher and an audio output of one's own.
import PlayerCore

// snippet.hide
let userTappedCircle = Bool.random()
func draw(icon: PlayerIcon, fill: Double, message: String?) {}
// snippet.show
struct Downloader: AudioFetching {
    func startFetch(_ id: FetchID, events: @escaping @Sendable (PlayerEvent) -> Void) {
        Task.detached {
            // ... download to "/tmp/audio-\(id.rawValue).mp3", reporting .fetchProgressed(id, fraction:) ...
            events(.fetchFinished(id, file: "/tmp/audio-\(id.rawValue).mp3"))
        }
    }
    func cancelFetch(_ id: FetchID) { /* stop the task for id, if still running */ }
}

struct Speaker: AudioPlaying {
    func play(file: String, events: @escaping @Sendable (PlayerEvent) -> Void) { /* ... events(.playbackFinished) */ }
    func pause() {}
    func resume() {}
    func stop() {}
}

let driver = PlayerDriver(fetcher: Downloader(), audio: Speaker(), files: .local)
// In the render loop:
if userTappedCircle { driver.send(.tapped) }
let player = driver.player
draw(icon: player.icon, fill: player.fill, message: player.message)
