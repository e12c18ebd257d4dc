// docs/Video.md, "The API the window calls": open, resize, pump every refresh, upload the frame, read the status.
// snippet.hide
import AudioPlayback
import CSDL2
// snippet.show
import VideoCore
import VideoPlayback
// snippet.hide

func window(sharedOutput: any AudioOutput, wake: @escaping @Sendable () -> Void, urlOrPath: String, start: Double?,
            cap: Double?, title: String?, pictureWidthInPixels: Int, pictureHeightInPixels: Int, seconds: Double,
            texture: OpaquePointer?) {
// snippet.show

let engine = VideoEngine(audioOutput: sharedOutput) { wake() }      // wake(): push an SDL user event
engine.open(VideoRequest(source: .parse(urlOrPath), startSeconds: start, maxBandwidth: cap, title: title))
engine.setDisplaySize(width: pictureWidthInPixels, height: pictureHeightInPixels)   // on resize: caps the ABR

// every refresh, on the window's thread:
let pumped = engine.pump(now: seconds)            // seconds: the window's (possibly virtual) clock
if let frame = pumped.frame {                      // a new frame is due
    frame.withPlanes { y, u, v in SDL_UpdateYUVTexture(texture, nil, y.base, y.stride, u.base, u.stride, v.base, v.stride) }
}
let s = pumped.status                              // state, position, duration, bandwidth, width, height,
                                                   // framesShown, framesDropped, avOffsetMs, stalls, buffered,
                                                   // bufferedRange (seek bar), volume, muted, error …
// keys: engine.togglePause(), engine.seek(by: ±5), engine.setVolume(v ± 0.1), engine.setMuted(!s.muted)
// seek bar: engine.seek(to: fraction * (s.duration ?? 0)); close: engine.close()
// snippet.hide
engine.togglePause(); engine.seek(by: 5); engine.setVolume(s.volume + 0.1); engine.setMuted(!s.muted)
engine.seek(to: 0.5 * (s.duration ?? 0)); engine.close()
}
// snippet.show
