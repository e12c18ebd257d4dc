// Throughput of the MPEG-TS demuxer and the MP3 decoder. Build and run in release mode:
//   swift run -c release MediaBenchmark [file.ts]
// (default: the embedded 192 kbit/s rendition). Prints MB/s and "× real time" (seconds of audio handled per
// second of wall time) for demuxing and for decoding. bench/media.py puts ffmpeg's figures on the same file
// next to these.
import AudioPlayback
import Foundation
import MPEGTS

let path = CommandLine.arguments.dropFirst().first ?? "Sources/Samples/DefaultStream/hls_a192K.ts"
guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("MediaBenchmark: cannot read \(path)\n".utf8))
    exit(1)
}
let ts = Array(data)
let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

// Demux: the whole file fed in 64 KiB pieces, repeated until at least 100 MB went through.
let repetitions = max(1, 100_000_000 / max(ts.count, 1))
var audioBytes = 0
let demuxTime = clock.measure {
    for _ in 0..<repetitions {
        var demuxer = TransportStreamDemuxer()
        var index = 0
        while index < ts.count {
            let end = min(index + 65_536, ts.count)
            audioBytes += ((try? demuxer.feed(ts[index..<end])) ?? []).reduce(0) { $0 + $1.data.count }
            index = end
        }
        audioBytes += demuxer.finish().reduce(0) { $0 + $1.data.count }
    }
}
let demuxedMB = Double(ts.count * repetitions) / 1e6

// Decode: the demuxed MP3 decoded to 44.1 kHz stereo s16, 20 times.
do {
    let (_, mp3) = try TransportStreamDemuxer.extractAudio(from: ts)
    var frames = 0
    let passes = 20
    let decodeTime = try clock.measure {
        for _ in 0..<passes { frames += try MP3Decoder.decodeAll(mp3).count / 2 }
    }
    let audioSeconds = Double(frames) / 44_100
    let secondsPerPass = audioSeconds / Double(passes)
    print(String(format: "demux: %.1f MB of MPEG-TS in %.3f s = %.1f MB/s = %.0f× real time (%d audio bytes per pass)",
                 demuxedMB, seconds(demuxTime), demuxedMB / seconds(demuxTime),
                 secondsPerPass * Double(repetitions) / seconds(demuxTime), audioBytes / repetitions))
    print(String(format: "decode: %.1f s of audio in %.3f s = %.0f× real time",
                 audioSeconds, seconds(decodeTime), audioSeconds / seconds(decodeTime)))
} catch {
    FileHandle.standardError.write(Data("MediaBenchmark: \(error)\n".utf8))
    exit(1)
}
