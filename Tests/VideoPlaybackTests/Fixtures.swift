import Foundation
import StreamServer
import TestSupport

/// Test media made at run time with the ffmpeg command line (installed by `scripts/bootstrap.sh test`), once per
/// test process, in a temporary folder: variations of the sample (byte ranges, AES-128, a corrupt segment, a long
/// looped VOD), codecs the sample does not have (HEVC, MP3 audio), a local MP4 file, and reference decodes.
actor VideoFixtures {
    static let shared = VideoFixtures()
    private var made: [String: URL] = [:]
    let root: URL = TestScratch.root.appendingPathComponent("video-fixtures")

    /// The ffmpeg executable on PATH.
    static var ffmpeg: URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent("ffmpeg") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs ffmpeg with `arguments` (TestSupport's process runner: every pipe read to its end, an anti-hang bound);
    /// throws with its stderr when it fails.
    static func ffmpeg(_ arguments: [String]) async throws {
        guard let ffmpeg else { throw FixtureError(description: "ffmpeg not found on PATH (scripts/bootstrap.sh test installs it)") }
        let outcome = try await ProcessRunner.run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-y", "-nostdin"] + arguments)
        guard outcome.status == 0, !outcome.signaled else {
            throw FixtureError(description: "ffmpeg \(arguments.joined(separator: " ")): \(outcome.stderr)")
        }
    }

    private func folder(_ name: String, make: (URL) async throws -> Void) async throws -> URL {
        if let url = made[name] { return url }
        let url = root.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try await make(url)
        made[name] = url
        return url
    }

    private static var sample: URL { PackagePaths.videoSample }

    /// The 240p variant as one file with `EXT-X-BYTERANGE` segments (`index.m3u8`, `all.ts`).
    func byteRanges() async throws -> URL {
        try await folder("byterange") { dir in
            try await Self.ffmpeg(["-i", Self.sample.appendingPathComponent("ts/v240p/index.m3u8").path, "-c", "copy", "-f", "hls",
                                   "-hls_time", "1", "-hls_playlist_type", "vod", "-hls_flags", "single_file",
                                   "-hls_segment_filename", dir.appendingPathComponent("all.ts").path,
                                   dir.appendingPathComponent("index.m3u8").path])
        }
    }

    /// The 240p variant encrypted with AES-128 (`index.m3u8`, `key.bin`, segments).
    func encrypted() async throws -> URL {
        try await folder("aes") { dir in
            let key = Data((0 ..< 16).map { UInt8($0 * 7 + 3) })
            try key.write(to: dir.appendingPathComponent("key.bin"))
            let info = "key.bin\n\(dir.appendingPathComponent("key.bin").path)\n00112233445566778899aabbccddeeff\n"
            try info.write(to: dir.appendingPathComponent("key.info"), atomically: true, encoding: .utf8)
            try await Self.ffmpeg(["-i", Self.sample.appendingPathComponent("ts/v240p/index.m3u8").path, "-c", "copy", "-f", "hls",
                                   "-hls_time", "1", "-hls_playlist_type", "vod",
                                   "-hls_key_info_file", dir.appendingPathComponent("key.info").path,
                                   "-hls_segment_filename", dir.appendingPathComponent("s%02d.ts").path,
                                   dir.appendingPathComponent("index.m3u8").path])
        }
    }

    /// 3 s of HEVC in fMP4 (`hvc1`), 192x108 at 30 fps, with a master playlist naming its CODECS.
    func hevc() async throws -> URL {
        try await folder("hevc") { dir in
            try await Self.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=192x108:rate=30:duration=3",
                                   "-f", "lavfi", "-i", "sine=frequency=500:sample_rate=48000:duration=3",
                                   "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "keyint=30:min-keyint=30:scenecut=0:log-level=error",
                                   "-tag:v", "hvc1", "-c:a", "aac", "-b:a", "48k", "-f", "hls", "-hls_time", "1",
                                   "-hls_playlist_type", "vod", "-hls_segment_type", "fmp4",
                                   "-hls_segment_filename", dir.appendingPathComponent("h%02d.m4s").path,
                                   dir.appendingPathComponent("index.m3u8").path])
            let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=192x108,CODECS=\"hvc1.1.6.L60.90,mp4a.40.2\"\nindex.m3u8\n"
            try master.write(to: dir.appendingPathComponent("master.m3u8"), atomically: true, encoding: .utf8)
        }
    }

    /// 3 s of H.264 with MP3 audio in MPEG-TS.
    func mp3Audio() async throws -> URL {
        try await folder("mp3") { dir in
            try await Self.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=192x108:rate=30:duration=3",
                                   "-f", "lavfi", "-i", "sine=frequency=700:sample_rate=44100:duration=3",
                                   "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-c:a", "libmp3lame", "-b:a", "64k",
                                   "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod",
                                   "-hls_segment_filename", dir.appendingPathComponent("m%02d.ts").path,
                                   dir.appendingPathComponent("index.m3u8").path])
        }
    }

    /// The 360p variant with its audio as one MP4 file.
    func mp4File() async throws -> URL {
        let dir = try await folder("mp4") { dir in
            try await Self.ffmpeg(["-i", Self.sample.appendingPathComponent("ts/v360p/index.m3u8").path, "-c", "copy",
                                   "-bsf:a", "aac_adtstoasc", "-movflags", "+faststart", dir.appendingPathComponent("clip.mp4").path])
        }
        return dir.appendingPathComponent("clip.mp4")
    }

    /// Frame `index` of `media` decoded by ffmpeg as raw 8-bit 4:2:0 (Y, then U, then V).
    static func referenceFrame(_ media: URL, index: Int) async throws -> [UInt8] {
        let out = TestScratch.root.appendingPathComponent("ref-\(UUID().uuidString).yuv")
        defer { try? FileManager.default.removeItem(at: out) }
        try await ffmpeg(["-i", media.path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", "-f", "rawvideo",
                          "-pix_fmt", "yuv420p", out.path])
        return [UInt8](try Data(contentsOf: out))
    }
}

