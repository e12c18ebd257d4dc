// docs/streams.md, "Sources (AudioPlayback)", live HLS: the stream engine with the Downloader's recorder as its live HLS source.
import AudioPlayback
import Downloader
import Foundation
import PlayerCore

// snippet.hide
func playLive() {
// snippet.show
let downloader = HLSDownloader()
let engine = StreamAudioEngine(output: .opened { AudioOutputFactory.makeBest() },
                               source: LiveHLSAudioSource.factory(downloader: downloader, onGap: { print($0) }))
let driver = StreamPlayerDriver(streams: engine)
let live = URL(string: "http://127.0.0.1:8000/live/index.m3u8")!
driver.send(.selected(StreamRequest(source: .liveHLS(playlist: live), isLive: true)))
// snippet.hide
}
// snippet.show
