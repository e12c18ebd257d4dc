// docs/server.md: a server of two files, faults on them, its statistics, its shutdown.
import StreamServer

// snippet.hide
func serve(playlistText: String, segmentBytes: [UInt8]) async throws {
// snippet.show
let server = try await StreamServer.start(content: .files([
    "/audio/index.m3u8": ServedFile(string: playlistText, contentType: ContentTypes.m3u8),
    "/audio/seg0.ts":    ServedFile(data: segmentBytes, path: "/audio/seg0.ts"),   // type from extension
]))                                                  // or .directory("/path/to/stream")
server.url(for: "/audio/index.m3u8")                 // http://127.0.0.1:PORT/audio/index.m3u8
server.setFaults([
    FaultRule(path: "*.ts", fault: .status(code: 503, times: 2, retryAfter: "1")),
    FaultRule(path: "/audio/seg3.ts", fault: .shortBody(times: 1)),
])
// ... run the client ...
let stats = server.statistics       // maxConcurrentRequests, connectionsAccepted, requests: [RequestRecord] ...
try await server.shutdown()         // < 1 s, even with stalled or held responses
// snippet.hide
_ = stats
}
// snippet.show
