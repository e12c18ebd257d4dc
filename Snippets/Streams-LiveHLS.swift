// docs/streams.md, "Sources (AudioPlayback)", live HLS: the stream engine with the Downloader's recorder as its live HLS source.
import AudioPlayback
import Downloader
import Foundation
import PlayerCore

// snippet.hide
/// The host's queue of the engine's reports and its timers (MediaHost's loop has both).
struct Inbox: Sendable { func post(_ event: StreamEvent) {} }
struct Timers { func add(_ delay: Double, _ event: StreamEvent) {} }
func playLive(inbox: Inbox, timers: Timers) {
// snippet.show
let downloader = HLSDownloader()
let engine = StreamAudioEngine(output: .opened { AudioOutputFactory.makeBest() },
                               source: LiveHLSAudioSource.factory(downloader: downloader, onGap: { print($0) }))
var player = StreamPlayer()
let live = URL(string: "http://127.0.0.1:8000/live/index.m3u8")!
for command in player.send(.selected(StreamRequest(source: .liveHLS(playlist: live), isLive: true))) {
    engine.run(command, events: { inbox.post($0) }, scheduleRetry: { timers.add($0, $1) }, log: { print($0) })
}
// snippet.hide
}
// snippet.show
