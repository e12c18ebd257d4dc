import Foundation
import StreamServer

/// Media as long as the samples list it, from a few seconds of committed media: the videos of the Vimeo and
/// Interlochen samples and the NPR stories last exactly the `duration` their JSON gives, so a video listed "4:21"
/// plays 4:21 and a "3 min" story 3 minutes (issue 30), while the repository keeps 12 s of video and 6 s of story.
///
/// - **Videos** (``videoRoutes(lengths:ladder:)``): `VideoSample/hls/` (12 s that loop without a seam, 3 s segments;
///   scripts/make-video-sample.sh) as one VOD ladder per listed length `L`: `/video/L/master.m3u8`, whose media
///   playlists repeat the ladder's segments, an `EXT-X-DISCONTINUITY` before each new pass (RFC 8216 §4.3.2.3:
///   the timestamps start over), until `L` seconds are listed (`L` a multiple of the 3 s segment; another length
///   is rounded up to the next segment). The segments are served once, at `/video/hls/…`.
/// - **Stories** (``storyRoutes(lengths:loop:)``): an MP3 of `L` seconds at `/npr/audio/story-L.mp3`, the
///   committed loop (MPEG-2 layer III, 24 kHz mono, 32 kbit/s, no Xing frame: every frame 24 ms, so its frames
///   simply follow one another) repeated until `L` seconds are there. A stream player that estimates the length
///   from `Content-Length` and the bit rate gets `L`.
///
/// ```swift
/// let routes = try LoopedMedia.videoRoutes(lengths: [60, 261], ladder: videoSample.appendingPathComponent("hls"))
/// // GET /video/60/master.m3u8 → 3 variants and 2 MP3 renditions, 20 segments each (60 s)
/// ```
public enum LoopedMedia {
    /// Where the looped videos are served: `/video/LENGTH/master.m3u8`.
    public static let videoPrefix = "/video"

    /// The URL path of the looped video `seconds` long.
    public static func videoPath(seconds: Int) -> String { "\(videoPrefix)/\(seconds)/master.m3u8" }

    /// The URL path of the story `seconds` long.
    public static func storyPath(seconds: Int) -> String { "/npr/audio/story-\(seconds).mp3" }

    /// The lengths listed in `file` (a sample's `{"seconds": [...]}`, written by its generator), each at least 1.
    public static func lengths(in file: URL) throws -> [Int] {
        struct Lengths: Decodable { var seconds: [Int] }
        return try JSONDecoder().decode(Lengths.self, from: Data(contentsOf: file)).seconds.filter { $0 > 0 }
    }

    /// Routes serving `ladder` (a folder with `master.m3u8` and one media playlist per rendition in its own folder,
    /// as ffmpeg's HLS muxer writes it) as one VOD ladder per length in `lengths` (see the type's notes).
    public static func videoRoutes(lengths: [Int], ladder: URL) throws -> [Route] {
        let master = try String(contentsOf: ladder.appendingPathComponent("master.m3u8"), encoding: .utf8)
        var renditions: [String: MediaPlaylist] = [:]
        var routes: [Route] = []
        for name in renditionNames(in: master) {
            let folder = ladder.appendingPathComponent(name)
            let playlist = try MediaPlaylist(try String(contentsOf: folder.appendingPathComponent("index.m3u8"), encoding: .utf8))
            renditions[name] = playlist
            for segment in Set(playlist.segments.map(\.uri)) {
                let data = try [UInt8](Data(contentsOf: folder.appendingPathComponent(segment)))
                routes.append(Route(path: "\(videoPrefix)/hls/\(name)/\(segment)",
                                    response: RouteResponse(data: data, contentType: "video/mp2t")))
            }
        }
        for seconds in Set(lengths).sorted() {
            routes.append(Route(path: videoPath(seconds: seconds), response: RouteResponse(string: master, contentType: mpegURL)))
            for (name, playlist) in renditions {
                let text = playlist.looped(seconds: Double(seconds), segmentPrefix: "\(videoPrefix)/hls/\(name)/")
                routes.append(Route(path: "\(videoPrefix)/\(seconds)/\(name)/index.m3u8",
                                    response: RouteResponse(string: text, contentType: mpegURL)))
            }
        }
        return routes
    }

    /// Routes serving the MP3 `loop` (a whole number of frames of one size, no tag) repeated to each length of
    /// `lengths` at ``storyPath(seconds:)`` (see the type's notes).
    public static func storyRoutes(lengths: [Int], loop: [UInt8]) throws -> [Route] {
        guard let seconds = mp3Seconds(loop), seconds > 0 else {
            throw SampleError(message: "the story loop is not a constant-bit-rate MP3")
        }
        return Set(lengths).sorted().map { length in
            let passes = max(1, Int((Double(length) / seconds).rounded(.up)))
            var body: [UInt8] = []
            body.reserveCapacity(loop.count * passes)
            for _ in 0 ..< passes { body += loop }
            return Route(path: storyPath(seconds: length), response: RouteResponse(data: body, contentType: "audio/mpeg"))
        }
    }

    /// The length in seconds of a constant-bit-rate MP3 without tags: its size over its first frame's bit rate
    /// (ISO/IEC 11172-3 and 13818-3 frame headers); nil when it does not start with a frame header.
    static func mp3Seconds(_ data: [UInt8]) -> Double? {
        guard data.count >= 4, data[0] == 0xFF, data[1] & 0xE0 == 0xE0 else { return nil }
        let version = (data[1] >> 3) & 0x03   // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
        let layer = (data[1] >> 1) & 0x03     // 1: layer III
        let index = Int(data[2] >> 4)
        guard layer == 1, index > 0, index < 15 else { return nil }
        let mpeg1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
        let mpeg2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
        let kilobits = version == 3 ? mpeg1[index] : mpeg2[index]
        return Double(data.count) * 8 / Double(kilobits * 1000)
    }

    private static let mpegURL = "application/vnd.apple.mpegurl"

    /// The renditions a master names, in order: the `URI` of each `EXT-X-MEDIA` and the line after each
    /// `EXT-X-STREAM-INF`, each `NAME/index.m3u8`.
    static func renditionNames(in master: String) -> [String] {
        var names: [String] = []
        let lines = master.split(whereSeparator: \.isNewline).map(String.init)
        for (index, line) in lines.enumerated() {
            var uri: String?
            if line.hasPrefix("#EXT-X-MEDIA:"), let start = line.range(of: "URI=\"") {
                uri = line[start.upperBound...].split(separator: "\"").first.map(String.init)
            } else if line.hasPrefix("#EXT-X-STREAM-INF:"), index + 1 < lines.count {
                uri = lines[index + 1]
            }
            if let uri, let name = uri.split(separator: "/").first, uri.hasSuffix("/index.m3u8"), !names.contains(String(name)) {
                names.append(String(name))
            }
        }
        return names
    }

    /// A VOD media playlist as the muxer wrote it: its header lines and its segments.
    struct MediaPlaylist {
        var header: [String] = []
        var segments: [(extinf: String, duration: Double, uri: String)] = []

        init(_ text: String) throws {
            var pending: (String, Double)?
            for line in text.split(whereSeparator: \.isNewline).map(String.init) {
                if line.hasPrefix("#EXTINF:") {
                    let value = line.dropFirst("#EXTINF:".count).split(separator: ",").first.flatMap { Double($0) }
                    guard let value, value > 0 else { throw SampleError(message: "looped media: a bad \(line)") }
                    pending = (line, value)
                } else if line.hasPrefix("#EXT-X-ENDLIST") || line.hasPrefix("#EXT-X-DISCONTINUITY") {
                    continue
                } else if line.hasPrefix("#") {
                    if segments.isEmpty, pending == nil { header.append(line) }
                } else if let info = pending {
                    segments.append((info.0, info.1, line))
                    pending = nil
                }
            }
            guard !segments.isEmpty else { throw SampleError(message: "looped media: a playlist without segments") }
        }

        /// The playlist repeated until `seconds` are listed, a discontinuity before each pass after the first.
        func looped(seconds: Double, segmentPrefix: String) -> String {
            var lines = header
            var listed = 0.0
            var index = 0
            while listed < seconds - 0.001 {
                let segment = segments[index % segments.count]
                if index > 0, index % segments.count == 0 { lines.append("#EXT-X-DISCONTINUITY") }
                lines.append(segment.extinf)
                lines.append(segmentPrefix + segment.uri)
                listed += segment.duration
                index += 1
            }
            lines.append("#EXT-X-ENDLIST")
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
