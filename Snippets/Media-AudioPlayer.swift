// docs/media.md, "AudioPlayback": a downloaded track played on the best output, pumped every frame.
import AudioPlayback
import PlayerCore

// snippet.hide
/// The queue of the loop that runs the player's machine (MediaHost's inbox).
struct Inbox: Sendable { func post(_ event: PlayerEvent) {} }
func play(inbox: Inbox, fallbackMP3Path: String?, downloadedTrackPath: String, clockSeconds: Double) {
// snippet.show
let output = AudioOutputFactory.makeBest()   // SDL device, or SilentAudioOutput + one stderr line
let resolver = AudioSourceResolver(fallbackPath: fallbackMP3Path)   // nil: unplayable files fail
let player = AudioPlayer(output: output, resolver: resolver, lead: 0.15) { event in
    switch event {
    case .finished: inbox.post(.playbackFinished)             // to the loop that runs PlayerCore's machine
    case .failed(let message): inbox.post(.playbackFailed(message: message))
    }
}
player.play(file: downloadedTrackPath)   // MP3-in-TS → demuxed; MP3 → as is; else fallback + stderr line
// every frame of the main loop, with the real or the virtual clock in seconds:
player.pump(now: clockSeconds)           // advances position, queues audio up to position + lead, sends events
player.pause(); player.resume(); player.stop()
player.state      // .idle, .playing, .paused, .finished, .failed(String)
player.position   // seconds played according to the clock
player.duration   // estimate from frame headers, exact once fully decoded
player.isFinished
player.source?.origin // .mp3File, .transportStream(pid:codec:), .fallback(reason:)
// snippet.hide
}
// snippet.show
