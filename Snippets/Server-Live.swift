// docs/server.md, "Live mode": a sliding window over a looped source, advanced by the test.
import StreamServer

// snippet.hide
func live() async throws {
// snippet.show
let server = try await StreamServer.start(content: .files([:]))
let source = try LiveSource(playlistFile: "Sources/Samples/DefaultStream/hls_a192K_v4.m3u8")
var configuration = LiveStreamConfiguration(source: source, windowSize: 6)    // real time, continuous
configuration.path = "/live"                      // /live/index.m3u8, /live/seg<N>.ts
let live = try server.startLive(configuration)
live.playlistURL                                  // http://127.0.0.1:PORT/live/index.m3u8
// Tests: timing .manual, then
live.advance()                                    // one more segment, the oldest leaves the window
live.advance(by: 5)                               // faster than a client reloads: it must report a gap
live.end()                                        // EXT-X-ENDLIST: the live stream turns into VOD
live.segmentBytes(1042)                           // what a correct recording of segment 1042 contains
server.stopLive(path: "/live")
// snippet.hide
try await server.shutdown()
}
// snippet.show
