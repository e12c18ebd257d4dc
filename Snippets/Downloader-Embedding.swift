// docs/Downloader.md, "Embedding": one download with progress, its result or its error.
import Downloader
// snippet.hide
import Foundation

func embedding() async throws {
// snippet.show

var configuration = DownloadConfiguration()            // concurrency 2, retries, timeouts, limits
configuration.track = TrackOverride(language: "en")     // optional
let downloader = HLSDownloader(configuration: configuration)   // owns the connection pool
let task = downloader.download(from: URL(string: "http://host/test/hls_index.m3u8")!, to: "/tmp/audio.ts")
let ui = Task { for await p in task.progress { print(p.fraction) } }   // monotonic; 1.0 only at the end
do {
    let result = try await task.result()    // path, bytes, segments, track, sha256, peakBufferedBytes, ...
    print(result.track?.candidate.name ?? "media playlist")
} catch let error as DownloadError {
    print(error)    // segment 7 (http://host/test/hls_a256K.ts bytes 123-456): HTTP 404 Not Found
}
await ui.value
try await downloader.shutdown()             // once, after the last download
// snippet.hide
}
// snippet.show
