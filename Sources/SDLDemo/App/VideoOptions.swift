import ArgumentParser
import Foundation
import VideoCore
import VideoPlayback

/// The video player's options (issue 18): `--video URL` opens the player screen on an HLS playlist (master or
/// media) or a local media file, `--start` and `--max-bandwidth` shape the request. With `--app buffs` they name
/// the video the Buff panel floats over (issue 19; the embedded sample without `--video`).
///
/// ```
/// SDLDemo --video http://127.0.0.1:8080/master.m3u8 --start 30 --max-bandwidth 2000000
/// SDLDemo --video                  # the embedded sample video, served on 127.0.0.1
/// SDLDemo --video clip.mp4
/// SDLDemo --app buffs --video http://127.0.0.1:8080/master.m3u8   # the Buff panel over that video
/// ```
struct VideoOptions: ParsableArguments {
    /// What `--video` given without a value means (``SDLDemoCommand/completingVideoOption(_:)`` puts it in).
    static let sample = "sample"

    @Option(help: "Open the video player on an HLS playlist (master or media, http or https) or a local media file; without a value (or `sample`), the embedded sample video, served on 127.0.0.1.")
    var video: String?

    @Option(help: "With --video: start at SECONDS on the playlist's time line (0 is the first segment's start).")
    var start: Double?

    @Option(name: .customLong("max-bandwidth"), help: "With --video: the highest BANDWIDTH (bits per second) the adaptive bitrate may choose.")
    var maxBandwidth: Double?

    @Option(name: .customLong("ffmpeg-log"), help: "How much of FFmpeg's own log to write on stderr (each line `SDLDemo: ffmpeg: …`, terminal-safe): quiet, error, warning, info, verbose or debug (default: $CIRCLEPLAYER_FFMPEG_LOG, else error).")
    var ffmpegLog: String?

    /// Checks the values; whether they go with the rest of the command line (`--start` needs `--video` or
    /// `--app buffs`) is ``SDLDemoCommand/validate()``'s.
    func validate() throws {
        if let start, !start.isFinite || start < 0 { throw ValidationError("--start must be 0 or more seconds") }
        if let ffmpegLog, FFmpegLog.Level(rawValue: ffmpegLog) == nil {
            throw ValidationError("--ffmpeg-log must be one of \(FFmpegLog.Level.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let maxBandwidth, !maxBandwidth.isFinite || maxBandwidth <= 0 {
            throw ValidationError("--max-bandwidth must be more than 0 bits per second")
        }
        if let video, video != Self.sample, !video.isEmpty {
            switch VideoRequest.Source.parse(video) {
            case .hls(let url):
                guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                    throw ValidationError("--video \(video): only http(s) URLs and local files")
                }
            case .file(let path):
                guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("--video \(video): no such file") }
            }
        }
    }

    /// Whether the embedded sample is asked for.
    var wantsSample: Bool { video == Self.sample || video?.isEmpty == true }

    /// The request for `source` (the sample's URL, or what `--video` names).
    func request(source: VideoRequest.Source, title: String?) -> VideoRequest {
        VideoRequest(source: source, startSeconds: start, maxBandwidth: maxBandwidth, title: title)
    }

    /// The request for what `--video` names, or with no URL (or no `--video` at all: `--app buffs`' default) the
    /// embedded sample video, whose server this starts and the caller stops (``AppSample/shutdown()``).
    func served() throws -> (request: VideoRequest, sample: AppSample?) {
        guard let video, !wantsSample else {
            let sample = try AppSample.start(.video)
            return (request(source: .hls(sample.url(for: "/ts/master.m3u8")), title: "Sample video"), sample)
        }
        let source = VideoRequest.Source.parse(video)
        let title = URL(string: source.description)?.lastPathComponent ?? source.description
        return (request(source: source, title: title), nil)
    }
}

extension SDLDemoCommand {
    /// `--video` given as the last argument or followed by another option means the embedded sample: the
    /// argument parser needs a value, so `sample` is put in its place.
    static func completingVideoOption(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            result.append(argument)
            guard argument == "--video" else { continue }
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            if next == nil || next?.hasPrefix("-") == true { result.append(VideoOptions.sample) }
        }
        return result
    }
}
