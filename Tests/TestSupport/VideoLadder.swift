import Foundation
import StreamServer

/// Files of the sample video's TS ladder (``PackagePaths/videoSample``) served under `/long/`, played `loops` times in a row as one VOD stream with an
/// `EXT-X-DISCONTINUITY` between passes (their timestamps start over), and `/long/master.m3u8`.
public func longLadderFiles(loops: Int) throws -> [String: ServedFile] {
    var files: [String: ServedFile] = [:]
    let sample = PackagePaths.videoSample
    var master = "#EXTM3U\n#EXT-X-VERSION:3\n"
    for (name, bandwidth, size, codecs) in [("v240p", 235_400, "426x240", "avc1.4d4015,mp4a.40.2"),
                                            ("v360p", 400_400, "640x360", "avc1.4d401e,mp4a.40.2"),
                                            ("v480p", 730_400, "854x480", "avc1.4d401f,mp4a.40.2")] {
        master += "#EXT-X-STREAM-INF:BANDWIDTH=\(bandwidth),RESOLUTION=\(size),CODECS=\"\(codecs)\"\n\(name)/index.m3u8\n"
        var playlist = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n"
        for loop in 0 ..< loops {
            if loop > 0 { playlist += "#EXT-X-DISCONTINUITY\n" }
            for k in 0 ..< 10 { playlist += "#EXTINF:1.000000,\nseg\(String(format: "%02d", k)).ts\n" }
        }
        playlist += "#EXT-X-ENDLIST\n"
        files["/long/\(name)/index.m3u8"] = ServedFile(string: playlist, contentType: "application/vnd.apple.mpegurl")
        for k in 0 ..< 10 {
            let segment = "seg\(String(format: "%02d", k)).ts"
            let data = [UInt8](try Data(contentsOf: sample.appendingPathComponent("ts/\(name)/\(segment)")))
            files["/long/\(name)/\(segment)"] = ServedFile(data: data, path: "/long/\(name)/\(segment)")
        }
    }
    files["/long/master.m3u8"] = ServedFile(string: master, contentType: "application/vnd.apple.mpegurl")
    return files
}

/// What variant (`v240p`, `v360p`, `v480p`) each segment request of `server` asked for, in the order the server
/// saw them, from the `index`-th request on.
public func ladderVariants(_ server: StreamServer, after index: Int = 0) -> [String] {
    server.statistics.requests.dropFirst(index).filter { $0.path.hasSuffix(".ts") }
        .map { $0.path.split(separator: "/").dropLast().last.map(String.init) ?? "?" }
}
