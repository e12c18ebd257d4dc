import Foundation

/// Playlists made for a test in a folder of its own, from the embedded stream's files (linked, not copied).
public enum PlaylistFixtures {
    /// Writes `radio.m3u8` into `folder`: an audio-only master playlist whose two variants are the embedded stream's
    /// MP3-in-MPEG-TS audio tracks (CODECS `mp4a.40.34`, no RESOLUTION), linked beside it. What a person opening an
    /// audio-only stream hands the player; returns the playlist's file.
    ///
    /// ```swift
    /// let playlist = try PlaylistFixtures.audioOnlyMaster(in: try makeTemporaryDirectory())   // …/radio.m3u8
    /// ```
    @discardableResult
    public static func audioOnlyMaster(in folder: URL) throws -> URL {
        try link(["hls_a64K_v4.m3u8", "hls_a64K.ts", "hls_a192K_v4.m3u8", "hls_a192K.ts"], into: folder)
        let playlist = folder.appendingPathComponent("radio.m3u8")
        try """
            #EXTM3U
            #EXT-X-VERSION:4
            #EXT-X-STREAM-INF:BANDWIDTH=80000,CODECS="mp4a.40.34"
            hls_a64K_v4.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=230000,CODECS="mp4a.40.34"
            hls_a192K_v4.m3u8

            """.write(to: playlist, atomically: true, encoding: .utf8)
        return playlist
    }

    /// Links the embedded stream's whole master (`hls_index.m3u8`: two audio renditions and three tiny video
    /// variants) into `folder` as `name`, with every file it lists; returns the playlist's file.
    @discardableResult
    public static func videoMaster(in folder: URL, name: String = "video.m3u8") throws -> URL {
        try link(["hls_a64K_v4.m3u8", "hls_a64K.ts", "hls_a192K_v4.m3u8", "hls_a192K.ts", "hls_64x36_v4.m3u8", "hls_64x36.ts",
                  "hls_128x72_v4.m3u8", "hls_128x72.ts", "hls_192x108_v4.m3u8", "hls_192x108.ts"], into: folder)
        let playlist = folder.appendingPathComponent(name)
        try FileManager.default.createSymbolicLink(at: playlist, withDestinationURL: PackagePaths.defaultStream.appendingPathComponent("hls_index.m3u8"))
        return playlist
    }

    private static func link(_ names: [String], into folder: URL) throws {
        for name in names where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name),
                                                       withDestinationURL: PackagePaths.defaultStream.appendingPathComponent(name))
        }
    }
}
