// TEMPORARY stand-in for PlayerCore (branch `playercore`): same names, toggles play/pause only.
// Deleted when `playercore` is merged; nothing here is meant to stay.
import Foundation
enum PlayerState: Equatable, Sendable {
    case uninitialized, fetching(progress: Double), playing, paused, completed, failed(message: String)
}
enum PlayerIcon: Equatable, Sendable { case play, pause, spinner, retry }
enum PlayerEvent: Equatable, Sendable { case tapped }
struct Player: Sendable {
    var state: PlayerState = .uninitialized
    var icon: PlayerIcon {
        switch state {
        case .uninitialized, .paused: .play
        case .fetching, .completed: .spinner
        case .playing: .pause
        case .failed: .retry
        }
    }
    var fill: Double { if case .fetching(let p) = state { p } else { 0 } }
}
final class PlayerDriver: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Player()
    var player: Player { lock.withLock { current } }
    func send(_ event: PlayerEvent) {
        lock.withLock { current.state = current.state == .playing ? .paused : .playing }
    }
}
