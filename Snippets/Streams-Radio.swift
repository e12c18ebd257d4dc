// docs/streams.md, "The radio test server": an ICY station the test paces.
import StreamServer

// snippet.hide
func radio(bytes: [UInt8], server: StreamServer) throws {
// snippet.show
let station = try RadioStation(mp3: bytes, name: "Test FM", title: "First song", metaInterval: 8192,
                               pacing: .manual, burstSeconds: 1)
server.mount(station, at: "/radio.mp3")
station.release(seconds: 3)          // .manual: frames go out only when the test says (deterministic)
station.setTitle("Second song")      // in each listener's next metadata block
station.dropListeners(reset: true)   // cut every connection mid-stream (RST); clients reconnect
station.stop(); station.start()      // off the air (404, like an Icecast mount without source) and back
station.statistics                   // listeners, listenersAccepted, framesAired, titleBlocksSent, bytesSent, framesSkipped
// snippet.hide
}
// snippet.show
