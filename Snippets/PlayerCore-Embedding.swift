// docs/PlayerCore.md, "Embedding example": the machine run by a host of one's own (one queue, in order).
import PlayerCore

// snippet.hide
func draw(icon: PlayerIcon, fill: Double, message: String?) {}
// snippet.show
/// Runs one command with your I/O; what it reports at once comes back as events (later reports: post them).
func run(_ command: PlayerCommand) -> [PlayerEvent] {
    switch command {
    case .startFetch(let id):   // ... download to a file of its own, reporting .fetchProgressed(id, fraction:) ...
        return [.fetchFinished(id, file: "/tmp/audio-\(id.rawValue).mp3")]
    case .deleteFile(let path): // ... remove it ...
        return [.fileDeleted(path)]
    case .play, .pausePlayback, .resumePlayback, .stopPlayback, .cancelFetch, .reportProblem:
        return []               // ... start, pause, resume or stop the speaker; cancel; log ...
    }
}

var player = Player()
var events: [PlayerEvent] = [.tapped]      // one queue: taps and the reports of your I/O, in order
while !events.isEmpty {
    for command in player.send(events.removeFirst()) { events += run(command) }
}
draw(icon: player.icon, fill: player.fill, message: player.message)   // pause icon, full circle: playing
