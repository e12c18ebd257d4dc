// README.md, "Video": the engine the window calls, opened on a local HLS stream and pumped every refresh.
// snippet.hide
import AudioPlayback
import VideoCore
import VideoPlayback

func play(output: any AudioOutput, wakeTheWindow: @escaping @Sendable () -> Void, seconds: Double) {
// snippet.show
let engine = VideoEngine(audioOutput: output) { wakeTheWindow() }
engine.open(VideoRequest(source: .parse("http://127.0.0.1:8080/ts/master.m3u8"), startSeconds: 0))
let pumped = engine.pump(now: seconds)        // every refresh: pumped.frame (YUV planes), pumped.status
// snippet.hide
_ = pumped
}
// snippet.show
