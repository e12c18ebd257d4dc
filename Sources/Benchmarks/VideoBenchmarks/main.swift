// VideoBenchmarks: the video engine headless on the embedded sample, against ffmpeg decoding the same stream.
// `swift run -c release VideoBenchmarks [SECONDS_OF_MEDIA]` (default 60: the TS ladder's 480p variant looped)
// prints a markdown table: time to the first frame, decoding speed (× real time), CPU seconds per minute of
// media, peak RSS, frames dropped; the reference is `ffmpeg -i URL -f null -` on the same URL in the same run.
import AudioPlayback
import Foundation
import Samples
import StreamServer
import VideoCore
import VideoPlayback

#if canImport(Glibc)
import Glibc
#endif

func cpuSeconds(_ who: __rusage_who) -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(who.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

func peakRSSMiB(_ who: __rusage_who) -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(who.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

let seconds = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 60
let loops = max(1, Int((seconds / 10).rounded(.up)))
let sample = try SampleName.video.directory()

// A VOD playlist of the 480p variant looped `loops` times (discontinuities between passes).
var files: [String: ServedFile] = [:]
var playlist = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-PLAYLIST-TYPE:VOD\n"
for loop in 0 ..< loops {
    if loop > 0 { playlist += "#EXT-X-DISCONTINUITY\n" }
    for k in 0 ..< 10 { playlist += "#EXTINF:1.0,\nseg\(String(format: "%02d", k)).ts\n" }
}
playlist += "#EXT-X-ENDLIST\n"
files["/v/index.m3u8"] = ServedFile(string: playlist, contentType: "application/vnd.apple.mpegurl")
for k in 0 ..< 10 {
    let name = "seg\(String(format: "%02d", k)).ts"
    files["/v/\(name)"] = ServedFile(data: [UInt8](try Data(contentsOf: sample.appendingPathComponent("ts/v480p/\(name)"))), path: "/v/\(name)")
}
let server = try await StreamServer.start(content: .files(files))
let url = server.url(for: "/v/index.m3u8")

// Ours: as fast as decoding allows, on a silent output with a virtual clock.
let cpuBefore = cpuSeconds(RUSAGE_SELF)
let started = ContinuousClock.now
let engine = VideoEngine(audioOutput: SilentAudioOutput())
engine.open(VideoRequest(source: .hls(url)))
var now = 0.0
var firstFrame: Duration?
var status = engine.pump(now: now).status
while status.state != .ended && status.state.name != "failed" {
    let pumped = engine.pump(now: now)
    status = pumped.status
    if pumped.frame != nil && firstFrame == nil { firstFrame = ContinuousClock.now - started }
    if status.state == .playing && (status.decodedAhead > 0.05 || status.decodedToEnd) {
        now += 1.0 / 30
    } else {
        try await Task.sleep(for: .milliseconds(1))
    }
}
let wall = ContinuousClock.now - started
let ourCPU = cpuSeconds(RUSAGE_SELF) - cpuBefore
engine.close()
let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18

// Reference: ffmpeg decoding the same URL to nothing (one process, its own HLS demuxer).
let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
var reference: (wall: Double, cpu: Double, rss: Double)?
if let ffmpeg {
    let process = Process()
    // Its peak RSS from /proc while it runs (getrusage's children maxrss would include this process's pages).
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments = ["-hide_banner", "-loglevel", "error", "-i", url.absoluteString, "-f", "null", "-"]
    let before = cpuSeconds(RUSAGE_CHILDREN)
    let t0 = ContinuousClock.now
    try process.run()
    var peak = 0.0
    while process.isRunning {
        if let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kib = Double(line.split(separator: " ").dropFirst().first ?? "") {
            peak = max(peak, kib / 1024)
        }
        try await Task.sleep(for: .milliseconds(10))
    }
    let t = ContinuousClock.now - t0
    reference = (Double(t.components.seconds) + Double(t.components.attoseconds) / 1e18,
                 cpuSeconds(RUSAGE_CHILDREN) - before, peak)
}
try await server.shutdown()

let media = Double(loops * 10)
print("Input: the sample's 854x480 H.264 + AAC variant (MPEG-TS, 1 s segments) looped to \(Int(media)) s, served from 127.0.0.1.")
print("")
print("| player | first frame | wall time | × real time | CPU s per media minute | peak RSS | frames shown / dropped |")
print("|---|---:|---:|---:|---:|---:|---|")
print(String(format: "| VideoEngine (headless, virtual clock) | %.0f ms | %.2f s | %.0f × | %.2f | %.0f MiB | %d / %d |",
             Double((firstFrame ?? .zero).components.attoseconds) / 1e15 + Double((firstFrame ?? .zero).components.seconds) * 1000,
             wallSeconds, media / wallSeconds, ourCPU / media * 60, peakRSSMiB(RUSAGE_SELF), status.framesShown, status.framesDropped))
if let reference {
    print(String(format: "| ffmpeg -i URL -f null - | – | %.2f s | %.0f × | %.2f | %.0f MiB | – |",
                 reference.wall, media / reference.wall, reference.cpu / media * 60, reference.rss))
}
print("")
print("State at the end: \(status.state.name), stalls \(status.stalls), segments skipped \(status.segmentsSkipped).")
